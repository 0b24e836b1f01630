"""A hand played from the keyboard alone (arrows move along the hand, Enter plays, the focus
kept where it was as the table is drawn anew), and every card and button named for a screen
reader; a time limit set in the lobby."""

from __future__ import annotations

from collections import Counter
from typing import Any

from serverproc import Server
from test_table_page import create_in_lobby, keeping, state, turn_or_sheet_line

UNNAMED = """() => [...document.querySelectorAll("button, a, input")]
    .filter((e) => !(e.getAttribute("aria-label") || e.textContent.trim() || e.labels?.length))
    .map((e) => e.outerHTML.slice(0, 80))"""


def test_a_hand_played_from_the_keyboard_alone(browser: Any, server: Server) -> None:
    """Until a hand with cards played ends. Five passes throw a Taroinche hand in unplayed (B3):
    the person bids while nobody has (typed in the bid field, sent with Enter), so the first hand
    is played whatever the deal."""
    link = server.alone_with_computers("taroinche")
    page = browser.new_page()
    page.goto(link)
    played: Counter[int] = Counter()
    message = turn_or_sheet_line(page, 0, 0)
    while not any(played[line["number"]] for line in message["sheet"]):
        assert not message["table"]["over"], "the game ended with no hand of cards played"
        assert page.evaluate(UNNAMED) == []
        if message["view"]["to_act"] != 0:  # a hand thrown in: on to the next
            message = turn_or_sheet_line(page, 0, len(message["sheet"]))
            continue
        legal = {action["card"] for action in message["legal"] if action.get("card")}
        if message["table"]["discards"] > 1:  # Enter chooses each card of the discard, then confirms it
            for _ in range(message["table"]["discards"]):
                page.locator("#table .hand button.in-hand.legal:not(.selected)").first.focus()
                page.keyboard.press("Enter")
            assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
            page.locator("#table button.confirm-discard").focus()
        elif legal:
            page.locator("#table .hand button.in-hand").first.focus()
            for _ in range(len(message["hand"])):  # the right arrow walks the hand to a legal card
                if page.evaluate("() => document.activeElement.dataset.code") in legal:
                    break
                page.keyboard.press("ArrowRight")
            focused = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
            assert focused and (focused.endswith(": play") or focused.endswith(": discard")), focused
            played[message["view"]["hand_number"]] += focused.endswith(": play")
        elif (kept := keeping(message)) is not None and not page.locator(
            f"button.call[data-action='{kept}']"
        ).count():
            page.locator("#action-text").focus()
            page.keyboard.type(kept)
        elif kept is not None:
            page.locator(f"#table .actions button.call[data-action='{kept}']").focus()
        else:
            page.locator("#table .actions button.call").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=message["version"])
        message = turn_or_sheet_line(page, 0, len(message["sheet"]))
    # each Enter moved the table on (waited for above); a hand may end before its sixth trick
    # (a Capot that loses a trick, B7), so the count of cards played is not fixed
    assert sum(played.values()) >= 1 and message["sheet"][0]["lines"]
    # the scores opened from the hand's end by the keyboard: the focus stays on the dialog's
    # button, not on the Scores button of the controls above the table
    dialog = page.locator("#table .dialog.hand-end")
    dialog.locator("button.scores").focus()
    page.keyboard.press("Enter")
    dialog.locator(".grid").wait_for()
    focused = "(e => [e.className, Boolean(e.closest('.dialog.hand-end')), e.getAttribute('aria-pressed')])"
    assert page.evaluate(f"() => {focused}(document.activeElement)") == ["scores", True, "true"]
    page.close()


def test_a_table_made_in_the_lobby_with_a_time_limit_counts_down_and_moves_for_the_late(
    browser: Any, server: Server
) -> None:
    page = browser.new_page()
    create_in_lobby(page, server.base, "taroinche", {})
    page.fill("#move-seconds", "2")
    page.click("#create button[type=submit]")
    page.locator("#created a[data-seat='0']").click()
    message = turn_or_sheet_line(page, 0, 0)
    assert message["table"]["move_seconds"] == 2
    assert page.locator("#table .timer").inner_text().endswith("s left")
    assert page.locator("#table .clock .left").count() == 1  # the clock as a bar, too
    page.wait_for_function(  # the person does nothing: a computer player makes the move
        "(v) => window.tarocchiTable.message.version > v", arg=message["version"], timeout=30_000
    )
    after = state(page)
    if after["view"]["hand_number"] == message["view"]["hand_number"]:
        assert after["view"]["events"][len(message["view"]["events"])]["seat"] == 0
    else:  # the move made for seat 0 threw the hand in (B3)
        assert len(after["sheet"]) == len(message["sheet"]) + 1
    page.close()
