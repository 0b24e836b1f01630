"""Trio (``tests/fixture_game``) in the browser, with nothing of the page written for it: at a
real ``tarocchi serve`` that has the game from ``TAROCCHI_GAMES``, a person picks it in the
lobby, sits with two computer players and clicks through a hand to the score sheet, the cards
drawn from the game's own pack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from serverproc import Server
from test_table_page import act_by_click, create_in_lobby, turn_or_sheet_line, wait_for_turn_or_sheet

from tarocchi.core.protocol import Game


def test_a_person_clicks_through_a_hand_of_a_new_game_to_the_score_sheet(
    browser: Any, trio: Game[Any], trio_server: Server, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")
    create_in_lobby(page, trio_server.base, "trio", {})
    assert "Trio" in page.locator("#game").inner_text()
    page.click("#create button[type=submit]")
    page.locator("#created a[data-seat='0']").click()
    page.wait_for_selector("#table .ring")
    message = wait_for_turn_or_sheet(page, 0)
    drawn = {card.get_attribute("data-code") for card in page.locator("button.in-hand").all()}
    assert drawn == set(message["view"]["hand"].split()) and len(drawn) == 5
    kinds: list[str] = []
    while not message["sheet"]:
        if message["view"]["phase"] == "play" and message["view"]["trick"]["plays"] and "card" not in kinds:
            page.screenshot(path=str(screenshots / "trio-trick.png"), full_page=True)
        kinds.append(act_by_click(page, message))
        message = turn_or_sheet_line(page, 0, 0)
    assert "card" in kinds
    dialog = page.locator(".dialog.hand-end")
    dialog.wait_for()
    sheet = dialog.locator("table.hand-sheet[data-hand='1']")
    assert sheet.locator("tbody tr").count() == len(message["sheet"][0]["lines"]) > 0
    assert "card points won in play" in sheet.inner_text()
    page.screenshot(path=str(screenshots / "trio-hand-end.png"))
    page.close()
