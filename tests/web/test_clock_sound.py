"""The move clock and the turn's sound as a person meets them: when the time limit passes and a
computer player moves in the person's place, a line says so (with the card or the call made)
until the person's own next move; a tone says "your turn" only for a person who turned it on,
and the choice is kept for the next visit."""

from __future__ import annotations

import json
import time
from typing import Any

from serverproc import Server, http
from test_table_page import MY_TURN, act_by_click, state, until
from websockets.sync.client import connect

COUNT_TONES = """
window.tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.tones += 1; return made.call(this); };
"""
"""Counts the tones the page makes (a test cannot listen)."""


def lift_the_limit(server: Server, table: str, creator: str) -> None:
    """The table's creator lifts the time limit (from a connection of their own), so that the
    clock moves no more while the test looks: on a loaded machine 2 s may pass at any turn."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "player": creator}))
        socket.send(json.dumps({"type": "clock", "move_seconds": None}))
        deadline = time.monotonic() + 30
        while True:
            message = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            assert message["type"] != "error", message
            if message["type"] == "state" and message["table"]["move_seconds"] is None:
                return


def test_the_clock_says_when_it_moved_for_you(browser: Any, server: Server) -> None:
    creator = http.post(f"{server.base}/api/players", json={"name": "Clara"}).json()["key"]
    created = http.post(
        f"{server.base}/api/tables",
        json={
            "game": "piedmont",
            "seats": ["invite", "easy", "easy", "easy"],
            "move_seconds": 2,
            "player": creator,
        },
    ).json()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server.base}{created['seats'][0]['link']}")
    first = until(page, 0, f"(m) => ({MY_TURN})(m, 0)")
    assert page.locator(".clock-moved").count() == 0
    # the person does nothing: after 2 s a computer player moves for seat 0
    page.wait_for_function(
        "(v) => window.tarocchiTable.message.version > v && window.tarocchiTable.message.table.clock_moved",
        arg=first["version"],
        timeout=20_000,
    )
    lift_the_limit(server, created["id"], creator)
    page.wait_for_function("() => window.tarocchiTable.message.table.move_seconds === null")
    moved = state(page)["table"]["clock_moved"]
    line = page.locator(".clock-moved")
    assert line.is_visible()
    assert line.inner_text().startswith("Your time ran out: the clock") and line.inner_text().endswith(
        "for you."
    )
    if moved.get("card"):  # a card played or laid aside: drawn as its symbol, never its code
        assert line.locator(".chip").get_attribute("data-code") == moved["card"]
        assert moved["card"] not in line.inner_text().split()
    # the person's own next move: the line goes
    message = until(page, 0, f"(m) => ({MY_TURN})(m, 0)")
    assert page.locator(".clock-moved").is_visible()  # still said at the person's next turn
    act_by_click(page, message)
    page.wait_for_function("() => !window.tarocchiTable.message.table.clock_moved", timeout=20_000)
    assert page.locator(".clock-moved").count() == 0
    page.close()


def test_the_turn_sound_is_off_until_turned_on_and_kept(browser: Any, server: Server) -> None:
    context = browser.new_context()
    context.add_init_script(COUNT_TONES)
    page = context.new_page()
    page.goto(server.alone_with_computers("taroinche"))
    message = until(page, 0, f"(m) => ({MY_TURN})(m, 0)")
    toggle = page.locator("input.sound-toggle")
    assert not toggle.is_checked()
    act_by_click(page, message)
    message = until(page, 0, f"(m, v) => m.version > v && ({MY_TURN})(m, 0)", message["version"])
    assert page.evaluate("() => window.tones") == 0  # two turns came, and no sound: off by default
    toggle.check()
    assert page.evaluate("() => localStorage.getItem('tarocchi.sound')") == "on"
    # The page chimes as it takes in a state (before a test can see that state), but only for a
    # turn that follows others' moves: a second action in a row (the auction won, a call to make)
    # is the same turn going on. Within a few of the person's turns others have moved between.
    for _ in range(6):
        act_by_click(page, message)
        message = until(page, 0, f"(m, v) => m.version > v && ({MY_TURN})(m, 0)", message["version"])
        if page.evaluate("() => window.tones") >= 1:
            break
    assert page.evaluate("() => window.tones") >= 1
    page.reload()  # kept for the next visit
    page.wait_for_selector("#table .ring")
    assert page.locator("input.sound-toggle").is_checked()
    page.locator("input.sound-toggle").uncheck()
    assert page.evaluate("() => localStorage.getItem('tarocchi.sound')") == "off"
    context.close()
