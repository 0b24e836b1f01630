"""Issue 14: against computer players a person takes back his last move with the Undo button,
while the computer players wait; the table is as it was before the move."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from serverproc import Server
from test_table_page import act_by_click, state, wait_for_turn_or_sheet


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    running = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log", undo_seconds=30)
    running.start()
    yield running
    running.stop()


def test_a_person_takes_back_a_move_with_the_undo_button(browser: Any, server: Server) -> None:
    created = httpx.post(
        f"{server.base}/api/tables", json={"game": "taroux", "seats": ["invite"] + ["easy"] * 5}
    ).json()
    page = browser.new_page()
    page.goto(f"{server.base}{created['seats'][0]['link']}")
    before = wait_for_turn_or_sheet(page, 0)
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
