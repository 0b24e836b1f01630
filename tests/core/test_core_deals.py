"""Deals as data: the hand-written notation, the JSON form, and the check that every card is dealt
exactly once, each refusing bad input with a NotationError that says what is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from tarocchi.core.decks import LOKA_80
from tarocchi.core.errors import NotationError
from tarocchi.core.protocol import Deal

# Four hands of 19 and a stock of 4: the Piedmont shape, written as docs/notation.md shows.
TEXT = """
0: KE QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E AE KA QA CA JA 10A
1: 9A 8A 7A 6A 5A 4A 3A 2A AA KF QF CF JF 10F 9F 8F 7F 6F 5F
# a comment line, then a blank one

2: 4F 3F 2F AF KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W 2W AW T1   # trailing comment
3: T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20
stock: T21 FOOL GOOD EVIL
"""
SHAPE = (4, 19, 4)


def good_deal() -> Deal:
    return Deal.parse(LOKA_80, TEXT)


def test_a_written_deal_is_read_checked_and_round_trips_through_json() -> None:
    deal = good_deal()
    assert len(deal.hands) == 4 and all(len(hand) == 19 for hand in deal.hands)
    assert [c.code for c in deal.stock] == ["T21", "FOOL", "GOOD", "EVIL"]
    assert deal.hands[2][-1].code == "T1"
    deal.check(LOKA_80, *SHAPE)
    assert Deal.from_json(LOKA_80, deal.to_json()) == deal


def test_seat_lines_may_come_in_any_order_and_case() -> None:
    lines = [line for line in TEXT.strip().splitlines() if line and not line.startswith("#")]
    shuffled = "\n".join([lines[-1].upper(), *reversed(lines[:-1])]).lower()
    assert Deal.parse(LOKA_80, shuffled) == good_deal()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0 KE QE", ["0: KE QE"]),
        ("north: KE QE", ["north", "seat number", "stock"]),
        ("1: KE\n2: QE", ["0..n-1", "[1, 2]"]),
        ("0: KE KX", ["'KX' is not a card"]),
    ],
)
def test_badly_written_deals_say_what_is_wrong(text: str, words: list[str]) -> None:
    with pytest.raises(NotationError) as error:
        Deal.parse(LOKA_80, text)
    for word in words:
        assert word in str(error.value)


def test_a_line_given_twice_is_refused() -> None:
    # Otherwise the second line silently replaces the first and its cards vanish from the deal.
    accepted = []
    for label in ("0", "stock"):
        try:
            Deal.parse(LOKA_80, f"{TEXT}\n{label}: KE QE")
        except NotationError as error:
            assert label in str(error), str(error)
        else:
            accepted.append(label)
    assert accepted == [], f"a second '{accepted[0]}:' line replaced the first without a word"


def altered(change: str) -> Deal:
    deal = good_deal()
    hands = [list(hand) for hand in deal.hands]
    stock = list(deal.stock)
    if change == "duplicate":
        hands[1][0] = hands[0][0]
    elif change == "hand too long":
        hands[0].append(stock.pop())
    elif change == "short stock":
        stock.pop()
    elif change == "three hands":
        hands.pop()
    return Deal(tuple(tuple(hand) for hand in hands), tuple(stock))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("duplicate", ["KE", "twice"]),
        ("hand too long", ["hand 0", "19", "20"]),
        ("short stock", ["stock", "4", "3"]),
        ("three hands", ["4 hands", "3"]),
    ],
)
def test_check_refuses_a_deal_that_does_not_give_every_card_once(change: str, words: list[str]) -> None:
    with pytest.raises(NotationError) as error:
        altered(change).check(LOKA_80, *SHAPE)
    for word in words:
        assert word in str(error.value)


def test_check_names_the_missing_cards() -> None:
    deal = good_deal()
    short = Deal(deal.hands, deal.stock[:3])  # EVIL is not dealt
    with pytest.raises(NotationError, match="lacks EVIL"):
        short.check(LOKA_80, 4, 19, 3)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (None, ["'hands'"]),
        ("0: KE", ["'hands'"]),
        ({"stock": ""}, ["'hands'"]),
        ({"hands": "KE QE"}, ["'hands'", "list"]),
        ({"hands": ["KE", 7]}, ["hand 1", "string"]),
        ({"hands": [["KE", "QE"]]}, ["hand 0", "string"]),
        ({"hands": ["KE"], "stock": ["QE"]}, ["stock", "string"]),
        ({"hands": ["KE"], "stock": 3}, ["stock", "string"]),
        ({"hands": ["KE KX"]}, ["'KX' is not a card"]),
    ],
)
def test_a_malformed_json_deal_is_a_notation_error(data: Any, words: list[str]) -> None:
    with pytest.raises(NotationError) as error:
        Deal.from_json(LOKA_80, data)
    for word in words:
        assert word in str(error.value)


def test_a_json_deal_without_stock_has_an_empty_stock() -> None:
    deal = Deal.from_json(LOKA_80, {"hands": ["KE QE", "T1"]})
    assert deal.stock == ()
    assert [[c.code for c in hand] for hand in deal.hands] == [["KE", "QE"], ["T1"]]
