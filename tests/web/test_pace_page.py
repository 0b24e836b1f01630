"""Every card played is seen: at the default pace, against computer players, the page's trick is
recorded every 100 ms through a whole hand of each game, and every card of every trick was in view
for at least half a second. The hand's end is held with its last trick, which stays reviewable,
and the trick history lists every trick with its leader and winner."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from serverproc import Server
from test_table_page import MY_TURN, act_by_click, until

GAMES = ["piedmont", "sicilian", "taroinche", "taroux"]

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
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(paced_server.alone_with_computers(game))
    page.wait_for_selector("#table .ring")
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
        hold = page.locator("button.call[data-action=hold]")  # a Sicilian bargain held is played
        if hold.count():
            hold.click()
            page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=message["version"])
        else:
            act_by_click(page, message)
    page.wait_for_timeout(PERSON_WAITS_MS)  # the hand's last card, just played, stays in view
    samples = page.evaluate("() => window.samples")
    tricks = message["view"]["tricks"]
    seen = {code: longest_view(samples, code) for trick in tricks for _, code in trick["plays"]}
    assert len(seen) == sum(len(trick["plays"]) for trick in tricks)
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
