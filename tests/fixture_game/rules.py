"""Trio as data (rulings R1-R5, C3, C4), and its rules as functions over ints, which the engine
and the playout kernel both call.

- R1 the pack: Cups and Swords, K Q J 10 each, trumps 1-6 and the Fool (15 cards).
- R2 the deal: five cards to each of three players, from the dealer's left; no stock.
- R3 the bid: one round from the dealer's left, each says ``take`` or ``pass``; the first to
  take is the Declarer, alone against the other two; if the first two pass, the dealer takes.
- R4 the play: five tricks, the Declarer leads the first; follow suit, else trump, else any
  card, no duty to overtrump; the Fool may always be played and never wins (C3, C4).
- R5 the score: K 4, Q 3, J 2, 10 1, trumps 1 and 6 and the Fool 4 each, 32 in all; with the
  Fool settled (C4), d = the Declarer's card points less 16: he scores 2d, each Defender -d.
"""

from __future__ import annotations

from typing import Final

from tarocchi.core.cards import TRUMPS, Suit
from tarocchi.core.decks import tarot_pack
from tarocchi.core.fool import pay_order
from tarocchi.core.protocol import GameInfo
from tarocchi.core.tricks import TRUMP, TrickRules, TrickTable, duty_plays

SUITS = (Suit("C", "Cups", "♥", "red"), Suit("S", "Swords", "♠", "blue"))
RANKS = (("K", "King", 14), ("Q", "Queen", 13), ("J", "Jack", 11), ("10", "10", 10))
TRUMP_COUNT = 6
NOTATION_HELP = (
    "Cards are rank then suit: ranks K Q J 10, suits C (Cups) S (Swords), e.g. KC, 10S; "
    "trumps T1..T6 (or just the number), and FOOL."
)
DECK: Final = tarot_pack(
    "trio15",
    SUITS,
    {suit.letter: RANKS for suit in SUITS},
    {1: "the Juggler", 6: "the Lovers"},
    NOTATION_HELP,
    trumps=TRUMP_COUNT,
)
"""R1: the 15-card pack."""
PLAYERS: Final = 3
HAND_SIZE: Final = 5
TRICKS: Final = 5
HANDS_PER_GAME = 3
"""One deal by each player."""
SEAT_NAMES = ("South", "West", "East")
SIDE_NAMES = ("Declarer", "Defenders")

FOOL: Final = DECK.card("FOOL").index
HONOURS: Final = sum(1 << DECK.card(code).index for code in ("T1", "T6", "FOOL"))
_FACE_VALUES = {"K": 4, "Q": 3, "J": 2, "10": 1}
VALUES: tuple[int, ...] = tuple(
    4 if HONOURS >> i & 1 else _FACE_VALUES.get(DECK.faces[i], 0) for i in range(DECK.size)
)
"""R5: each card's points."""
TOTAL: Final = sum(VALUES)
HALF: Final = TOTAL // 2
PAY_ORDER: Final = pay_order(VALUES, HONOURS)
"""C4: the order in which a side pays for its Fool."""
TRUMP_MASK: Final = DECK.suit_masks[TRUMPS]

TABLE: Final = TrickTable.natural(DECK)
DUTIES: Final = TrickRules(must_overtrump=False, fool=True, ruling="R4")
"""R4: follow suit, else trump, else any card; no duty to overtrump; the Fool (C4)."""
_FOLLOWING: Final = TABLE.following
_TRUMPS: Final = TABLE.following[TRUMP]
_FOOL_BIT: Final = 1 << FOOL


def plays(hand: int, led: int) -> int:
    """R4 and C4 by ``core.tricks.duty_plays``: the cards of ``hand`` that may be played to a
    trick whose suit to follow is ``led`` (-1: leading, any card)."""
    if led < 0:
        return hand
    return duty_plays(hand, _FOLLOWING[led], _TRUMPS, _FOOL_BIT, 0)


def seat_scores(declarer: int, points: int) -> tuple[int, ...]:
    """R5: d = the Declarer's card ``points`` less the half (16); he scores 2d, each Defender -d."""
    d = points - HALF
    return tuple(2 * d if seat == declarer else -d for seat in range(PLAYERS))


INFO = GameInfo(
    id="trio",
    name="Trio",
    players=PLAYERS,
    deck=DECK,
    hands_per_game=HANDS_PER_GAME,
    options=(),
    rules_version="1",
    summary="3 players, a 15-card pack; one round to take or pass, the taker alone against two; "
    "5 tricks; 32 card points, 16 to break even. A test fixture of tarocchi.",
    side_names=SIDE_NAMES,
    ruling_letter="R",
)
