"""Auctions by clicking alone: a Taroinche bid with a partner chosen by seat name (value stepped
up, a trump suit, a mode) and a Sicilian bargaining offer (its kind, its amount stepped up), each
sent with one button; the call then shows in the seat's bubble and in the auction's list (at
the real pace, so that the computer players' answers come after the test has looked)."""

from __future__ import annotations

from typing import Any

from serverproc import Server
from test_table_page import MY_TURN, act_by_click, until


def turn_with(page: Any, kind: str) -> dict[str, Any] | None:
    """The next turn of seat 0 at which an action of type ``kind`` is legal (acting by clicks on
    the turns between), or None once a hand's cards are being played without one."""
    for _ in range(40):
        message = until(page, 0, f"(m) => ({MY_TURN})(m, 0)")
        if any(action["type"] == kind for action in message["legal"]):
            return message
        act_by_click(page, message)
    return None


def pick(page: Any, field: str, skip: int = 0) -> int:
    """Click the ``skip``-th enabled choice of ``field`` in the composer; its value."""
    choice = page.locator(f".composer .choice[data-field={field}]:not([disabled])").nth(skip)
    value = int(choice.get_attribute("data-value"))
    choice.click()
    assert (
        page.locator(f".composer .choice[data-field={field}][data-value='{value}']").get_attribute(
            "aria-pressed"
        )
        == "true"
    )
    return value


def sent(page: Any, version: int) -> dict[str, Any]:
    page.wait_for_function(
        "(v) => window.tarocchiTable.message.version > v || window.tarocchiTable.message.refusal", arg=version
    )
    message: dict[str, Any] = page.evaluate("() => window.tarocchiTable.message")
    assert message["refusal"] is None, message["refusal"]
    return message


def test_a_taroinche_bid_with_a_partner_by_clicks(browser: Any, paced_server: Server) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(paced_server.alone_with_computers("taroinche"))
    message = turn_with(page, "Bid")
    while message is None:  # the computers took the contract before South spoke: the next hand
        message = turn_with(page, "Bid")
    bids = [action for action in message["legal"] if action["type"] == "Bid"]
    values = sorted({bid["value"] for bid in bids})
    # the field for typing a bid says what it is for; what is legal is said once, below it
    legal_line = page.locator(".actions .summary").inner_text()
    assert legal_line == f"Legal: {message['summary']}"
    assert page.locator("#action-text").get_attribute("placeholder") == "or type your bid"
    if page.locator(".composer .stepper").count():  # many values: stepped up from the lowest
        steps = min(2, len(values) - 1)
        for _ in range(steps):
            page.locator(".composer .up").click()
        value = values[steps]
        assert page.locator(".composer output.value").inner_text() == str(value)
    else:  # a few left above the bid to beat: one button each
        value = pick(page, "value", 0)
        assert value == values[0]
    trump = pick(page, "trump", 1)
    mode = pick(page, "mode", 0)
    partner = pick(page, "partner", 1)  # the first is "alone" (South himself)
    assert partner != 0
    name = message["table"]["seat_names"][partner]
    assert f"partner {name}" in page.locator(".composer .compose-send").inner_text()
    page.locator(".composer .compose-send").click()
    after = sent(page, message["version"])
    mine = [call["action"] for call in after["calls"] if call["seat"] == 0]
    assert mine and {k: mine[-1][k] for k in ("value", "trump", "mode", "partner")} == {
        "value": value,
        "trump": trump,
        "mode": mode,
        "partner": partner,
    }
    bubble = page.locator("#table .seat[data-seat='0'] .bubble").inner_text()
    assert f"partner {name}" in bubble
    assert page.locator(".auction li").count() == len(after["calls"])
    page.close()


def test_a_sicilian_offer_by_clicks(browser: Any, paced_server: Server) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(paced_server.alone_with_computers("sicilian"))
    message = turn_with(page, "Offer")
    while message is None:
        message = turn_with(page, "Offer")
    offers = [action for action in message["legal"] if action["type"] == "Offer"]
    kind = page.locator(".composer .choice[data-field=kind]:not([disabled])").last.get_attribute("data-value")
    page.locator(f".composer .choice[data-field=kind][data-value='{kind}']").click()
    amounts = sorted(offer["amount"] for offer in offers if offer["kind"] == kind)
    for _ in range(3):
        page.locator(".composer .up").click()
    page.locator(".composer .compose-send").click()
    after = sent(page, message["version"])
    mine = [call["action"] for call in after["calls"] if call["seat"] == 0]
    assert mine and mine[-1]["type"] == "Offer"
    assert (mine[-1]["kind"], mine[-1]["amount"]) == (kind, amounts[3])
    assert page.locator("#table .seat[data-seat='0'] .bubble").inner_text() == f"{kind} · {amounts[3]}"
    page.close()
