"""Cards as symbols, never as codes, wherever the engine's words name them: a Taroinche hand
played by clicks to its end, whose score sheet always names the two cards of the dog or of the
taker's discard (B4). In the end-of-hand dialog those cards are chips in the pack's own suits,
and no word of the dialog, the sheet, the public facts or the log is a card code; what lay face
down is turned up for all as cards."""

from __future__ import annotations

import re
from typing import Any

from serverproc import Server
from test_table_page import MY_TURN, act_by_click, until

from tarocchi.core.registry import get_game

CODES = {card.code for card in get_game("taroinche").deck.cards}


def codes_in(text: str) -> set[str]:
    """The words of ``text`` that are card codes of the Taroinche pack."""
    return set(re.findall(r"[A-Za-z0-9]+", text)) & CODES


def test_the_sheet_and_the_facts_draw_cards_as_symbols(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")
    page.goto(server.alone_with_computers("taroinche"))
    while True:
        message = until(page, 0, f"(m) => Array.isArray(m.table.waiting) || ({MY_TURN})(m, 0)")
        if message["table"]["waiting"] is not None:
            if message["view"]["tricks"]:
                break
            page.locator("button.next-hand").click()  # thrown in: the next hand
            page.wait_for_function(
                "(n) => window.tarocchiTable.message.view.hand_number > n", arg=message["view"]["hand_number"]
            )
            continue
        act_by_click(page, message)
    dialog = page.locator(".dialog.hand-end")
    dialog.wait_for()
    hand = next(h for h in message["sheet"] if h["number"] == message["view"]["hand_number"])
    (line,) = [line for line in hand["lines"] if "the dog" in line["label"] or "discard" in line["label"]]
    named = codes_in(line["label"])
    assert len(named) == 2, line
    row = dialog.locator("table.hand-sheet tbody th", has_text=re.compile("dog|discard"))
    assert set(row.locator(".chip").evaluate_all("(c) => c.map((x) => x.dataset.code)")) == named
    assert row.locator(".chip").first.get_attribute("aria-label")  # a name for screen readers
    assert not codes_in(dialog.inner_text()), dialog.inner_text()
    # what lay face down, turned up for everyone at the hand's end: drawn as the pack's cards
    turned = message["view"]["facts"]["turned_up"].split()
    assert len(turned) == 2
    page.get_by_role("button", name="Look at the table").click()
    shown = page.locator('.shown figure[data-label="turned up at the hand\'s end"] svg.card')
    assert shown.evaluate_all("(c) => c.map((x) => x.dataset.code)") == turned
    assert not codes_in(page.locator(".facts").inner_text())
    assert not codes_in(page.locator(".log").inner_text())  # nor the engine's notes in the log
    # each line says what the log says, word for word, each card a chip where its code stood
    read = page.locator(".log li").evaluate_all(
        """(lines) => lines.map((line) => {
            const copy = line.cloneNode(true);
            copy.querySelectorAll(".chip").forEach((chip) => chip.replaceWith(chip.dataset.code));
            return copy.textContent;
        })"""
    )
    assert read == page.evaluate("() => window.tarocchiTable.message.log")
    page.close()
