"""Issue 14: a rules page for each game, the text of docs/rules as the browser shows it.

The page reads a copy of docs/rules/<game>.md served with the page (an installed package has no
docs/ folder); this test keeps the copies identical to the docs, and reads each page in Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server

from tarocchi.core.registry import available_games
from tarocchi.web import STATIC

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game", available_games())
def test_the_page_copy_is_the_rules_text(game: str) -> None:
    copy = STATIC / "rules" / f"{game}.md"
    assert copy.read_text(encoding="utf-8") == (DOCS / f"{game}.md").read_text(encoding="utf-8"), (
        f"{copy} differs from docs/rules/{game}.md: cp docs/rules/{game}.md {copy}"
    )


@pytest.mark.parametrize("game", available_games())
def test_each_rules_page_reads_in_the_browser(browser: Any, server: Server, game: str) -> None:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{server.base}/rules.html?game={game}")
    page.wait_for_selector("body[data-ready=yes]")
    title = text.splitlines()[0].removeprefix("# ")
    assert page.locator("article h1").inner_text() == title
    headings = [line.lstrip("#").strip() for line in text.splitlines() if re.match(r"^#{2,4} ", line)]
    shown = page.locator("article h2, article h3, article h4").all_inner_texts()
    assert shown == [re.sub(r"[`*]", "", h) for h in headings]
    items = len(re.findall(r"^(?:[-*]|\d+\.) ", text, re.M))
    assert page.locator("article li").count() == items
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.close()
