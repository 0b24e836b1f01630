"""The table at 200% zoom: a 1366 x 768 screen zoomed to 200% is a 683 x 384 CSS-pixel page at
two device pixels a pixel. Nothing needs scrolling sideways, and the hand, the trick, the calls
and the end-of-hand dialog's "Next hand" can each be scrolled to and clicked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from serverproc import Server
from test_table_page import MY_TURN, act_by_click, until

WIDTH, HEIGHT = 683, 384
MINE = f"({MY_TURN})(m, 0)"


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= WIDTH, f"the page is {width} px wide at 200% zoom"


def reachable(page: Any, selector: str) -> None:
    """``selector``'s first element can be scrolled into view and lies within the page's width."""
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 1, (selector, box)
    assert element.is_visible()


@pytest.mark.parametrize("game", ["piedmont", "taroux", "taroinche", "sicilian"])
def test_the_table_works_at_200_percent_zoom(
    browser: Any, server: Server, screenshots: Path, game: str
) -> None:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=2)
    page = context.new_page()
    page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")
    page.goto(server.alone_with_computers(game))
    page.wait_for_selector("#table .hand")
    no_sideways_scroll(page)
    shot = False
    while True:
        message = until(
            page,
            0,
            f"(m) => m.table.over || (Array.isArray(m.table.waiting) && m.view.tricks.length > 0) || {MINE}",
        )
        if message["table"]["waiting"] is not None or message["table"]["over"]:
            break
        no_sideways_scroll(page)
        reachable(page, "#table .trick")
        if page.locator("button.in-hand.legal").count() and not page.locator(".discard").count():
            reachable(page, "button.in-hand.legal")
            if not shot and message["view"]["phase"] == "play":
                page.screenshot(path=str(screenshots / f"{game}-zoom-200.png"))
                shot = True
        elif page.locator("button.call").count():
            reachable(page, "button.call")
        act_by_click(page, message)
    no_sideways_scroll(page)
    reachable(page, "a.record" if message["table"]["over"] else "button.next-hand")  # the dialog's way on
    context.close()
