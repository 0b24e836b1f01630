"""Taroux of Six as data: pack, values, seating, the bid ladder and the duties (T1-T11, C3, C4);
its trick rules as functions over ints (``plays``, ``fool_takes_last``), which the engine and the
playout kernel both call."""

from __future__ import annotations

from typing import Final

from tarocchi.core.cards import TRUMPS
from tarocchi.core.decks import LOKA_78
from tarocchi.core.fool import pay_order
from tarocchi.core.protocol import GameInfo
from tarocchi.core.tricks import TRUMP, TrickRules, TrickTable, duty_plays, trumps_above

DECK: Final = LOKA_78
PLAYERS: Final = 6
HAND_SIZE: Final = 12
STOCK_SIZE: Final = 6
TRICKS: Final = 12
HANDS_PER_GAME = 6
TOTAL = 91
"""T8: 130 card values less one per pair of the 78 cards."""
DISCARDS_EACH = 3

SEAT_NAMES = ("Seat 0", "Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5")
SIDE_NAMES = ("Declarers", "Defenders")


def partner_of(seat: int) -> int:
    """T1: partners sit opposite: {0, 3}, {1, 4}, {2, 5}."""
    return (seat + 3) % PLAYERS


def _code(code: str) -> int:
    return DECK.card(code).index


FOOL: Final = _code("FOOL")
MAGICIAN: Final = _code("T1")
WORLD: Final = _code("T21")
HONOURS: Final = (1 << MAGICIAN) | (1 << WORLD) | (1 << FOOL)
TRUMP_CARDS: Final = DECK.suit_masks[TRUMPS]
"""Trumps 1..21 (the Fool is not a trump)."""
KINGS: Final = DECK.face_mask("K")
NEVER_DISCARDED = KINGS | HONOURS
"""T5: Kings and Honours are never discarded."""
PLAIN_DISCARDABLE = DECK.full & ~(NEVER_DISCARDED | TRUMP_CARDS)


FACE_VALUES = {"K": 5, "Q": 4, "C": 3, "J": 2}
"""T1: suit cards by face; every other card but the Honours is worth 1."""


def _value(index: int) -> int:
    """T1: Honours 5, K 5, Q 4, C 3, J 2, everything else 1."""
    if (1 << index) & HONOURS:
        return 5
    return FACE_VALUES.get(DECK.faces[index], 1)


VALUES: tuple[int, ...] = tuple(_value(i) for i in range(DECK.size))
PAY_ORDER: Final = pay_order(VALUES, HONOURS)
"""C4: the order in which a side pays for its Fool (``core.fool.fool_payment``)."""

# T3: the bid ladder; 0 = no bid yet.
PROP, STAND, TAKE, WITHOUT, AGAINST = 1, 2, 3, 4, 5
BID_WORDS = ("", "prop", "stand", "take", "without", "against")
BID_NAMES = ("no bid", "Prop", "Stand", "We'll Take", "We'll Take Without", "We'll Take Against")
BID_MULTIPLIER = (0, 0, 0, 2, 4, 6)
"""T10: We'll Take x2, Without x4, Against x6 (Prop and Stand never win)."""
SHORT_BID_NAMES = ("", "Prop", "Stand", "Take", "Without", "Against")
CONTRA_MULTIPLIER = (1, 2, 4)
CONTRA_NAMES = ("", "Contra", "Re-contra")
PASSES_TO_END = 5
"""T3: five consecutive passes after the last bid or call end the auction."""

TARGETS = (56, 51, 41, 36)
"""T8: points the Declarers need with 0, 1, 2, 3 Honours credited to them."""
ABUNDANCES = ((11, 40, "Grand"), (8, 30, "Middling"), (6, 20, "Small"))
"""T6: (trumps shown, points, name), largest first."""
MIN_ABUNDANCE: Final = min(needed for needed, _, _ in ABUNDANCES)
"""T6: the fewest trumps an Abundance shows (the Small's)."""
SPARROW_ANNOUNCED = 20
SPARROW_UNANNOUNCED = 10
SLAM_ANNOUNCED = 400
SLAM_UNANNOUNCED = 200
WIN_BONUS = 25


def abundance(shown: int) -> tuple[int, str]:
    """T6: what ``shown`` trumps score, and the Abundance's name (0, "" below six)."""
    for needed, points, name in ABUNDANCES:
        if shown >= needed:
            return points, name
    return 0, ""


def places(dealer: int, to_stock: list[int]) -> list[list[int]]:
    """T2: where in the shuffled pack each hand's cards and the stock's lie (``dealing.deal_by``):
    the stock at the places ``to_stock``, the rest in packets of three to each player in turn
    from Eldest."""
    piles: list[list[int]] = [[] for _ in range(PLAYERS + 1)]
    stock = set(to_stock)
    dealt = 0
    for place in range(DECK.size):
        if place in stock:
            piles[PLAYERS].append(place)
        else:
            piles[(dealer + 1 + dealt // 3) % PLAYERS].append(place)
            dealt += 1
    return piles


TABLE: Final = TrickTable.natural(DECK)
"""T1: rational ranking, King high, Ace low; trumps by number."""
DUTIES: Final = TrickRules(must_overtrump=True, fool=True, ruling="T7")
"""T7: follow suit, else trump; with a trump in the trick, beat it if able; the Fool (C4)."""
_FOLLOWING: Final = TABLE.following
_TRUMPS: Final = TABLE.following[TRUMP]
_FOOL_BIT: Final = 1 << FOOL
_ABOVE: Final = trumps_above(TABLE.suit_of, TABLE.power)
assert DUTIES.must_overtrump and DUTIES.fool, "plays gives these duties"


def plays(hand: int, led: int, best: int) -> int:
    """T7 and C4, ``core.tricks.duty_plays``: follow the suit ``led``, else trump, and with a trump
    in the trick beat it if able (the trick's best card has the ``standing`` ``best``, -1:
    none); the Fool always. ``led`` -1: leading, any card."""
    if led < 0:
        return hand
    return duty_plays(hand, _FOLLOWING[led], _TRUMPS, _FOOL_BIT, _ABOVE[best + 1])


def fool_takes_last(number: int, side_tricks: int) -> bool:
    """T9: the Fool played to trick ``number`` (from 0) wins it when that is the twelfth and its
    player's side won the ``side_tricks`` before it, all eleven; otherwise it never wins (C4)."""
    return number == TRICKS - 1 and side_tricks == number


INFO = GameInfo(
    id="taroux",
    name="Taroux of Six",
    players=PLAYERS,
    deck=DECK,
    hands_per_game=HANDS_PER_GAME,
    options=(),
    rules_version="1",
    summary="6 players in three fixed partnerships (partners opposite), 78-card Loka pack; an "
    "auction with Contra and Re-contra; the winning pair plays against the other four; 91 points, "
    "target 56/51/41/36 by the Honours won.",
    side_names=SIDE_NAMES,
    partnerships=((0, 3), (1, 4), (2, 5)),
    ruling_letter="T",
)
