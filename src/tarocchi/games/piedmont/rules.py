"""Piedmont Tarocchi as data, and its trick rules as functions over ints: pack, values, seating,
duties and the trick's winner (rulings P1-P5, C3, C4). The engine's phase handlers and the
playout kernels both call ``plays`` and ``trick_winner``."""

from __future__ import annotations

from typing import Final

from tarocchi.core.decks import LOKA_80
from tarocchi.core.fool import pay_order
from tarocchi.core.protocol import GameInfo, OptionSpec
from tarocchi.core.tricks import TRUMP, TrickRules, TrickTable, best_position, duty_plays

DECK = LOKA_80
PLAYERS: Final = 4
HAND_SIZE: Final = 19
STOCK_SIZE: Final = 4
TRICKS: Final = 19
HANDS_PER_GAME: Final = 4
TOTAL: Final = 165
"""P5: 146 card points + 19 tricks, under the trumps option."""
WINNING_POINTS: Final = TOTAL // 2 + 1
"""P5: more than half the points: 83."""

SEAT_NAMES = ("South", "West", "North", "East")
SIDE_NAMES = ("North-South", "East-West")
SIDES = ((0, 2), (1, 3))
"""P1: partners sit opposite; side 0 is South and North."""


def side_of(seat: int) -> int:
    """P1: partners sit opposite, {0, 2} and {1, 3}."""
    return seat & 1


def seat_scores(total0: int, total1: int) -> tuple[int, ...]:
    """P5: each seat's score from the sides' totals (card points and tricks): the difference to
    each player of the side with more, from each of the other; a tie scores nothing."""
    diff = total0 - total1
    return (diff, -diff, diff, -diff)


GOOD: Final = DECK.card("GOOD").index
EVIL: Final = DECK.card("EVIL").index
FOOL: Final = DECK.card("FOOL").index
MAGICIAN: Final = DECK.card("T1").index
WORLD: Final = DECK.card("T21").index
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
PAY_ORDER: Final = pay_order(VALUES, HONOURS)
"""C4: the order in which a side pays for its Fool (``core.fool.fool_payment``)."""

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

# The tables ``plays`` and ``trick_winner`` read, Final so that compiled code reads them from C
# statics, not through the module's dict nor a frozen dataclass's attributes.
_FOLLOWING: Final = TABLE.following
_TRUMPS: Final = TABLE.following[TRUMP]
_FOOL_BIT: Final = 1 << FOOL
_SUIT_OF: Final = TABLE.suit_of
_POWER: Final = TABLE.power
assert not DUTIES.must_overtrump and DUTIES.fool, "plays gives these duties"


def plays(hand: int, forced: int, led: int) -> int:
    """The cards of ``hand`` that may be played: P4's ``forced`` card (-1: none) if held, else P3
    and C4, ``core.tricks.duty_plays`` (follow the suit ``led``, else trump, else anything; no
    duty to overtrump; the Fool always). ``led`` -1: leading, any card."""
    if forced >= 0 and hand >> forced & 1:
        return 1 << forced
    if led < 0:
        return hand
    return duty_plays(hand, _FOLLOWING[led], _TRUMPS, _FOOL_BIT, 0)


def trick_winner(cards: tuple[int, ...], leader: int, led: int, allegiance: bool, dead: int) -> int:
    """The seat that wins the complete trick ``cards`` led by ``leader`` (C3, ``best_position``).

    Trumps option (P4): Good or Evil alone is the lowest trump; both from one side win for the
    player of the first; both from opposing sides are ignored, and if nothing else can win, the
    player of the first wins. Allegiance: both are plain lowest trumps; a ``dead`` card never
    wins."""
    if not allegiance:
        first = second = -1
        for pos in range(len(cards)):
            card = cards[pos]
            if card in (GOOD, EVIL):
                if first < 0:
                    first = pos
                else:
                    second = pos
        if second >= 0:
            if side_of(leader + first) == side_of(leader + second):
                return (leader + first) % PLAYERS
            won = best_position(cards, led, _SUIT_OF, _POWER, GOOD_EVIL)
            return (leader + (first if won < 0 else won)) % PLAYERS
    pos = best_position(cards, led, _SUIT_OF, _POWER, dead)
    if pos < 0:
        raise AssertionError(f"no card can win the trick of card indices {cards}")
    return (leader + pos) % PLAYERS


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
    ruling_letter="P",
)
