"""The lobby gives a link, and a copy button, to each invited person's seat and to no computer
player's: the creator cannot open a computer player's hand from the page either."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from serverproc import Server


def test_the_lobby_shows_links_for_invited_seats_only(
    browser: Any, server: Server, screenshots: Path
) -> None:
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{server.base}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "sicilian")
    for seat, kind in enumerate(["invite", "hard", "invite", "easy"]):
        page.select_option(f"select[name=seat-{seat}]", kind)
    with page.expect_response("**/api/tables") as answer:
        page.click("#create button[type=submit]")
    created = answer.value.json()
    page.wait_for_selector("#created li")
    page.screenshot(path=str(screenshots / "lobby-created-links.png"), full_page=True)
    items = page.locator("#created li")
    assert items.count() == 4
    links = page.locator("#created a").evaluate_all("(a) => a.map((x) => [x.dataset.seat, x.href])")
    tokens = [s["token"] for s in created["seats"] if s["token"]]
    assert [seat for seat, _ in links] == ["0", "2"] and len(tokens) == 2
    assert all(href.endswith(f"#{token}") for (_, href), token in zip(links, tokens, strict=True))
    assert page.locator("#created button").count() == 2  # a copy button per link
    for seat in (1, 3):
        words = items.nth(seat).inner_text()
        assert "computer player" in words and "no link" in words and "#" not in words
    page.close()
