"""Against computer players the page offers a hint in words; with other people at the
table it offers none."""

from __future__ import annotations

from typing import Any

from serverproc import Server, http
from test_table_page import state, wait_for_turn


def test_a_person_alone_with_computers_asks_for_a_hint(browser: Any, server: Server) -> None:
    link = server.alone_with_computers("piedmont")
    page = browser.new_page()
    page.goto(link)
    message = wait_for_turn(page, 0)
    legal = [action["text"] for action in message["legal"]]
    page.get_by_role("button", name="Hint").click()
    line = page.locator(".hint-text")
    line.wait_for(timeout=20_000)
    text = line.inner_text()
    assert text.startswith("Hint: ") and any(text.startswith(f"Hint: {action}") for action in legal)
    assert state(page)["version"] == message["version"]  # a hint changes nothing at the table
    page.close()


def test_no_hint_is_offered_at_a_table_with_other_people(browser: Any, server: Server) -> None:
    created = http.post(
        f"{server.base}/api/tables", json={"game": "piedmont", "seats": ["invite", "invite", "easy", "easy"]}
    ).json()
    page = browser.new_page()
    page.goto(f"{server.base}{created['seats'][0]['link']}")
    page.wait_for_function("() => window.tarocchiTable && window.tarocchiTable.message")
    assert state(page)["table"]["hints"] is False
    assert page.get_by_role("button", name="Hint").count() == 0
    page.close()
