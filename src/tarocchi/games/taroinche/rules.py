"""Taroinche as data: the 32-card pack, its two orders and values, the bid ladder (B1-B8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tarocchi.core.cards import Card, Deck, Suit
from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.protocol import GameInfo, OptionSpec

SUITS = (
    Suit("S", "Spades", "♠", "blue"),
    Suit("H", "Hearts", "♥", "red"),
    Suit("C", "Clubs", "♣", "green"),
    Suit("D", "Diamonds", "♦", "yellow"),
)
RANKS = (
    ("A", "Ace", 14),
    ("K", "King", 13),
    ("Q", "Queen", 12),
    ("J", "Jack", 11),
    *((str(n), str(n), n) for n in (10, 9, 8, 7)),
)
HELP = (
    "Cards are rank then suit: ranks A K Q J 10 9 8 7, suits S (spades) H (hearts) C (clubs) "
    "D (diamonds), e.g. JS, 10H, AD."
)


def _deck() -> Deck:
    cards = [
        Card(i * 8 + j, code + suit.letter, suit.letter, rank, f"{name} of {suit.name}")
        for i, suit in enumerate(SUITS)
        for j, (code, name, rank) in enumerate(RANKS)
    ]
    return Deck("french32", SUITS, tuple(cards), {}, HELP)


DECK = _deck()
"""B1: four suits of A K Q J 10 9 8 7 (natural order: suits as listed, face ranks high to low)."""
KINGS_QUEENS: Final = DECK.face_mask("K", "Q")
"""The King and Queen of every suit: the belote is the trump pair (B5)."""
PLAYERS: Final = 5
HAND_SIZE: Final = 6
DOG_SIZE: Final = 2
TRICKS: Final = 6
TOTAL: Final = 162
"""B1: 152 card points + 10 for the last trick."""
LAST_TRICK: Final = 10
BELOTE: Final = 20
SEAT_NAMES = ("South", "West", "North-West", "North-East", "East")
SIDE_NAMES = ("attack", "defence")


def first_player(dealer: int) -> int:
    """B2: the player after the dealer speaks first in the auction and leads the first trick."""
    return (dealer + 1) % PLAYERS


SUIT_OF: Final[tuple[int, ...]] = tuple(
    next(i for i, s in enumerate(SUITS) if s.letter == c.suit) for c in DECK.cards
)
"""Each card's suit, as its position in SUITS (the bid's trump is one)."""
SUIT_MASKS: Final[tuple[int, ...]] = tuple(DECK.suit_masks[s.letter] for s in SUITS)

PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
PLAIN_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_VALUES = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
NO_TRUMP_VALUES = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2}
"""Not in the rulings (card points never score at Capot): the usual coinche values, 4 x 38 = 152."""
ALL_TRUMP_VALUES = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1}
"""Likewise for All-trump: 4 x 38 = 152, so every fully played hand still totals 162."""

NO_TRUMP: Final = 4
ALL_TRUMP: Final = 5
TRUMP_CODES = ("S", "H", "C", "D", "NT", "AT")
TRUMP_NAMES = ("♠", "♥", "♣", "♦", "No-trump", "All-trump")


@mypyc_attr(native_class=False)  # compiled, a frozen dataclass could not be copied or pickled
@dataclass(frozen=True, slots=True)
class Contract:
    """The tables of one trump choice: who beats whom, what each card is worth."""

    trump: int
    """0..3 a suit, NO_TRUMP or ALL_TRUMP."""
    trump_mask: int
    """Cards that cut (a single suit's cards; none at No-trump or All-trump)."""
    beats: tuple[int, ...]
    """For each card, the cards of its own suit that beat it."""
    must_beat: tuple[bool, ...]
    """For each led suit: following it, one must beat the best card if able (B6)."""
    values: tuple[int, ...]


def _contract(trump: int) -> Contract:
    beats: list[int] = []
    values: list[int] = []
    for card in DECK.cards:
        suit = SUIT_OF[card.index]
        face = DECK.faces[card.index]
        trumpish = suit == trump or trump == ALL_TRUMP
        order = TRUMP_ORDER if trumpish else PLAIN_ORDER
        higher = order[: order.index(face)]
        beats.append(SUIT_MASKS[suit] & DECK.face_mask(*higher))
        if trump == ALL_TRUMP:
            table = ALL_TRUMP_VALUES
        elif trump == NO_TRUMP:
            table = NO_TRUMP_VALUES
        else:
            table = TRUMP_VALUES if trumpish else PLAIN_VALUES
        values.append(table.get(face, 0))
    return Contract(
        trump=trump,
        trump_mask=SUIT_MASKS[trump] if trump < len(SUITS) else 0,
        beats=tuple(beats),
        must_beat=tuple(s == trump or trump == ALL_TRUMP for s in range(len(SUITS))),
        values=tuple(values),
    )


CONTRACTS = tuple(_contract(t) for t in range(6))
assert all(sum(c.values) + LAST_TRICK == TOTAL for c in CONTRACTS)


def belote_pair(trump: int) -> int:
    """B5: the trump King and Queen (a mask), which make the belote held in one hand of the attack."""
    return CONTRACTS[trump].trump_mask & KINGS_QUEENS


def holds_belote(hand: int, trump: int) -> bool:
    """B5: whether ``hand`` holds the belote of ``trump``, the trump King and Queen (No-trump and
    All-trump have none)."""
    pair = belote_pair(trump)
    return pair != 0 and hand & pair == pair


def side_of(seat: int, taker: int, partner: int) -> int:
    """0 for the attack (taker and partner), 1 for the defence."""
    return 0 if seat in (taker, partner) else 1


def _sides(taker: int, partner: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (
        tuple(seat for seat in range(PLAYERS) if seat in (taker, partner)),
        tuple(seat for seat in range(PLAYERS) if seat not in (taker, partner)),
    )


_SIDES: Final = tuple(_sides(taker, partner) for taker in range(PLAYERS) for partner in range(PLAYERS))


def sides(taker: int, partner: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """B3: the attack (the taker and his partner, one seat in a solo) and the defence, each in
    seat order (worked out once for every pair of seats)."""
    return _SIDES[taker * PLAYERS + partner]


def _byte_points(trump: int) -> tuple[int, ...]:
    """The contract's card points of every set of a suit's eight cards (a suit is one byte of a
    mask, B1), suit after suit: entry ``suit * 256 + byte``."""
    values = CONTRACTS[trump].values
    return tuple(
        sum(values[suit * 8 + i] for i in range(8) if byte >> i & 1)
        for suit in range(len(SUITS))
        for byte in range(256)
    )


_BYTE_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(_byte_points(t) for t in range(len(CONTRACTS)))


def card_points(trump: int, cards: int) -> int:
    """B1: the card points of the cards ``cards`` under the contract ``trump`` (by the suits'
    bytes: four lookups instead of a popcount per card value)."""
    points = _BYTE_POINTS[trump]
    return (
        points[cards & 255]
        + points[256 + (cards >> 8 & 255)]
        + points[512 + (cards >> 16 & 255)]
        + points[768 + (cards >> 24 & 255)]
    )


# -- the bid ladder (B3) --------------------------------------------------------------------------
CAPOT: Final = 250
VALUES: Final = (82, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, CAPOT)
WITH: Final = 1
WITHOUT: Final = 2
AGAINST: Final = 3
MODE_NAMES = {WITH: "with", WITHOUT: "without", AGAINST: "against"}


def scored_value(value: int) -> int:
    """B7: 82 scores as 80; Capot 250."""
    return 80 if value == 82 else value


COINCHE_MULTIPLIERS: Final = (1, 2, 4)
"""B7: the value scores once, twice coinched, four times surcoinched."""
COINCHE_WORDS = ("", "coinche", "surcoinche")


def set_aside(mode: int, discard: int, dog: int) -> tuple[int, int]:
    """B4: the cards laid aside that count, and for which side: With, the taker's discard for
    the attack; Without, the dog for the attack; Against, the dog for the defence."""
    if mode == WITH:
        return discard, 0
    return dog, 0 if mode == WITHOUT else 1


def attack_points(won: int, trump: int, last_trick: bool, laid_aside: int, belote: bool) -> int:
    """B1, B4, B5: what the attack counts: the card points of the cards ``won`` in its tricks and
    of the ``laid_aside`` cards that count for it (``set_aside``), the last trick's 10 if it
    took the sixth trick, and the belote's 20."""
    return (
        card_points(trump, won | laid_aside) + (LAST_TRICK if last_trick else 0) + (BELOTE if belote else 0)
    )


def still_needed(value: int, points: int, won: int, lost: int, belote: bool, last_trick: bool) -> int | None:
    """B1, B5, B7: what the attack still needs for a contract of ``value`` with the card
    ``points`` of its tricks so far, its announced ``belote`` and the last trick's 10 if it took
    it (0: it has it); at Capot the tricks still to win, the attack having ``won`` and the
    defence ``lost`` so far (None: the defence has one, Capot is lost)."""
    if value == CAPOT:
        return None if lost else TRICKS - won
    short = value - (points + (BELOTE if belote else 0) + (LAST_TRICK if last_trick else 0))
    return short if short > 0 else 0


def made(value: int, points: int, tricks: int) -> bool:
    """B7: the attack makes the contract with at least ``value`` points; Capot, with every trick."""
    return tricks == TRICKS if value == CAPOT else points >= value


def stake(value: int, coinche: int) -> int:
    """B7: what a contract of ``value`` scores, times the coinche."""
    return COINCHE_MULTIPLIERS[coinche] * scored_value(value)


def seat_scores(unit: int, taker: int, partner: int) -> tuple[int, ...]:
    """B7: the ``unit`` (the stake, signed: won or lost) twice to the taker and once to the
    partner, or four times to a taker alone; against each defender."""
    taken = 4 * unit if taker == partner else 2 * unit
    return tuple([taken if seat == taker else unit if seat == partner else -unit for seat in range(PLAYERS)])


def level(value: int, mode: int) -> int:
    """B3: the bid's rank on the ladder, 0 (82 With) .. 35 (Capot Against): tier, then dog mode."""
    return VALUES.index(value) * 3 + mode - 1


LEVELS = len(VALUES) * 3


def auction_over(passes: int, bid: bool) -> bool:
    """B3: four passes after a ``bid`` end the auction; five without one throw the hand in."""
    return passes == (PLAYERS - 1 if bid else PLAYERS)


def surcoinche_speakers(coincher: int, taker: int, partner: int) -> tuple[int, ...]:
    """B3: after a coinche the taker and his partner (one seat in a solo) speak once each, in
    turn from the ``coincher``."""
    if taker == partner:
        return (taker,)
    if (taker - coincher) % PLAYERS < (partner - coincher) % PLAYERS:
        return taker, partner
    return partner, taker


def surcoinched(seat: int, taker: int, partner: int) -> tuple[int, int]:
    """B3: the taker and partner after ``seat`` surcoinches: a surcoinching partner becomes the
    taker, the taker his partner."""
    return (taker, partner) if seat == taker else (seat, taker)


GAME_LENGTHS = ("5", "10", "15", "20")

INFO = GameInfo(
    id="taroinche",
    name="Taroinche",
    players=PLAYERS,
    deck=DECK,
    hands_per_game=5,
    options=(OptionSpec("hands", GAME_LENGTHS, "5", "game length in hands (B8)", length_only=True),),
    rules_version="1",
    summary="5 players, 32-card pack, 6 cards each and a dog of 2; bid a value, trump, dog mode and a "
    "partner (or yourself); coinche and surcoinche; the contract's value scores, card points do not.",
    side_names=SIDE_NAMES,
    partnerships=(),
    ruling_letter="B",
)
