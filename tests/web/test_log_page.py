"""The log as a reader follows it: the whole hand, newest line at the bottom and kept in view
while the reader is at the bottom, never pulled down under a reader who scrolled up; its cards
drawn in the pack's own suits with their names, never as codes; a legend of the pack's suits."""

from __future__ import annotations

from typing import Any

from serverproc import Server, http
from test_table_page import act_by_click, state, wait_for_turn

IN_VIEW = """() => {
    const log = document.querySelector("#table .log");
    const last = log.lastElementChild.getBoundingClientRect();
    const box = log.getBoundingClientRect();
    return last.top >= box.top - 1 && last.bottom <= box.bottom + 1;
}"""


def plays(message: dict[str, Any]) -> int:
    return sum(" plays " in line for line in message["log"])


def test_the_newest_line_stays_in_view_and_a_reader_who_scrolled_up_stays_put(
    browser: Any, server: Server
) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(server.alone_with_computers("piedmont"))
    message = wait_for_turn(page, 0)
    decks = http.get(f"{server.base}/api/decks").json()
    deck = next(d for d in decks if d["name"] == message["table"]["deck"])
    names = {card["code"]: card["name"] for card in deck["cards"]}
    while plays(message) < 60:
        act_by_click(page, message)
        message = wait_for_turn(page, 0)
    log = page.locator("#table .log li")
    assert log.count() == len(message["log"])  # the whole hand, not its last lines
    assert page.evaluate(IN_VIEW)

    # every card of the log is a chip named for its card; no line shows a card's code
    for i, line in enumerate(message["log_parts"]):
        cards = [part["card"] for part in line if isinstance(part, dict)]
        chips = log.nth(i).locator(".chip")
        assert chips.evaluate_all("(c) => c.map((x) => x.dataset.code)") == cards
        for n, code in enumerate(cards):
            assert chips.nth(n).get_attribute("aria-label").lower() == names[code].lower()
            assert code not in log.nth(i).inner_text().split()
    legend = page.locator("#table .legend").inner_text()
    assert all(suit["name"] in legend for suit in deck["suits"])

    # a reader scrolls up: the next lines arrive, and he stays where he was
    page.evaluate("() => { document.querySelector('#table .log').scrollTop = 0; }")
    lines = len(message["log"])
    act_by_click(page, message)
    page.wait_for_function("(n) => window.tarocchiTable.message.log.length > n", arg=lines)
    assert page.evaluate("() => document.querySelector('#table .log').scrollTop") == 0
    assert not page.evaluate(IN_VIEW)
    # back at the bottom, the log follows again
    page.evaluate("() => { const l = document.querySelector('#table .log'); l.scrollTop = l.scrollHeight; }")
    message = wait_for_turn(page, 0)
    lines = len(state(page)["log"])
    act_by_click(page, message)
    page.wait_for_function("(n) => window.tarocchiTable.message.log.length > n", arg=lines)
    assert page.evaluate(IN_VIEW)
    page.close()
