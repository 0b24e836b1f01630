"""Deals read from outside text (``Deal.parse``, ``Deal.from_json``): hostile input is a short,
escaped NotationError, never a ValueError from ``int()`` nor a megabyte-long message."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tarocchi.core.decks import LOKA_80
from tarocchi.core.errors import NotationError
from tarocchi.core.protocol import Deal
from tarocchi.core.text import MESSAGE_LIMIT


def parse_refusal(text: str) -> str:
    with pytest.raises(NotationError) as error:
        Deal.parse(LOKA_80, text)
    message = str(error.value)
    assert message.isprintable() and len(message) <= MESSAGE_LIMIT, message[:500]
    return message


def json_refusal(data: Any) -> str:
    with pytest.raises(NotationError) as error:
        Deal.from_json(LOKA_80, data)
    message = str(error.value)
    assert message.isprintable() and len(message) <= MESSAGE_LIMIT, message[:500]
    return message


@pytest.mark.parametrize(
    "label",
    ["²", "\u0661", "\uff10", "1²", "\U0001d7d9"],
    ids=["superscript", "arabic", "fullwidth", "mixed", "math"],
)
def test_a_seat_label_of_other_digits_is_refused(label: str) -> None:
    assert "seat number" in parse_refusal(f"{label}: KE QE")


def test_a_huge_seat_number_is_refused() -> None:
    message = parse_refusal("9" * 5000 + ": KE QE")
    assert "seat number" in message


def test_seat_numbers_with_leading_zeros_still_read() -> None:
    deal = Deal.parse(LOKA_80, "00: KE\n01: QE")
    assert [[c.code for c in hand] for hand in deal.hands] == [["KE"], ["QE"]]


@pytest.mark.parametrize(
    "text",
    [
        "\x1b]0;pwn\x07: KE",
        "0: KE \x1b[2J",
        "no colon \x1b[31m here",
        "0: KE\n0\x07: QE",
        "stock: \x9b31m",
    ],
    ids=["label", "card", "line", "twice", "c1 control"],
)
def test_control_characters_in_a_written_deal_are_escaped(text: str) -> None:
    message = parse_refusal(text)
    assert "\\x" in message, message


def test_a_huge_written_deal_line_is_shown_cut() -> None:
    message = parse_refusal("0: " + "KX" * 500_000)
    assert "KXKX" in message


def test_a_written_deal_with_many_seats_is_refused_with_a_short_message() -> None:
    text = "\n".join(f"{seat}: KE" for seat in range(1, 999))
    assert "0..n-1" in parse_refusal(text)


@pytest.mark.parametrize(
    "data",
    [
        {"hands": ["KE \x1b[2J"]},
        {"hands": ["KE"], "stock": "\x1b]0;pwn\x07"},
        {"hands": ["\u202eKE"]},
    ],
    ids=["hand", "stock", "bidi"],
)
def test_control_characters_in_a_json_deal_are_escaped(data: Any) -> None:
    message = json_refusal(data)
    assert "\\x" in message or "\\u" in message, message


def test_a_huge_json_deal_is_refused_quickly_and_shortly() -> None:
    start = time.perf_counter()
    json_refusal({"hands": ["KE " * 1_000_000]})
    json_refusal({"hands": ["KE"] * 1_000_000})
    json_refusal({"hands": ["KE"], "stock": "X" * 1_000_000})
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize(
    "data",
    [
        {"hands": ["KE"], "extra": 1},
        {"hands": ("KE",)},
        {"hands": ["KE"], "stock": None},
    ],
    ids=["unknown field", "tuple", "null stock"],
)
def test_a_json_deal_must_have_the_documented_shape(data: Any) -> None:
    json_refusal(data)
