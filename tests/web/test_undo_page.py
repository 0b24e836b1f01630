"""Against computer players a person takes back his last move with the Undo button,
while the computer players wait; the table is as it was before the move."""

from __future__ import annotations

from typing import Any

from serverproc import Server
from test_table_page import act_by_click, state, wait_for_turn

UNDO_SECONDS = 30.0
"""This module's server gives a window long enough that the computer players never answer
before the test's undo (tests/web/conftest.py reads it)."""


def test_a_person_takes_back_a_move_with_the_undo_button(browser: Any, server: Server) -> None:
    link = server.alone_with_computers("taroux")
    page = browser.new_page()
    page.goto(link)
    before = wait_for_turn(page, 0)
    assert not before["sheet"] and page.get_by_role("button", name="Undo").count() == 0
    act_by_click(page, before)
    acted = state(page)
    assert acted["table"]["undo"] is True and acted["view"] != before["view"]
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=acted["version"])
    undone = state(page)
    assert undone["refusal"] is None
    assert undone["view"] == before["view"] and undone["hand"] == before["hand"]
    assert page.get_by_role("button", name="Undo").count() == 0  # nothing of his own is last now
    page.close()
