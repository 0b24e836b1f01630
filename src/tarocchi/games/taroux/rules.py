"""Taroux of Six as data: pack, values, seating, the bid ladder and the duties (T1-T11, C3, C4);
its trick rules as functions over ints (``plays``, ``fool_takes_last``), which the engine and the
playout kernel both call."""

from __future__ import annotations

from typing import Final

from tarocchi.core.cards import TRUMPS, points_of, value_masks
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


FOOL: Final = DECK.card("FOOL").index
MAGICIAN: Final = DECK.card("T1").index
WORLD: Final = DECK.card("T21").index
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


def bid_level(name: str | None) -> int:
    """T3: the level of the bid named ``name`` (one of ``BID_NAMES``; None: no bid yet, 0)."""
    return 0 if name is None else BID_NAMES.index(name)


def real_bid(level: int) -> bool:
    """T3: We'll Take and above are the bids that may win the auction and be contra'd: a Prop or
    a Stand left highest throws the hand in."""
    return level >= TAKE


def auction_over(passes: int, high: int) -> bool:
    """T3: five consecutive passes after the last bid or call end the auction (the highest bid
    ``high``); with no bid yet, all six pass."""
    return passes == PASSES_TO_END + (high == 0)


def window_passes_on(seat: int, bidder: int, recontra: bool) -> bool:
    """T3: after a Contra the bidder, then his partner, may Re-contra: the bidder's decline hands
    the window on to his partner; a Re-contra, or the partner's decline, closes it."""
    return not recontra and seat == bidder


def takes_stock(contract: int) -> bool:
    """T5: under We'll Take the stock is turned up and the Declarers take it; under Without and
    Against it lies apart."""
    return contract == TAKE


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


def abundance_size(trumps: int) -> int:
    """T6: how many trumps the largest Abundance a hand of ``trumps`` trumps may declare shows
    (0: fewer than the Small's)."""
    for needed, _, _ in ABUNDANCES:
        if trumps >= needed:
            return needed
    return 0


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


def declarers(bidder: int) -> int:
    """T1, T3: the seats of the bidder's partnership, the Declarers, as a mask."""
    return (1 << bidder) | (1 << partner_of(bidder))


def sides(bidder: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """T1, T3: the Declarers (the bidder and his partner) and the Defenders, each in seat order."""
    team = declarers(bidder)
    return (
        tuple(seat for seat in range(PLAYERS) if team >> seat & 1),
        tuple(seat for seat in range(PLAYERS) if not team >> seat & 1),
    )


DECLARERS: Final = 0
DEFENDERS: Final = 1
"""The two sides, as the sheet and the kernel number them."""
_VALUE_MASKS: Final = value_masks(VALUES)


def set_aside_side(contract: int, tricks: tuple[int, int]) -> int:
    """T5: the side the cards set aside (the discards at We'll Take, else the stock) count for:
    the Defenders at We'll Take Against, else the Declarers; to the other side if that one won
    no trick (``tricks``: each side's)."""
    owner = DEFENDERS if contract == AGAINST else DECLARERS
    return 1 - owner if tricks[owner] == 0 else owner


def card_values(pile: int) -> int:
    """T1: the values of the cards ``pile``, added up."""
    return points_of(pile, _VALUE_MASKS)


def pairs_of(cards: int) -> int:
    """T8: the pairs ``cards`` cards are counted in (an odd card left over makes none)."""
    return cards // 2


def in_pairs(values: int, cards: int) -> int:
    """T8: ``cards`` cards of ``values`` card values in all, counted in pairs: one point off
    per pair."""
    return values - pairs_of(cards)


def counted(pile: int) -> int:
    """T8: the card values of the cards ``pile`` counted in pairs (``in_pairs``)."""
    return in_pairs(card_values(pile), pile.bit_count())


def target(pile: int) -> int:
    """T8: what the Declarers need with the Honours among their cards ``pile``."""
    return TARGETS[(pile & HONOURS).bit_count()]


def still_needed(points: int, honours: int) -> int:
    """T8: what the Declarers still need, with ``points`` counted so far and ``honours`` Honours
    won, for their target (0: they have it)."""
    short = TARGETS[honours] - points
    return short if short > 0 else 0


def won_or_lost(points: int, needed: int) -> int:
    """T10: the Declarers' base, 25 and the margin over or under the target: won (positive) at
    ``points`` >= ``needed``, else lost (negative)."""
    base = WIN_BONUS + abs(points - needed)
    return base if points >= needed else -base


def sparrow_winner(holder: int, winner: int, side: int) -> int:
    """T9: the seat that brought the Magician home: ``holder``, who played it to the last trick
    (-1: it was not there), when the last trick's ``winner`` is of its side (``side``: the
    Declarers' seats); -1 otherwise."""
    if holder < 0 or (side >> holder & 1) != (side >> winner & 1):
        return -1
    return holder


def sparrow(announcer: int, achieved: int, side: int) -> int:
    """T10: the Sparrow for the Declarers (``side``: their seats): announced by ``announcer``,
    20 won by its side if ``achieved`` by that seat, else 20 to the other side; unannounced,
    10 for the side of the seat that ``achieved`` it (-1: none)."""
    if announcer >= 0:
        sign = 1 if side >> announcer & 1 else -1
        return sign * SPARROW_ANNOUNCED if achieved == announcer else -sign * SPARROW_ANNOUNCED
    if achieved >= 0:
        return SPARROW_UNANNOUNCED if side >> achieved & 1 else -SPARROW_UNANNOUNCED
    return 0


def slam(announced: bool, tricks: tuple[int, int]) -> int:
    """T10: announced, 400 for the Declarers if they took every trick, else 400 against them;
    unannounced, 200 for the side that took every trick (``tricks``: each side's)."""
    if announced:
        return SLAM_ANNOUNCED if tricks[DECLARERS] == TRICKS else -SLAM_ANNOUNCED
    if tricks[DECLARERS] == TRICKS:
        return SLAM_UNANNOUNCED
    if tricks[DEFENDERS] == TRICKS:
        return -SLAM_UNANNOUNCED
    return 0


def multiplied(base: int, sparrow: int, contract: int, contra: int) -> int:
    """T10: the won or lost base and the Sparrow, times the bid's and the Contra's multipliers."""
    return (base + sparrow) * BID_MULTIPLIER[contract] * CONTRA_MULTIPLIER[contra]


def declarers_score(base: int, sparrow: int, contract: int, contra: int, abundances: int, slam: int) -> int:
    """T10: the Declarers' score r: ``multiplied``, then the Abundances' points (for the
    Declarers if the ``base`` was won, else against them) and the Slam, never multiplied."""
    r = multiplied(base, sparrow, contract, contra)
    return r + (abundances if base > 0 else -abundances) + slam


def seat_scores(r: int, side: int) -> tuple[int, ...]:
    """T10: each Defender pays ``r`` to the Declarers (``side``: their seats), who get 2r each."""
    return tuple(2 * r if side >> seat & 1 else -r for seat in range(PLAYERS))


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
