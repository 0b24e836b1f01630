"""The browser table against a real ``tarocchi serve``, in Chromium.

A person creates a table in the lobby and clicks through a whole hand against computer players
to the score sheet, for every game and option; two people at one table each see only their own
hand; a reload, and a server killed and restarted, restore the table; a phone's width needs no
horizontal scrolling."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from inplay import keeping_call
from serverproc import Server, http, serving

from tarocchi.core.record import replay
from tarocchi.core.registry import get_game

VARIANTS = [
    ("piedmont", {"good_evil": "trumps"}),
    ("piedmont", {"good_evil": "allegiance"}),
    ("sicilian", {}),
    ("taroinche", {"hands": "5"}),
    ("taroux", {}),
]


def state(page: Any) -> dict[str, Any]:
    """What the page last received (the test reads it to know whose turn it is; it acts by clicks)."""
    message: dict[str, Any] = page.evaluate("() => window.tarocchiTable.message")
    return message


def _wait(page: Any, function: str, arg: object) -> Any:
    """``page.wait_for_function``'s value; on a timeout, an error that shows the table as it stood."""
    try:
        # every 50 ms rather than every frame: a wait spans the computer players' moves
        return page.wait_for_function(function, arg=arg, timeout=30_000, polling=50).json_value()
    except Exception as error:
        m = state(page)
        shown = {k: m[k] for k in ("version", "refusal", "legal")} | {"view": m["view"], "table": m["table"]}
        raise AssertionError(f"the page waited in vain; it shows {json.dumps(shown)[:3000]}") from error


def until(page: Any, seat: int, condition: str, arg: object = None) -> dict[str, Any]:
    """The next state where ``condition`` (a JavaScript function of the message and ``arg``)
    holds, clicking "Next hand" as a person does at each hand's end held for ``seat`` on the way."""
    while True:
        reached = _wait(
            page,
            f"""([seat, arg]) => {{
                const m = window.tarocchiTable && window.tarocchiTable.message;
                if (!m) return false;
                if (({condition})(m, arg)) return {{ ready: m }};
                return (m.table.waiting || []).includes(seat) && {{ next: true }};
            }}""",
            [seat, arg],
        )
        if "ready" in reached:  # the state itself, read in the same round trip as the wait
            ready: dict[str, Any] = reached["ready"]
            return ready
        page.locator("button.next-hand").click()
        page.wait_for_function(
            "(seat) => !(window.tarocchiTable.message.table.waiting || []).includes(seat)", arg=seat
        )


MY_TURN = "(m, seat) => m.view.to_act === seat && m.legal.length > 0"


def wait_for_turn_or_sheet(page: Any, seat: int) -> dict[str, Any]:
    return until(page, seat, f"(m) => m.sheet.length > 0 || ({MY_TURN})(m, {seat})")


def wait_for_turn(page: Any, seat: int) -> dict[str, Any]:
    """The next state where ``seat`` is to act, across hands thrown in unplayed on the way."""
    return until(page, seat, f"(m) => ({MY_TURN})(m, {seat})")


def turn_or_sheet_line(page: Any, seat: int, lines: int) -> dict[str, Any]:
    """The next state where ``seat`` is to act, or where the sheet has more than ``lines`` hands
    (a hand may be thrown in before anyone plays a card)."""
    return until(page, seat, f"(m, n) => m.sheet.length > n || ({MY_TURN})(m, {seat})", lines)


def keeping(message: dict[str, Any]) -> str | None:
    """The call that keeps the page's hand in play (``inplay.keeping_call``), or None."""
    legal = [action["text"] for action in message["legal"]]
    return keeping_call(message["table"]["game"], message["view"], legal)


def act_by_click(page: Any, message: dict[str, Any]) -> str:
    """Click what a person would: the call that keeps the hand in play whatever the deal (its
    button, or typed as a bid), else a raised card, else a call button, else a card offered to
    choose (not in the hand), else type a legal bid."""
    version = message["version"]
    shown = state(page)["refusal"]  # a refusal already on the page answers no action of these
    cards = page.locator("button.in-hand.legal")
    kept = keeping(message)
    if kept is not None:
        button = page.locator(f"button.call[data-action='{kept}']")
        if button.count():
            button.click()
        else:
            page.fill("#action-text", kept)
            page.click("form.bid button[type=submit]")
        what = "call"
    elif page.locator(".discard").count():  # several cards to lay aside: choose them all, confirm once
        due = message["table"]["discards"]
        for chosen in range(due):
            assert page.locator(".discard .count").inner_text().endswith(f"{due - chosen} left")
            page.locator("button.in-hand.legal:not(.selected)").first.click()
        assert page.locator(".discard .set-aside").count() == due
        page.click("button.confirm-discard")
        what = "discard"
        page.wait_for_function("(v) => window.tarocchiTable.message.version >= v", arg=version + due)
    elif cards.count():
        cards.first.click()
        what = "card"
    elif page.locator("button.call").count():
        page.locator("button.call").first.click()
        what = "call"
    elif page.locator("button.card-choice").count():  # a stock's half, a card to rally
        page.locator("button.card-choice").first.click()
        what = "choice"
    else:
        page.fill("#action-text", message["legal"][-1]["text"])
        page.click("form.bid button[type=submit]")
        what = "bid"
    page.wait_for_function(
        "([v, shown]) => window.tarocchiTable.message.version > v"
        " || (window.tarocchiTable.message.refusal || shown) !== shown",
        arg=[version, shown],
    )
    assert state(page)["refusal"] is None, state(page)["refusal"]
    return what


def create_in_lobby(page: Any, base: str, game: str, options: dict[str, str]) -> None:
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", game)
    for name, value in options.items():
        page.select_option(f"select[name={name}]", value)
    page.select_option("select[name=seat-0]", "invite")
    for seat in range(1, get_game(game, options).players):
        page.select_option(f"select[name=seat-{seat}]", "easy")


@pytest.mark.parametrize(
    ("game", "options"), VARIANTS, ids=[f"{g}-{'-'.join(o.values())}" for g, o in VARIANTS]
)
def test_a_person_clicks_through_a_hand_to_the_score_sheet(
    browser: Any, server: Server, screenshots: Path, game: str, options: dict[str, str]
) -> None:
    name = "-".join([game, *options.values()])  # each variant its own screenshots
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")  # still screenshots
    create_in_lobby(page, server.base, game, options)
    page.screenshot(path=str(screenshots / f"{name}-lobby.png"), full_page=True)
    page.click("#create button[type=submit]")
    page.locator("#created a[data-seat='0']").click()
    page.wait_for_selector("#table .ring")
    kinds: list[str] = []
    carded: set[int] = set()  # the hands in which the person played a card
    shot_auction = shot_trick = False
    # the person's calls keep each hand in play (``keeping``), so the first hand is played to its
    # end, and a game has more than one hand: that hand's end shows, not the game's
    message = wait_for_turn_or_sheet(page, 0)
    while not carded & {line["number"] for line in message["sheet"]}:
        assert not message["table"]["over"], f"the game ended with no hand of cards played: {kinds}"
        if message["view"]["to_act"] != 0 or not message["legal"]:  # a hand's end: the next hand
            message = turn_or_sheet_line(page, 0, len(message["sheet"]))
            continue
        if not shot_auction and not page.locator("button.in-hand.legal").count():
            page.screenshot(path=str(screenshots / f"{name}-auction.png"), full_page=True)
            shot_auction = True
        if not shot_trick and message["view"]["trick"] and message["view"]["trick"]["plays"]:
            page.screenshot(path=str(screenshots / f"{name}-trick.png"), full_page=True)
            shot_trick = True
        kinds.append(act_by_click(page, message))
        if kinds[-1] == "card":
            carded.add(message["view"]["hand_number"])
        message = turn_or_sheet_line(page, 0, len(message["sheet"]))
    number = min(carded)
    # the hand's end: a dialog in view with the last trick, the sheet's lines and the totals
    dialog = page.locator(".dialog.hand-end")
    dialog.wait_for()
    sheet = dialog.locator(f"table.hand-sheet[data-hand='{number}']")
    lines = next(line["lines"] for line in message["sheet"] if line["number"] == number)
    assert sheet.locator("tbody tr").count() == len(lines) > 0
    assert "Totals" in sheet.inner_text()
    assert dialog.get_by_role("button", name="Next hand").is_visible()
    # each side's cards won, its seats named as a sentence names them ("A, B and C")
    sides = dialog.locator(".won-cards dt").all_inner_texts()
    assert sides and all(side.rpartition(":")[0].count(" and ") <= 1 for side in sides), sides
    box = dialog.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 300) <= 900  # in view
    page.screenshot(path=str(screenshots / f"{name}-hand-end.png"))
    # the score grid, one click away: a row per finished hand, the hand just played highlighted
    dialog.get_by_role("button", name="Scores").click()
    grid = page.locator("section.grid")
    assert grid.locator("tbody tr").count() == len(message["sheet"])
    assert grid.locator("tbody tr.current th").inner_text() == str(message["view"]["hand_number"])
    assert grid.locator("tfoot td").all_inner_texts() == [str(t) for t in message["sheet"][-1]["totals"]]
    page.screenshot(path=str(screenshots / f"{name}-grid.png"))
    page.close()


def test_an_illegal_card_is_refused_with_the_reason(browser: Any, server: Server) -> None:
    """A dimmed card clicked: the server refuses it and the page shows why, in words. (At the
    start of a Sicilian hand nobody may play a card: the bargain comes first, S3.) Before anyone
    has acted the log says so, until its first line."""
    created = http.post(
        f"{server.base}/api/tables", json={"game": "sicilian", "seats": ["invite"] * 4}
    ).json()
    page = browser.new_page()
    page.goto(f"{server.base}{created['seats'][0]['link']}")
    page.wait_for_selector("#table .ring")
    assert page.locator("button.in-hand.legal").count() == 0
    page.locator("button.in-hand.dim").first.click(force=True)  # dimmed, yet a person may click it
    refusal = page.locator(".refusal")
    refusal.wait_for()
    words = refusal.inner_text()
    if state(page)["view"]["to_act"] == 0:
        assert "bargain" in words.lower() or "card" in words.lower(), words
    else:
        assert "turn" in words, words
    assert state(page)["version"] == 0
    # nothing has happened, and the empty log says so until its first line
    said = "() => getComputedStyle(document.querySelector('#table .log'), '::before').content"
    assert page.evaluate(said) == '"Nothing has happened yet."'
    first = state(page)["view"]["to_act"]
    acting = page
    if first != 0:  # the seat to act, at its own link
        acting = browser.new_page()
        acting.goto(f"{server.base}{created['seats'][first]['link']}")
    act_by_click(acting, wait_for_turn(acting, first))
    page.wait_for_function("() => document.querySelectorAll('#table .log li').length > 0")
    assert page.evaluate(said) == "none"
    if acting is not page:
        acting.close()
    page.close()


def test_two_people_each_see_only_their_own_hand(browser: Any, server: Server) -> None:
    created = http.post(
        f"{server.base}/api/tables", json={"game": "sicilian", "seats": ["invite", "invite", "easy", "easy"]}
    ).json()
    pages = []
    for seat in (0, 1):
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{server.base}{created['seats'][seat]['link']}")
        page.wait_for_selector("#table .hand")
        pages.append(page)
    plays = 0
    deadline = time.monotonic() + 180  # a bound on a stall, not a pace: the computers keep theirs
    while plays < 12:
        assert time.monotonic() < deadline, "the two people's table stopped"
        for seat, page in enumerate(pages):
            message = state(page)
            if message["view"]["to_act"] == seat and message["legal"]:
                act_by_click(page, message)
                plays += 1
            elif seat in (message["table"]["waiting"] or []):  # a hand thrown in: on to the next
                page.locator("button.next-hand").click()
        pages[0].wait_for_timeout(50)
    hands = [
        set(pages[s].locator("#table .hand button").evaluate_all("(b) => b.map((x) => x.dataset.code)"))
        for s in (0, 1)
    ]
    assert hands[0] and hands[1] and not hands[0] & hands[1]
    for seat, page in enumerate(pages):
        text = json.dumps(state(page))
        other = hands[1 - seat]
        assert state(page)["view"]["hand"].split() and not set(state(page)["view"]["hand"].split()) & other
        assert state(page)["table"]["seat"] == seat and "token" not in text
        page.context.close()


def test_a_reload_and_a_restarted_server_restore_the_table(browser: Any, tmp_path: Path) -> None:
    with serving(tmp_path) as own:
        link = own.alone_with_computers("taroinche")
        page = browser.new_page()
        page.goto(link)
        for _ in range(3):
            acted_on = wait_for_turn(page, 0)["version"]
            act_by_click(page, state(page))
        # seat 0 to act again: the computers wait for it, the table is still
        before = until(page, 0, "(m, v) => m.version > v && m.view.to_act === 0", acted_on)
        page.reload()
        page.wait_for_function(
            "(v) => window.tarocchiTable.message && window.tarocchiTable.message.version === v",
            arg=before["version"],
        )
        assert state(page)["view"] == before["view"]
        own.kill()
        page.wait_for_selector("#banner:not([hidden])")
        assert "Connection lost" in page.locator("#banner").inner_text()
        own.start()
        page.wait_for_selector("#banner[hidden]", state="attached", timeout=20_000)
        assert state(page)["version"] == before["version"] and state(page)["view"] == before["view"]
        act_by_click(page, wait_for_turn(page, 0))  # and play goes on
        page.close()


@pytest.mark.parametrize("game", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_a_phone_shows_the_whole_table_without_scrolling_sideways(
    browser: Any, server: Server, screenshots: Path, game: str
) -> None:
    """At 360 px: the table (its trick labels whole, its buttons big enough to tap), the lobby,
    the rules and the cards, none wider than the screen."""
    link = server.alone_with_computers(game)
    page = browser.new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.goto(link)
    page.wait_for_selector("#table .hand")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360, width
    small = page.evaluate(
        """() => [...document.querySelectorAll("#table button, #table select")]
            .filter((b) => b.offsetParent && !b.classList.contains("in-hand"))
            .filter((b) => b.getBoundingClientRect().height < 40)
            .map((b) => b.textContent)"""
    )
    assert small == [], small
    page.screenshot(path=str(screenshots / f"{game}-phone.png"), full_page=True)
    for path, ready in (
        ("/", "body[data-ready=yes]"),
        (f"/rules.html?game={game}", "body[data-ready=yes]"),
        ("/gallery.html", "body[data-ready=yes]"),
    ):
        page.goto(f"{server.base}{path}")
        page.wait_for_selector(ready)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, path
    page.close()


def test_a_whole_game_ends_with_the_winners_and_its_record(browser: Any, server: Server) -> None:
    """Taroinche over five hands: the last trick on demand along the way (the hand's own, or the
    hand before's while no trick of this one is done: a Capot hand stops at the first trick the
    defence wins, B7, so seat 0 may meet no trick of its own hand), the winners named at the end,
    and the record downloaded from the page is one ``tarocchi replay`` accepts."""
    link = server.alone_with_computers("taroinche", hands="5")
    page = browser.new_page()
    page.goto(link)
    looked = False
    while True:
        message = until(page, 0, f"(m) => m.table.over || ({MY_TURN})(m, 0)")
        if message["table"]["over"]:
            break
        last = message["view"]["tricks"][-1] if message["view"]["tricks"] else message["previousTrick"]
        if not looked and last:
            page.click("button.last-trick")
            shown = page.locator(".trick .played").evaluate_all("(p) => p.map((x) => x.dataset.code)")
            assert shown == [code for _, code in last["plays"]]
            page.click("button.last-trick")
            looked = True
        act_by_click(page, message)
    assert looked, "no trick was done before seat 0's last turn"
    dialog = page.locator(".dialog.game-over")
    assert dialog.locator(".over").inner_text().startswith("Game over:")
    standings = dialog.locator(".standings li").all_inner_texts()
    totals = message["sheet"][-1]["totals"]
    assert [int(line.rsplit(": ", 1)[1]) for line in standings] == sorted(totals, reverse=True)
    href = dialog.locator("a.record").get_attribute("href")
    assert href is not None
    record = http.get(f"{server.base}{href}").json()
    summary = replay(record)
    assert summary.complete and summary.hands == 5 and list(summary.totals) == message["sheet"][-1]["totals"]
    page.close()
