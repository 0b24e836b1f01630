"""Piedmont Tarocchi as data: pack, values, seating and duties (rulings P1-P5, C3, C4)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.decks import LOKA_80
from tarocchi.core.protocol import GameInfo, OptionSpec
from tarocchi.core.tricks import TrickRules, TrickTable

DECK = LOKA_80
PLAYERS: Final = 4
HAND_SIZE: Final = 19
STOCK_SIZE: Final = 4
TRICKS: Final = 19
HANDS_PER_GAME: Final = 4
TOTAL: Final = 165
"""P5: 146 card points + 19 tricks, under the trumps option."""
WINNING_POINTS: Final = 83

SEAT_NAMES = ("South", "West", "North", "East")
SIDE_NAMES = ("North-South", "East-West")
SIDES = ((0, 2), (1, 3))
"""P1: partners sit opposite; side 0 is South and North."""


def side_of(seat: int) -> int:
    """P1: partners sit opposite, {0, 2} and {1, 3}."""
    return seat & 1


def _code(code: str) -> int:
    return DECK.card(code).index


GOOD: Final = _code("GOOD")
EVIL: Final = _code("EVIL")
FOOL: Final = _code("FOOL")
MAGICIAN: Final = _code("T1")
WORLD: Final = _code("T21")
GOOD_EVIL: Final = (1 << GOOD) | (1 << EVIL)
HONOURS: Final = (1 << MAGICIAN) | (1 << WORLD) | (1 << FOOL)


FACE_VALUES = {"K": 5, "A": 5, "Q": 4, "C": 3, "J": 2}
"""P1: suit cards by face; every other suit card and trump is worth 1."""


def _value(index: int) -> int:
    """P1: Honours 5, K 5, A 5, Q 4, C 3, J 2, Good and Evil 0, all others 1."""
    if (1 << index) & HONOURS:
        return 5
    if (1 << index) & GOOD_EVIL:
        return 0
    return FACE_VALUES.get(DECK.faces[index], 1)


VALUES: tuple[int, ...] = tuple(_value(i) for i in range(DECK.size))

KINGS_ACES = DECK.face_mask("K", "A")
NOT_DISCARDABLE = {
    # P2: no Kings, Aces or Honours; under Allegiance not Good or Evil either.
    "trumps": KINGS_ACES | HONOURS,
    "allegiance": KINGS_ACES | HONOURS | GOOD_EVIL,
}

EARTH_AIR = DECK.suit_masks["E"] | DECK.suit_masks["A"]
FIRE_WATER = DECK.suit_masks["F"] | DECK.suit_masks["W"]
SUITLESS = DECK.full & ~(EARTH_AIR | FIRE_WATER)
"""Trumps (Good and Evil included) and the Fool: under Allegiance they score for whoever wins them."""

TABLE = TrickTable.natural(DECK)
"""P3: rational ranking; Good and Evil have rank 0, below trump 1, equal to each other."""
DUTIES = TrickRules(must_overtrump=False, fool=True)
"""P3: follow suit, else trump, else any card; no duty to overtrump; the Fool (C4)."""

INFO = GameInfo(
    id="piedmont",
    name="Tarocchi as played in Piedmont",
    players=PLAYERS,
    deck=DECK,
    hands_per_game=HANDS_PER_GAME,
    options=(
        OptionSpec(
            "good_evil",
            ("trumps", "allegiance"),
            "trumps",
            "how Good and Evil play (P4): as the lowest trumps, or the Game of Allegiance",
        ),
    ),
    rules_version="1",
    summary="4 players in partnerships (North-South v East-West), 80-card Loka pack with Good "
    "and Evil; the dealer discards 4; 19 tricks; 83 of 165 points wins the difference.",
    side_names=SIDE_NAMES,
    partnerships=SIDES,
)
