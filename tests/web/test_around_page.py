"""Two friends and a spectator, each in a browser of their own (three Playwright contexts): names
chosen in the lobby, a public table joined from the list with one click, the spectators' link, chat
(a name and a line holding markup shown as text), a friend who leaves replaced by a computer
player and taking the seat back, and play again at the end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server, serving

from tarocchi.server.around import GRACE_VARIABLE

BRUNO = "<i>Bruno</i>"
MARKUP = "<b>bold?</b><script>window.pwned = 1</script>"

PLAY = """() => {
  // The person plays the first legal action on their turn and is ready for each next hand,
  // through the page's own socket (the page's code, not a second connection).
  const page = window.tarocchiTable;
  setInterval(() => {
    const m = page.message;
    if (!m || m.table.seat === null) return;
    const held = m.table.waiting && m.table.waiting.includes(m.table.seat);
    if (held) page.sendMessage({ type: "next", hand: m.view.hand_number });
    else if (m.view.to_act === m.table.seat && m.legal.length && m.sentAt !== m.version) {
      m.sentAt = m.version;
      page.send(m.legal[0].text);
    }
  }, 150);
}"""


@pytest.fixture(scope="module")
def graced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server where a person away 2 s may be replaced (the default grace is a minute)."""
    with serving(tmp_path_factory.mktemp("around"), env={GRACE_VARIABLE: "2"}) as running:
        yield running


def named(context: Any, base: str, name: str) -> Any:
    """A lobby page in ``context`` where the person chose ``name``."""
    page = context.new_page()
    page.goto(f"{base}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.fill("#name", name)
    page.click("#name-form button[type=submit]")
    page.wait_for_selector("#my-name")
    assert page.inner_text("#my-name") == name
    return page


def seat_of(page: Any) -> Any:
    return page.evaluate("() => window.tarocchiTable.message.table.seat")


def test_two_friends_and_a_spectator_around_a_table(
    browser: Any, graced_server: Server, screenshots: Path
) -> None:
    base = graced_server.base
    anna_ctx, bruno_ctx, watcher_ctx = (
        browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(3)
    )
    try:
        anna = named(anna_ctx, base, "Anna")
        anna.select_option("#game", "sicilian")
        for seat, kind in enumerate(["me", "invite", "easy", "medium"]):
            anna.select_option(f"select[name=seat-{seat}]", kind)
        anna.check("#public")
        with anna.expect_response("**/api/tables") as answer:
            anna.click("#create button[type=submit]")
        table_id = answer.value.json()["id"]
        anna.click("a.my-seat")
        anna.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 0")

        bruno = named(bruno_ctx, base, BRUNO)
        listed = bruno.locator(f"li.open-table[data-table='{table_id}']")
        listed.wait_for()
        assert "Anna" in listed.inner_text() and "computer, medium" in listed.inner_text()
        assert listed.locator("a.watch").get_attribute("href") == f"/table.html?id={table_id}"
        bruno.screenshot(path=str(screenshots / "lobby-open-tables.png"), full_page=True)
        listed.locator("button.join").click()
        bruno.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 1")

        # names at the seats, as text: the markup in Bruno's name is characters, not an element
        anna.wait_for_function(
            f"() => document.querySelector('#around').textContent.includes({BRUNO!r} + ' (West)')"
        )
        assert anna.locator("#table i, #around i").count() == 0
        assert BRUNO + " (West)" in anna.inner_text("#table")

        watch = anna.get_attribute("#watch-link", "href")
        assert watch == f"{base}/table.html?id={table_id}"
        watcher = watcher_ctx.new_page()
        watcher.goto(watch)
        watcher.wait_for_function("() => window.tarocchiTable?.message?.table.seat === null")

        # chat: the players' room to everyone, the spectators' to spectators alone; before the
        # first line, the empty list says so
        said = "() => getComputedStyle(document.querySelector('#chat .chat-lines'), '::before').content"
        assert bruno.evaluate(said) == '"Nothing said yet."'
        bruno.fill("#chat input[name=say]", MARKUP)
        bruno.click("#chat button[type=submit]")
        for page in (anna, bruno, watcher):
            page.wait_for_selector("#chat .said")
            assert page.inner_text("#chat .said") == MARKUP
            assert page.inner_text("#chat .who") == BRUNO
            assert page.locator("#chat b, #chat i, #chat script").count() == 0
            assert page.evaluate("() => window.pwned") is None
            assert page.evaluate(said) == "none"
        watcher.fill("#chat input[name=say]", "go Anna")
        watcher.click("#chat button[type=submit]")
        watcher.wait_for_function("() => document.querySelectorAll('#chat .said').length === 2")
        anna.fill("#chat input[name=say]", "thanks")
        anna.click("#chat button[type=submit]")
        bruno.wait_for_function("() => document.querySelectorAll('#chat .said').length === 2")
        assert "go Anna" not in bruno.inner_text("#chat") and "go Anna" not in anna.inner_text("#chat")

        anna.screenshot(path=str(screenshots / "around-table.png"), full_page=True)

        # Bruno leaves; after the grace time Anna, the creator, seats a computer player for him
        bruno.close()
        replace = anna.locator("#around li[data-seat='1'] button.replace")
        replace.wait_for(timeout=20_000)
        replace.click()
        anna.wait_for_function("() => window.tarocchiTable?.message?.table.seats[1].kind === 'medium'")
        assert "West · computer, medium" in anna.inner_text("#around")

        # he comes back and takes his seat back
        bruno = bruno_ctx.new_page()
        bruno.goto(f"{base}/table.html?id={table_id}")
        bruno.click("#reclaim", timeout=20_000)
        bruno.wait_for_function("() => window.tarocchiTable?.message?.table.seat === 1")
        anna.wait_for_function(
            f"() => document.querySelector('#around').textContent.includes({BRUNO!r} + ' (West)')"
        )

        # the game played out, both say play again, and both land at the new table; the watcher
        # steps away meanwhile (a third page drawing every move) and comes back by the link
        watcher.close()
        first_dealer = anna.evaluate("() => window.tarocchiTable.message.view.dealer")
        for page in (anna, bruno):
            page.evaluate(PLAY)
        # Bruno's press on play again is held while Anna's word redraws his panel: on release it
        # is still his button he clicks
        pressed = bruno.locator("#play-again")
        pressed.wait_for(timeout=180_000)
        pressed.scroll_into_view_if_needed()
        box = pressed.bounding_box()
        assert box is not None
        bruno.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        bruno.mouse.down()
        anna.click("#play-again", timeout=180_000)
        heard = "() => document.querySelector('#around .again p').textContent.includes('Anna')"
        bruno.wait_for_function(heard)  # his panel drawn again, the press still held
        bruno.mouse.up()
        for page in (anna, bruno):
            page.wait_for_url(lambda url: table_id not in url, timeout=60_000)
            page.wait_for_function("() => (window.tarocchiTable?.message?.table.seat ?? null) !== null")
        assert seat_of(anna) == 0 and seat_of(bruno) == 1
        assert anna.url == bruno.url
        new = anna.evaluate("() => window.tarocchiTable.message")
        assert new["table"]["names"][:2] == ["Anna", BRUNO] and new["view"]["hand_number"] == 1
        assert new["view"]["dealer"] == (first_dealer + 1) % 4

        watcher = watcher_ctx.new_page()
        watcher.goto(watch)
        watcher.wait_for_function("() => window.tarocchiTable?.message?.table.over === true")

        # the players' keys are secrets: in no page of another person, and not in the server's log
        keys = [
            page.evaluate("() => JSON.parse(localStorage.getItem('tarocchi.player')).key")
            for page in (anna, bruno)
        ]
        assert all(len(key) >= 43 for key in keys)
        log = graced_server.log.read_text()
        for key in keys:
            assert key not in log
        assert (
            keys[0] not in bruno.content()
            and keys[1] not in anna.content()
            and keys[0] not in watcher.content()
        )

        # Bruno's tables, on this device and by his key on any: both listed
        mine = bruno_ctx.new_page()
        mine.goto(f"{base}/")
        mine.wait_for_selector("body[data-ready=yes]")
        assert mine.locator("#my-tables a").count() >= 2
    finally:
        for context in (anna_ctx, bruno_ctx, watcher_ctx):
            context.close()
