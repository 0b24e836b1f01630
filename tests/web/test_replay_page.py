"""The replay viewer in Chromium: a finished game of every game, played to its end at a real
server by computer players, stepped through action by action with every hand face up; a record
opened from a file; and a malformed or foreign file refused in one line, the page still working."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from recorded import engine_record
from serverproc import Server, http
from websockets.sync.client import connect

from tarocchi.core.registry import available_games, get_game

FINISH_SECONDS = 240
"""How long a game of computer players may take to finish at the server under load."""

COUNT_CARDS = """() => {
  const count = (selector) => document.querySelectorAll(selector).length;
  const trick = document.querySelector("#replay .trick .won") ? 0 : count("#replay .trick .played");
  const held = count("#replay .open-hand .chip") + count("#replay .places .chip");
  return held + trick + count("#replay .history li .chip");
}"""
"""Every card the page shows in one place: the hands, the cards aside, the trick in progress, the
tricks won (a trick just won is shown in the middle and listed: counted once)."""

STEP_SHOWN = f"""() => [
  ({COUNT_CARDS})(),
  document.querySelectorAll("#replay .log li.now").length,
  document.querySelectorAll("#replay .log li").length,
  [...document.querySelectorAll("#replay .seat .count")].map((e) => e.textContent),
]"""
"""The cards shown, the log lines marked newest, all the log's lines and each seat's count of
cards and tricks, read in one round trip to the page (a hand is checked at every one of its
steps)."""


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, str]:
    """A finished table of every game, all its seats easy computer players: game -> table id."""
    tables = {}
    for game_id in available_games():
        seats = ["easy"] * get_game(game_id).players
        answer = http.post(f"{server.base}/api/tables", json={"game": game_id, "seats": seats})
        assert answer.status_code == 201, answer.text
        tables[game_id] = answer.json()["id"]
        with connect(f"ws://127.0.0.1:{server.port}/ws/{tables[game_id]}", open_timeout=10) as socket:
            socket.send(json.dumps({"type": "hello"}))  # a spectator's arrival starts the computer players
            assert json.loads(socket.recv(timeout=10))["type"] == "state"
    deadline = time.monotonic() + FINISH_SECONDS
    waiting = set(tables.values())
    while waiting and time.monotonic() < deadline:
        waiting = {t for t in waiting if not http.get(f"{server.base}/api/tables/{t}").json()["over"]}
        time.sleep(0.5)
    assert not waiting, f"games not finished within {FINISH_SECONDS} s: {waiting}"
    return tables


def shown_hands(page: Any) -> list[list[str]]:
    return list(
        page.locator("#replay .seat").evaluate_all(
            "(seats) => seats.map((s) => [...s.querySelectorAll('.open-hand .chip')]"
            ".map((c) => c.dataset.code))"
        )
    )


def assert_dealt(page: Any, deal: dict[str, Any]) -> None:
    """A hand's first step shows its deal: each seat's cards in its hand (a dealer who takes the
    stock at once holds it too), the rest aside."""
    hands = shown_hands(page)
    aside = page.locator("#replay .places .chip").evaluate_all("(chips) => chips.map((c) => c.dataset.code)")
    for seat, cards in enumerate(deal["hands"]):
        assert set(cards.split()) <= set(hands[seat]), f"seat {seat} does not hold its deal"
    every = [code for cards in (*deal["hands"], deal["stock"]) for code in cards.split()]
    assert sorted([*[code for cards in hands for code in cards], *aside]) == sorted(every)


def at(page: Any) -> tuple[int, int]:
    body = page.locator("body")
    return int(body.get_attribute("data-hand")), int(body.get_attribute("data-step"))


def wait_step(page: Any, hand: int, step: int) -> None:
    page.wait_for_selector(f"body[data-hand='{hand}'][data-step='{step}']", timeout=30_000)


@pytest.mark.parametrize("game_id", available_games())
def test_a_finished_game_steps_through_every_hand_face_up(
    browser: Any, server: Server, finished: dict[str, str], game_id: str, screenshots: Path
) -> None:
    table = finished[game_id]
    record = http.get(f"{server.base}/api/tables/{table}/record").json()
    deck_size = len(get_game(game_id).deck.cards)
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.base}/replay.html?id={table}")
    wait_step(page, 1, 0)
    totals = [0] * len(record["players"])
    said: set[str] = set()
    for number, hand in enumerate(record["hands"], 1):
        if number > 1:
            page.select_option("select.hand-choice", str(number - 1))
            wait_step(page, number, 0)
        assert_dealt(page, hand["deal"])
        assert f"Hand {number} of {len(record['hands'])}" in page.locator("#replay .status").inner_text()
        if number == 1:  # the first hand action by action, with the keyboard, every card somewhere
            for step in range(1, len(hand["actions"]) + 1):
                page.keyboard.press("ArrowRight")
                wait_step(page, 1, step)
                cards, marked, lines, counts = page.evaluate(STEP_SHOWN)
                assert cards == deck_size, f"step {step}: a card is missing"
                said.update(counts)
                if step == len(hand["actions"]) // 2:
                    page.screenshot(path=str(screenshots / f"replay-{game_id}.png"), full_page=True)
                seat = hand["actions"][step - 1][0]
                newest = f"step {step} by seat {seat}: the newest line is not marked"
                assert marked == (1 if lines else 0), newest
            page.keyboard.press("ArrowLeft")
            wait_step(page, 1, len(hand["actions"]) - 1)
            # a hand with tricks won: its first trick's winner holds one until the next is won
            if any(re.search(r"· [1-9][0-9]* trick", count) for count in said):
                assert "· 1 trick" in {count[count.index("·") :] for count in said}, said
            assert not [count for count in said if re.search(r"\b1 (cards|tricks)\b", count)]
        page.click("#replay button.end")
        wait_step(page, number, len(hand["actions"]))
        totals = [t + s for t, s in zip(totals, hand["result"]["scores"], strict=True)]
        sheet = page.locator("#replay .hand-sheet .totals")
        assert [int(total) for total in sheet.get_attribute("data-totals").split()] == totals
        assert str(totals[0]) in sheet.inner_text()
        if number == len(record["hands"]):
            page.screenshot(path=str(screenshots / f"replay-{game_id}-end.png"), full_page=True)
    assert totals == record["totals"]
    standings = page.locator("#replay .standings li").all_inner_texts()
    assert sorted(int(line.rsplit(": ", 1)[1]) for line in standings) == sorted(record["totals"])
    assert page.locator("#replay button.forward").is_disabled()
    page.click("#replay button.trick-back")  # the last trick's start: fewer tricks listed
    assert page.locator("#replay .history li").count() < len(record["hands"][-1]["actions"])
    page.select_option("select.hand-choice", "0")
    wait_step(page, 1, 0)
    page.click("#replay button.play")
    page.wait_for_selector("body:not([data-step='0'])", timeout=30_000)
    page.click("#replay button.play")  # pause
    paused = at(page)
    time.sleep(1.5)
    assert at(page) == paused, "still playing after pause"
    assert not errors, errors
    page.close()


def test_a_press_on_pause_held_while_a_step_comes_pauses_the_replay(
    browser: Any, server: Server, finished: dict[str, str]
) -> None:
    """A person's click takes a moment between pressing and letting go: a replay playing on at
    its fast pace (a step every 0.4 s) that takes its next step in that moment still pauses, and
    the button kept under the pointer says so."""
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.add_init_script("localStorage.setItem('tarocchi.replay-speed', 'fast')")
    page.goto(f"{server.base}/replay.html?id={finished['piedmont']}")
    wait_step(page, 1, 0)
    page.click("#replay button.play")
    page.wait_for_selector("body:not([data-step='0'])", timeout=30_000)
    box = page.locator("#replay button.play").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    pressed = at(page)
    page.wait_for_function("(s) => document.body.dataset.step !== s", arg=str(pressed[1]), timeout=30_000)
    page.mouse.up()
    paused = at(page)
    time.sleep(1.5)  # three steps at the fast pace
    assert at(page) == paused, "still playing after pause"
    play = page.locator("#replay button.play")
    assert (play.inner_text(), play.get_attribute("aria-label")) == ("▶ Play", "play on by itself")
    page.close()


def test_the_game_over_dialog_links_to_the_replay(
    browser: Any, server: Server, finished: dict[str, str], screenshots: Path
) -> None:
    table = finished["sicilian"]
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{server.base}/table.html?id={table}")
    page.click(".dialog.game-over a.replay", timeout=30_000)
    page.wait_for_url(f"**/replay.html?id={table}")
    wait_step(page, 1, 0)
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-hand='2'][data-step='0']", timeout=30_000)
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("body[data-hand='1']:not([data-step='0'])", timeout=30_000)
    page.close()


def open_file(page: Any, name: str, content: bytes) -> None:
    with page.expect_response("**/api/replay"):
        file = {"name": name, "mimeType": "application/json", "buffer": content}
        page.set_input_files("#record-file", files=[file])


def said_of(page: Any, name: str) -> str:
    """The problem line once the page has put the refusal of file ``name`` in it (the answer
    arrives before the page has shown it)."""
    shown = (
        "name => { const p = document.querySelector('#problem');"
        " return p && p.offsetParent !== null && p.innerText.includes(name); }"
    )
    page.wait_for_function(shown, arg=name, timeout=30_000)
    words: str = page.locator("#problem").inner_text()
    return words


def test_a_record_file_is_opened_and_a_bad_one_refused_in_one_line(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.base}/replay.html")
    page.wait_for_selector("#replay p")
    problem = page.locator("#problem")

    open_file(page, "broken.json", b'{"format": "tarocchi-record", "hands": [')
    words = said_of(page, "broken.json")
    assert words.startswith("broken.json: not a record: not JSON"), words

    open_file(page, "foreign.json", json.dumps({"format": "somebody-else", "moves": [1, 2]}).encode())
    assert "not a tarocchi record" in said_of(page, "foreign.json")

    record = engine_record("taroinche")
    hand = next(h for h in record["hands"] if len(h["actions"]) > 1)
    seat, _ = hand["actions"][1]
    hand["actions"][1] = [seat, "play T99"]
    open_file(page, "tampered.json", json.dumps(record).encode())
    words = said_of(page, "tampered.json")
    assert f"hand {hand['number']}, action 2" in words and "tampered.json" in words, words
    assert page.locator("#replay .ring").count() == 0

    good = engine_record("piedmont")
    open_file(page, "piedmont.json", json.dumps(good, indent=1).encode())
    wait_step(page, 1, 0)
    assert not problem.is_visible()
    assert_dealt(page, good["hands"][0]["deal"])
    page.keyboard.press("PageDown")
    wait_step(page, 2, 0)
    assert not errors, errors
    page.close()
