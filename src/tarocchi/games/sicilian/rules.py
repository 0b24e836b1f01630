"""The Sicilian game as data: pack, values, thresholds and duties (rulings S1-S10, C3, C4); its
duties as a function over ints (``plays``), which the engine and the playout kernel both call."""

from __future__ import annotations

from typing import Final

from tarocchi.core.cards import TRUMPS, Suit
from tarocchi.core.decks import tarot_pack
from tarocchi.core.fool import pay_order
from tarocchi.core.protocol import GameInfo
from tarocchi.core.tricks import TRUMP, TrickRules, TrickTable, duty_plays

SUITS = (
    Suit("C", "Cups", "♥", "red"),
    Suit("D", "Coins", "♦", "yellow"),
    Suit("B", "Batons", "♣", "green"),
    Suit("S", "Swords", "♠", "blue"),
)
RANKS = (
    ("K", "King", 14),
    ("Q", "Queen", 13),
    ("C", "Cavalier", 12),
    ("V", "Valet", 11),
    *((str(n), str(n), n) for n in range(10, 4, -1)),
)
COURTS = ("K", "Q", "C", "V")
"""S7: the ranks that may be rallied, in the order the rally falls back through them."""
TRUMP_NAMES = {1: "the Juggler", 21: "the World"}
NOTATION_HELP = (
    "Cards are rank then suit: ranks K Q C V 10 9 8 7 6 5 (and A, the Ace of Swords), "
    "suits C (Cups) D (Coins) B (Batons) S (Swords), e.g. KC, 10D, CB, AS; "
    "trumps T1..T21 (or just the number), and FOOL."
)


SUIT_RANKS = {suit.letter: RANKS for suit in SUITS} | {"S": (*RANKS, ("A", "Ace", 1))}
"""S1: Cups, Coins, Batons K..5; Swords K..5 and an Ace."""

DECK: Final = tarot_pack(
    "sicilian63",
    SUITS,
    SUIT_RANKS,
    TRUMP_NAMES,
    NOTATION_HELP,
    aliases={"JUGGLER": "T1", "WORLD": "T21"},
)
"""S1: the 63-card pack: the four suits, trumps 1..21, the Fool."""
PLAYERS: Final = 4
HAND_SIZE: Final = 15
STOCK_SIZE: Final = 3
TRICKS: Final = 15
HANDS_PER_GAME = 4
TOTAL = 126
"""S9: 106 card points + 15 tricks + 5 for the last trick."""
HALF = TOTAL // 2
"""S10: the break-even mark, half the points: 63."""
LAST_TRICK_BONUS = 5
OFFER_CAP = 63
"""S3: offers are capped at 63."""
PROP_STRENGTH = 20
COP_STRENGTH = 15
ROUND_TURNS: Final = PLAYERS
"""S3, S4, S5: the bargain, the Solo round and the Prop round give each player one turn, from
Eldest."""
COP_TURNS: Final = PLAYERS - 1
"""S6: the Cop round gives each player but the Declarer one turn, from his left."""

SEAT_NAMES = ("South", "West", "North", "East")
SIDE_NAMES = ("Declarers", "Defenders")


FOOL: Final = DECK.card("FOOL").index
JUGGLER: Final = DECK.card("T1").index
WORLD: Final = DECK.card("T21").index
HONOURS: Final = (1 << JUGGLER) | (1 << WORLD) | (1 << FOOL)
TRUMP_MASK: Final = DECK.suit_masks[TRUMPS]
_COURT_VALUES = {"K": 5, "Q": 4, "C": 3, "V": 2}


def _value(index: int) -> int:
    """S1: Honours 10, trumps 17-20 5, K 5, Q 4, C 3, V 2, all others 0."""
    card = DECK.cards[index]
    if HONOURS >> index & 1:
        return 10
    if card.suit == TRUMPS:
        return 5 if 17 <= card.rank <= 20 else 0
    return _COURT_VALUES.get(DECK.faces[index], 0)


VALUES: tuple[int, ...] = tuple(_value(i) for i in range(DECK.size))
PAY_ORDER: Final = pay_order(VALUES, HONOURS)
"""C4: the order in which a side pays for its Fool (``core.fool.fool_payment``)."""
STRONG = sum(1 << i for i, v in enumerate(VALUES) if v >= 5)
"""Cards worth 5 or 10: never discarded (S4), and the measure of Prop and Cop (S5, S6)."""


SHOWN_DISCARDS: Final = TRUMP_MASK
"""S4: the discards shown to all: a trump, discarded when unavoidable; any other lies face down."""


def eldest_of(dealer: int) -> int:
    """S3: Eldest, the seat after the dealer, who speaks first in the bargaining."""
    return (dealer + 1) % PLAYERS


def discard_shown(card: int) -> bool:
    """S4: whether ``card`` discarded is shown to all (``SHOWN_DISCARDS``)."""
    return bool(SHOWN_DISCARDS >> card & 1)


def bargain_played(held: bool, taken: bool) -> bool:
    """S3: after the bargain the hand is played if somebody holds or no offer was ``taken``; else
    it is thrown in."""
    return held or not taken


def sides(declarer: int, partner: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """S10: the Declarers (the Declarer and his ``partner``, -1: he plays alone) and the
    Defenders, each in seat order."""
    return (
        tuple(seat for seat in range(PLAYERS) if seat in (declarer, partner)),
        tuple(seat for seat in range(PLAYERS) if seat not in (declarer, partner)),
    )


def side_total(card_points: int, tricks: int, last_trick: bool) -> int:
    """S9: a side's total: its card points, a point a trick and 5 for the last trick."""
    return card_points + tricks + (LAST_TRICK_BONUS if last_trick else 0)


def still_needed(declarers_total: int) -> int:
    """S10: what the Declarers, with ``declarers_total`` (``side_total``) so far, still need to
    pass the half (d > 0; 0: they have)."""
    short = HALF + 1 - declarers_total
    return short if short > 0 else 0


def seat_scores(declarers_total: int, team: tuple[int, ...]) -> tuple[int, ...]:
    """S10: d = the Declarers' total less 63; each Declarer of a pair scores d, a Declarer alone
    3d, and each Defender -d."""
    d = declarers_total - HALF
    declarer = d if len(team) == 2 else 3 * d
    return tuple(declarer if seat in team else -d for seat in range(PLAYERS))


def strength(hand: int) -> int:
    """S5/S6: the total of the cards worth 5 or 10 in ``hand``."""
    values = VALUES
    total = 0
    m = hand & STRONG
    while m:
        low = m & -m
        total += values[low.bit_length() - 1]
        m ^= low
    return total


SUIT_MASKS: Final = tuple(DECK.suit_masks[s.letter] for s in SUITS)
COURT_CARDS = tuple(tuple(DECK.card(rank + s.letter).index for rank in COURTS) for s in SUITS)
"""COURT_CARDS[suit][rank]: the card index of each court (rank 0 = King ... 3 = Valet)."""
COINS: Final = 1

TABLE: Final = TrickTable.natural(DECK)
DUTIES: Final = TrickRules(must_overtrump=False, fool=True, ruling="S8")
"""S8: follow suit, else trump, else any card; no duty to overtrump; the Fool (C4)."""
_FOLLOWING: Final = TABLE.following
_TRUMPS: Final = TABLE.following[TRUMP]
_FOOL_BIT: Final = 1 << FOOL
assert not DUTIES.must_overtrump and DUTIES.fool, "plays gives these duties"


def plays(hand: int, led: int) -> int:
    """S8 and C4, ``core.tricks.duty_plays``: follow the suit ``led``, else trump, else any card;
    no duty to overtrump; the Fool always. ``led`` -1: leading, any card."""
    if led < 0:
        return hand
    return duty_plays(hand, _FOLLOWING[led], _TRUMPS, _FOOL_BIT, 0)


INFO = GameInfo(
    id="sicilian",
    name="The Sicilian game",
    players=PLAYERS,
    deck=DECK,
    hands_per_game=HANDS_PER_GAME,
    options=(),
    rules_version="1",
    summary="4 players, individual scores, 63-card pack; bargaining to throw in, then Solo, or "
    "Prop and Cop, or Prop and a rallied hidden partner; 15 tricks; 126 points, 63 to break even.",
    side_names=SIDE_NAMES,
    partnerships=(),
    ruling_letter="S",
)
