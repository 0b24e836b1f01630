"""A person in Chromium and a person at the terminal (``tarocchi play LINK``) at one table of a real
server, with two computer players: each plays cards the way they would (a click on a card; a card
typed at the prompt), and each sees the other's: the terminal prints the browser's card, the page
shows the terminal's. Every wait is bounded."""

from __future__ import annotations

import re
import time
from typing import Any

from remoteterm import Terminal, Watcher
from serverproc import Server, http

SECONDS = 180
"""How long the first trick (and a discard before it) may take under load."""


def browser_turn(page: Any) -> str | None:
    """The browser's person acts as a person does: a discard chosen card by card and confirmed, or
    a card clicked. The card played (None: a discard, or not their turn)."""
    message = page.evaluate("() => window.tarocchiTable.message")
    if message["view"]["to_act"] != 0 or not message["legal"]:
        return None
    if page.locator(".discard").count():
        for _ in range(message["table"]["discards"]):
            page.locator("button.in-hand.legal:not(.selected)").first.click()
        page.click("button.confirm-discard")
        page.wait_for_function(f"() => window.tarocchiTable.message.version > {message['version']}")
        return None
    card = page.locator("button.in-hand.legal").first
    code: str = card.get_attribute("data-code")
    card.click()
    page.wait_for_function(f"() => window.tarocchiTable.message.version > {message['version']}")
    return code


def shown_on_page(page: Any, words: str, code: str) -> bool:
    """Whether the page's log shows a line of ``words`` with the card ``code`` drawn in it."""
    lines = page.locator(".log li", has_text=words).filter(has=page.locator(f"[data-code='{code}']"))
    return bool(lines.count())


def test_a_browser_and_a_terminal_at_one_table_see_each_others_cards(browser: Any, server: Server) -> None:
    made = http.post(
        f"{server.base}/api/tables", json={"game": "piedmont", "seats": ["invite", "invite", "easy", "easy"]}
    ).json()
    south, west = made["seats"][0], made["seats"][1]
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    watcher = Watcher(server, made["id"], west["token"])
    terminal = Terminal(f"{server.base}{west['link']}")
    try:
        page = context.new_page()
        page.goto(f"{server.base}{south['link']}")
        page.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 0")
        terminal.wait_for("you are West")
        played: dict[str, str] = {}
        answered = 0
        deadline = time.monotonic() + SECONDS
        while not (
            "south" in played
            and "west" in played
            and f"South plays {played['south']}" in terminal.text()
            and shown_on_page(page, "West plays", played["west"])
        ):
            assert time.monotonic() < deadline, (
                f"no play seen both ways: {played}; the terminal said:\n{terminal.text()[-2000:]}"
            )
            assert terminal.process.poll() is None, terminal.text()[-2000:]
            if "south" not in played and (code := browser_turn(page)):
                played["south"] = code
            forced = re.search(r"West \(you\) plays (\S+)", terminal.text())
            if forced and "west" not in played:  # West's only legal card, played for it at once
                played["west"] = forced.group(1)
            state = watcher.latest()
            if (
                state["view"]["to_act"] == 1
                and terminal.text().count("West> ") > answered
                and "west" not in played
            ):
                answered = terminal.text().count("West> ")
                action = state["view"]["legal_actions"][0]
                terminal.type(action)
                if not action.startswith("discard"):
                    played["west"] = action
            time.sleep(0.1)
        log = page.evaluate("() => window.tarocchiTable.message.log")
        assert f"West plays {played['west']}" in log  # the page's log, as the terminal words it
    finally:
        if terminal.process.poll() is None:  # it waits for its turn, which never comes now
            terminal.process.kill()
        watcher.opened.close()
        context.close()
