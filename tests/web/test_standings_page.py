"""In Chromium, a friend invited by link and the table's creator: the guest, without a name, leaves
and takes back the seat a computer player was given; chooses a name at the table (markup shown as
text), is refused one that imitates the creator's, renames themselves; the game played out, the
creator's history lists it with its standings and opens its replay, and the leaderboard (linked
from the lobby) rates both and the computer level. At 1366x768 and at 360x740, nothing wider than
the screen; the screenshots are looked at."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server
from test_around_page import PLAY, named

from tarocchi.server.around import GRACE_VARIABLE

GIA = "<b>Gia</b>"
WIDE = {"width": 1366, "height": 768}
NARROW = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def graced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server where a person away 1 s may be replaced (the default grace is a minute)."""
    folder = tmp_path_factory.mktemp("standings")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(GRACE_VARIABLE, "1")
        running = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log")
        running.start()
    yield running
    running.stop()


def fits(page: Any) -> None:
    """Nothing on the page is wider than the screen (no sideways scrolling)."""
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def around_text(page: Any) -> str:
    text: str = page.inner_text("#around")
    return text


def test_a_guest_by_link_reclaims_names_themselves_and_the_game_is_rated(
    browser: Any, graced_server: Server, screenshots: Path
) -> None:
    base = graced_server.base
    anna_ctx, gia_ctx = browser.new_context(viewport=WIDE), browser.new_context(viewport=NARROW)
    try:
        anna = named(anna_ctx, base, "Anna")
        anna.select_option("#game", "sicilian")
        for seat, kind in enumerate(["me", "invite", "easy", "easy"]):
            anna.select_option(f"select[name=seat-{seat}]", kind)
        anna.click("#create button[type=submit]")
        link = anna.get_attribute("#created a[data-seat='1']", "href")
        anna.click("a.my-seat")
        anna.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 0")

        # the guest by the link alone, without a name, leaves; Anna seats a computer player
        gia = gia_ctx.new_page()
        gia.goto(f"{base}{link}")
        gia.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 1")
        gia.wait_for_selector("#choose-name")
        gia.close()
        replace = anna.locator("#around li[data-seat='1'] button.replace")
        replace.click(timeout=20_000)
        anna.wait_for_function("() => window.tarocchiTable?.message?.table.seats[1].kind === 'medium'")

        # back by the same link: a spectator until she takes her seat back
        gia = gia_ctx.new_page()
        gia.goto(f"{base}{link}")
        gia.click("#reclaim", timeout=20_000)
        gia.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 1")
        anna.wait_for_function("() => window.tarocchiTable?.message?.table.seats[1].kind === 'invite'")

        # a name chosen at the table: one imitating Anna's refused, then hers, shown as text
        gia.fill("#choose-name input", "ANNA")
        gia.click("#choose-name button[type=submit]")
        gia.wait_for_selector("#you-here .refusal")
        assert "reads as 'Anna'" in gia.inner_text("#you-here .refusal")
        assert gia.evaluate("() => window.tarocchiTable.message.table.names[1]") is None
        gia.wait_for_selector("#choose-name")
        gia.fill("#choose-name input", GIA)
        gia.click("#choose-name button[type=submit]")
        gia.wait_for_selector("#my-name")
        assert gia.inner_text("#my-name") == GIA
        anna.wait_for_function(
            f"() => document.querySelector('#around').textContent.includes({GIA!r} + ' (West)')"
        )
        assert anna.locator("#around b, #table b").count() == 0
        gia.click("#rename")
        gia.fill("#rename-form input", f"{GIA} B")
        gia.click("#rename-form button[type=submit]")
        anna.wait_for_function(
            f"() => document.querySelector('#around').textContent.includes({GIA!r} + ' B (West)')"
        )
        gia.screenshot(path=str(screenshots / "table-named-guest-360.png"), full_page=True)
        fits(gia)

        # the game played out by both pages
        for page in (anna, gia):
            page.evaluate(PLAY)
        for page in (anna, gia):
            page.wait_for_function(
                "() => window.tarocchiTable?.message?.table.over === true", timeout=240_000, polling=200
            )
        table_id = anna.evaluate("() => window.tarocchiTable.message.table.id")
        totals = anna.evaluate("() => window.tarocchiTable.message.sheet.at(-1).totals")

        # Anna's history: the game, each seat's total, and its replay
        for size, name in ((WIDE, "history.png"), (NARROW, "history-360.png")):
            anna.set_viewport_size(size)
            anna.goto(f"{base}/")
            anna.click("#history-link")
            game = anna.locator(f"li.past-game[data-table='{table_id}']")
            game.wait_for(timeout=20_000)
            text = game.inner_text()
            assert "Anna (South)" in text and f"{GIA} B (West)" in text and "computer, easy" in text
            assert [int(t) for t in game.locator(".total").all_inner_texts()] == sorted(totals, reverse=True)
            assert anna.inner_text("#ratings-line").startswith("Ratings: The Sicilian game ")
            anna.screenshot(path=str(screenshots / name), full_page=True)
            fits(anna)
        game.locator("a.replay-link").click()
        anna.wait_for_url(f"**/replay.html?id={table_id}")
        anna.wait_for_selector("body[data-hand='1'][data-step='0']", timeout=20_000)

        # the leaderboard from the lobby: both people and the easy level, one game each
        for size, name in ((WIDE, "leaderboard.png"), (NARROW, "leaderboard-360.png")):
            anna.set_viewport_size(size)
            anna.goto(f"{base}/")
            anna.click("#leaderboard-link")
            anna.wait_for_selector("body[data-ready=yes]")
            anna.select_option("#board-game", "sicilian")
            rows = anna.locator("table.board[data-game='sicilian'] tbody tr")
            rows.first.wait_for()
            lines = {row.locator("td.who").inner_text(): row for row in rows.all()}
            assert set(lines) == {"Anna", f"{GIA} B", "computer (easy)"}
            assert all(row.locator("td").nth(3).inner_text() == "1" for row in lines.values())
            assert anna.locator("table.board b").count() == 0
            # one game each from newcomers: the better total, the higher rating and place; an
            # equal total, an equal rating (the two then listed by name)
            order = [row.locator("td.who").inner_text() for row in rows.all()]
            anna_rating, gia_rating = (
                int(lines[name].locator("td.rating").inner_text()) for name in ("Anna", f"{GIA} B")
            )
            assert (anna_rating > gia_rating) == (totals[0] > totals[1]), (totals, order)
            assert (anna_rating == gia_rating) == (totals[0] == totals[1]), (totals, order)
            if totals[0] != totals[1]:
                assert (order.index("Anna") < order.index(f"{GIA} B")) == (totals[0] > totals[1])
            anna.screenshot(path=str(screenshots / name), full_page=True)
            fits(anna)
        # renamed in the lobby, Anna is listed by her name now
        anna.goto(f"{base}/")
        anna.wait_for_selector("body[data-ready=yes]")
        anna.click("#rename")
        anna.fill("#rename-form input", "Anna M")
        anna.click("#rename-form button[type=submit]")
        anna.wait_for_function("() => document.querySelector('#my-name')?.textContent === 'Anna M'")
        anna.click("#leaderboard-link")
        anna.wait_for_selector("body[data-ready=yes]")
        anna.select_option("#board-game", "sicilian")
        assert "Anna M" in anna.locator("table.board[data-game='sicilian'] td.who").all_inner_texts()
        keys = [
            page.evaluate("() => JSON.parse(localStorage.getItem('tarocchi.player')).key")
            for page in (anna, gia)
        ]
        assert keys[1] not in anna.content() and keys[0] not in gia.content()
        assert all(key not in graced_server.log.read_text() for key in keys)
    finally:
        for context in (anna_ctx, gia_ctx):
            context.close()
