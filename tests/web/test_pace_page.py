"""Every card played is seen: at the default pace, against computer players, the page's trick is
recorded every 100 ms, and every card of every trick it watched was in view for at least half a
second: a whole hand of Taroinche, the last tricks of each other game's hand (the pace is the
server's, the same for every trick and game; a whole hand at the real pace takes over a minute).
The hand's end is held with its last trick, which stays reviewable, and the trick history lists
every trick with its leader and winner."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from inplay import keeping_call
from remoteterm import new_table
from serverproc import Seat, Server
from test_table_page import MY_TURN, act_by_click, until
from websockets.sync.client import ClientConnection, connect

GAMES = ["piedmont", "sicilian", "taroinche", "taroux"]

WHOLE_HAND = "taroinche"
"""The game whose whole hand the page watches at the real pace (its hand is the shortest)."""

LAST_TRICKS = 2
"""The tricks the page watches of the other games' hands: trick after trick, then the hand's end."""

RECORD = """() => {
    window.samples = [];
    setInterval(() => {
        const shown = [...document.querySelectorAll("#table .trick:not(.review) .played")]
            .filter((card) => Number(getComputedStyle(card).opacity) > 0.5)
            .map((card) => card.dataset.code);
        window.samples.push([performance.now(), shown]);
    }, 100);
}"""

PERSON_WAITS_MS = 900
"""A person takes a moment before each move (the test clicks no faster)."""


class _Socket:
    """A websocket to a real server, as :class:`serverproc.Seat` reads one."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def receive_text(self) -> str:
        return str(self.connection.recv())


def play_to_the_last_tricks(connection: ClientConnection, token: str) -> None:
    """Seat 0 played by the test's own connection, which asks no pace (the computer players answer
    at once), until it is to play with ``LAST_TRICKS`` cards left."""
    seat = Seat(_Socket(connection))
    seat.send({"type": "hello", "token": token})
    rng = random.Random(0)  # which legal action the test takes; the deal is the server's
    while True:
        state = seat.next_state()
        view = state["view"]
        legal = [action["text"] for action in state["present"]["legal"]]
        if view["to_act"] == 0 and legal:
            if view["phase"] == "play" and view["hand_sizes"][0] <= LAST_TRICKS:
                return
            kept = keeping_call(state["table"]["game"], view, legal)  # the hand is played, whatever the deal
            seat.send({"type": "act", "action": kept or rng.choice(legal), "version": state["version"]})


def longest_view(samples: list[tuple[float, list[str]]], code: str) -> float:
    """The longest run of samples showing ``code``, in milliseconds from its first to its last."""
    best = 0.0
    start = None
    for at, shown in samples:
        if code in shown:
            start = at if start is None else start
            best = max(best, at - start)
        else:
            start = None
    return best


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_trick_is_seen_at_the_default_pace(
    browser: Any, paced_server: Server, screenshots: Path, game: str
) -> None:
    table, token, link = new_table(paced_server, game)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    with ExitStack() as fast:  # closed once the page is at the seat: the seat stays online
        if game != WHOLE_HAND:
            socket = f"ws://127.0.0.1:{paced_server.port}/ws/{table}"
            play_to_the_last_tricks(fast.enter_context(connect(socket, open_timeout=10)), token)
        page.goto(link)
        page.wait_for_selector("#table .ring")
    first = len(page.evaluate("() => window.tarocchiTable.message.view.tricks"))
    assert page.locator("select.pace").input_value() == "normal"
    page.evaluate(RECORD)
    shot = False
    while True:
        message = until(page, 0, f"(m) => Array.isArray(m.table.waiting) || ({MY_TURN})(m, 0)")
        if message["table"]["waiting"] is not None:
            if message["view"]["tricks"]:
                break
            page.locator("button.next-hand").click()  # a hand thrown in unplayed: on to the next
            page.wait_for_function(
                "(n) => window.tarocchiTable.message.view.hand_number > n", arg=message["view"]["hand_number"]
            )
            continue
        if not shot and message["view"]["trick"] and len(message["view"]["trick"]["plays"]) >= 2:
            page.screenshot(path=str(screenshots / f"{game}-paced-trick.png"))
            shot = True
        page.wait_for_timeout(PERSON_WAITS_MS)
        act_by_click(page, message)  # a call that keeps the hand in play: it is played, whatever the deal
    page.wait_for_timeout(PERSON_WAITS_MS)  # the hand's last card, just played, stays in view
    samples = page.evaluate("() => window.samples")
    tricks = message["view"]["tricks"]
    watched = tricks[first:]
    assert len(watched) == (len(tricks) if game == WHOLE_HAND else LAST_TRICKS)
    seen = {code: longest_view(samples, code) for trick in watched for _, code in trick["plays"]}
    assert len(seen) == sum(len(trick["plays"]) for trick in watched)
    short = {code: ms for code, ms in seen.items() if ms < 500}
    assert not short, f"cards in view less than 0.5 s: {short}"

    # the hand's end: the history lists every trick, leader and winner; the last trick stays
    names = message["table"]["seat_names"]
    page.get_by_role("button", name="Look at the table").click()
    page.locator(".history summary").click()
    items = page.locator(".history li")
    assert items.count() == len(tricks)
    for i, trick in enumerate(tricks):
        text = items.nth(i).inner_text()
        assert text.startswith(f"{names[trick['leader']]} led") and f"won by {names[trick['winner']]}" in text
        assert items.nth(i).locator(".chip").count() == len(trick["plays"])
    page.click("button.last-trick")
    shown = page.locator(".trick.review .played").evaluate_all("(p) => p.map((x) => x.dataset.code)")
    assert shown == [code for _, code in tricks[-1]["plays"]]
    page.close()
