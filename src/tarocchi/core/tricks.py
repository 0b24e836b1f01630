"""Trick duties and trick winners as small tables and pure functions: the shared rulebook.

A ``TrickTable`` says, for every card index of a deck, its suit id and its strength; a game
builds one (or one per trump suit, where the contract chooses trumps) and the functions here
answer "what may I play" (``duty_plays``), "how strong is this card here" (``standing``) and "who
won" (``best_position``) with a few integer operations. They are the one definition of C3 and
C4: every game's rules compose them, and the engine's phase handlers and the playout kernels call
the games' compositions (compiled by mypyc, so a call is a C call).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol

from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Deck
from tarocchi.core.compiled import mypyc_attr

TRUMP: Final = 4
"""Suit id of the trump suit in a ``TrickTable`` (plain suits are 0..3)."""
FOOL: Final = 5
"""Suit id of the Fool, which belongs to no suit (C4)."""
TRUMPED: Final = 64
"""What a trump's ``standing`` adds to its strength: above every card of the suit led."""


class Trick(NamedTuple):
    """A completed trick: card indices in play order from ``leader``, and its winner."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class InTrickPlay(Protocol):
    """What every game's state holds of its trick play: the hands, the trick in progress from
    ``leader`` and the finished tricks (what the card-play phase, the views and the playout
    kernels read)."""

    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def leader(self) -> int: ...
    @property
    def trick(self) -> tuple[int, ...]:
        """Cards of the trick in progress, in play order from ``leader``."""

    @property
    def tricks(self) -> tuple[Trick, ...]: ...


@mypyc_attr(native_class=False)  # compiled, a frozen dataclass could not be copied or pickled
@dataclass(frozen=True, slots=True)
class TrickRules:
    """The duties of a game's trick play (C3 and the game's own ruling)."""

    must_overtrump: bool = False
    """Taroux T7: with a trump in the trick, a trump played must beat it if it can."""
    fool: bool = True
    """C4: the Fool may be played to any trick instead of a required card; it never wins."""
    ruling: str = ""
    """The game's ruling on these duties, named when a card is refused (empty: none named)."""


@mypyc_attr(native_class=False)  # compiled, a frozen dataclass could not be copied or pickled
@dataclass(frozen=True, slots=True)
class TrickTable:
    """Per-card suit ids and strengths, and the masks of each suit id."""

    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]
    leads: tuple[int | None, ...]
    """The suit id each card sets as the first card of a trick other than the Fool (the Fool's
    is None, C4): ``led = state.led; if led is None: led = leads[card]`` after every card."""
    following: tuple[int, ...]
    """Each suit id's cards with the Fool (C4: it may always be played), as ``duty_plays``
    takes them."""

    @property
    def trump_mask(self) -> int:
        return self.suit_masks[TRUMP]

    @property
    def fool_mask(self) -> int:
        return self.suit_masks[FOOL]

    @classmethod
    def natural(cls, deck: Deck) -> TrickTable:
        """Suits as dealt, trumps by rank, cards by rank within their suit (higher wins)."""
        letters = [s.letter for s in deck.suits]
        suit_of: list[int] = []
        for card in deck.cards:
            if card.suit == TRUMPS:
                suit_of.append(TRUMP)
            elif card.suit == FOOL_SUIT:
                suit_of.append(FOOL)
            else:
                suit_of.append(letters.index(card.suit))
        masks = [0] * 6
        for i, s in enumerate(suit_of):
            masks[s] |= 1 << i
        leads = tuple(None if s == FOOL else s for s in suit_of)
        following = tuple(mask | masks[FOOL] for mask in masks)
        return cls(tuple(suit_of), tuple(c.rank for c in deck.cards), tuple(masks), leads, following)

    def above(self) -> tuple[int, ...]:
        """``trumps_above(suit_of, power)`` of this table."""
        return trumps_above(self.suit_of, self.power)


def trumps_above(suit_of: tuple[int, ...] | list[int], power: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """``above[s + 1]``: the trumps whose ``standing`` is above ``s`` (every trump while ``s`` is
    a card of the suit led, or -1): the cards that beat the trick's best where a game demands it
    (T7, B6's overtrump)."""
    above = [0] * (TRUMPED + max(power) + 2)
    for card in range(len(suit_of)):
        if suit_of[card] == TRUMP:
            for s in range(-1, TRUMPED + power[card]):
                above[s + 1] |= 1 << card
    return tuple(above)


def standing(suit: int, power: int, led: int) -> int:
    """C3: how a card of ``suit`` and ``power`` stands in a trick whose suit to follow is ``led``
    (-1: none set yet): a trump above every other card, by its power; a card of the suit led by
    its power; any other card (a discard, the Fool) -1, never winning. Of two cards of one
    standing the first played stands higher: a caller keeps its best while the next is not above."""
    if suit == TRUMP:
        return power + TRUMPED
    if suit == led:
        return power
    return -1


def duty_plays(hand: int, following: int, trumps: int, fool: int, stronger: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose suit to follow has the cards
    ``following`` (C3): that suit, else trumps, else any card; of the cards allowed, those in
    ``stronger`` if it holds any (the trumps that beat the trick's best, where a game has that
    duty; 0 where it has none); and the Fool, ``fool`` (its one bit, 0 in a pack without it),
    always (C4). A lead is any card: the caller's case.

    ``following`` and ``trumps`` are given with the Fool in them (``TrickTable.following``): a
    Piedmont or Taroux hand is a mask past 62 bits, on which every operation allocates, so the
    suit led and the Fool are one ``and``, and so are the trumps and the Fool. The one definition
    of these duties, over plain masks: every game's ``plays`` calls it with its own tables."""
    allowed = hand & following
    if not allowed or allowed == fool:
        allowed = hand & trumps
        if not allowed or allowed == fool:
            return hand
    if stronger:
        higher = allowed & stronger
        if higher:
            return higher | (hand & fool)
    return allowed


def legal_plays(
    rules: TrickRules, table: TrickTable, hand: int, led: int | None, best_trump: int = -1
) -> int:
    """The mask of cards of ``hand`` that may be played (``duty_plays`` of ``rules``).

    ``led`` is the suit id set by the trick's first card (None when leading, or after a led
    Fool before anyone has set the suit); ``best_trump`` is the strength of the highest trump
    already in the trick (-1: none).
    """
    if led is None:
        return hand
    fool = table.suit_masks[FOOL] if rules.fool else 0
    masks = [mask | fool for mask in table.suit_masks]
    stronger = 0
    if rules.must_overtrump and best_trump >= 0:
        above = table.above()
        stronger = above[best_trump + TRUMPED + 1]
    return duty_plays(hand, masks[led], masks[TRUMP], fool, stronger)


def led_suit(table: TrickTable, cards: tuple[int, ...]) -> int | None:
    """The suit to follow: that of the first card that is not the Fool (C4)."""
    leads = table.leads
    for card in cards:
        if leads[card] is not None:
            return leads[card]
    return None


def winning_position(
    table: TrickTable, cards: tuple[int, ...], led: int | None, ignore: int = 0
) -> int | None:
    """Position in ``cards`` of the card that wins (C3, ``best_position``); None if no card can."""
    pos = best_position(cards, -1 if led is None else led, table.suit_of, table.power, ignore)
    return None if pos < 0 else pos


def best_position(
    cards: tuple[int, ...], led: int, suit_of: tuple[int, ...], power: tuple[int, ...], ignore: int
) -> int:
    """Position in ``cards`` of the card that wins (C3): the highest trump, else the highest card
    of the suit ``led`` (-1: none set); of two equal cards the first played is higher. Cards in
    the ``ignore`` mask and the Fool never win. -1 if no card can win. Over plain tables, as
    ``duty_plays``, for a game's compiled play step."""
    best = -1
    best_standing = -1
    for pos in range(len(cards)):
        card = cards[pos]
        if ignore and ignore >> card & 1:
            continue
        here = standing(suit_of[card], power[card], led)
        if here > best_standing:
            best, best_standing = pos, here
    return best


def best_standing(cards: tuple[int, ...], led: int, suit_of: tuple[int, ...], power: tuple[int, ...]) -> int:
    """The ``standing`` of the best card of ``cards`` (-1: none, or none that can win)."""
    best = -1
    for pos in range(len(cards)):
        card = cards[pos]
        here = standing(suit_of[card], power[card], led)
        if here > best:
            best = here
    return best


def winning_seat(
    table: TrickTable, cards: tuple[int, ...], leader: int, led: int | None, players: int, ignore: int = 0
) -> int:
    """The seat, of ``players``, whose card wins ``cards`` led by ``leader`` (``winning_position``);
    for tricks in which some card can win, as the card that set the suit always can."""
    pos = winning_position(table, cards, led, ignore)
    if pos is None:
        raise AssertionError(f"no card can win the trick of card indices {cards}")
    return (leader + pos) % players


class Suits(Protocol):
    """What ``voids`` reads of a trick table: each card's suit id and strength, each suit id's
    cards (a ``TrickTable``, or a contract's table in a game that chooses trumps)."""

    @property
    def suit_of(self) -> tuple[int, ...]: ...
    @property
    def power(self) -> tuple[int, ...]: ...
    @property
    def suit_masks(self) -> tuple[int, ...]: ...


def voids(
    tricks: Iterable[Iterable[tuple[int, int]]],
    table: Suits,
    players: int,
    dead: int = 0,
    above: tuple[int, ...] = (),
    beat: tuple[int, ...] = (),
    partners: int = -1,
) -> list[int]:
    """For each of ``players`` seats, the cards play has shown it cannot hold, C3's duties read
    backwards: one who did not follow the suit led lacks that suit, and if he did not trump
    either, trumps; with ``above`` (``trumps_above``: a duty to beat the trick's best trump, T7,
    B6), one who played a trump below the trick's best lacks the trumps above it; with ``beat``
    (a duty to beat the best card of the suit followed, B6: ``beat[led * STRIDE + s + 1]`` the
    cards of suit ``led`` above a best of standing ``s``), one who followed below the best lacks
    the cards of the suit above it; with ``partners`` (the mask of one side's seats, B6), a seat
    whose own side is winning the trick has no duty to trump, and shows nothing by not trumping.

    ``tricks`` are the plays of each trick as (seat, card index) in the order made (``views.
    trick_plays``). The Fool (C4) sets no suit and shows nothing; nor does a card in ``dead`` (a
    card P4 forces out of play)."""
    lacks = [0] * players
    suit_of, power, masks = table.suit_of, table.power, table.suit_masks
    stride = len(beat) // len(masks)
    for plays in tricks:
        led = -1
        best = -1
        best_seat = -1
        for seat, card in plays:
            suit = suit_of[card]
            if suit == FOOL or dead >> card & 1:
                continue
            if led < 0:
                led = suit
            here = standing(suit, power[card], led)
            if suit != led:
                lacks[seat] |= masks[led]
            if here > best:
                best = here
                best_seat = seat
            elif suit == led:
                if beat:
                    lacks[seat] |= beat[led * stride + best + 1]
                elif above and suit == TRUMP:
                    lacks[seat] |= above[best + 1]
            elif partners >= 0 and (partners >> seat & 1) == (partners >> best_seat & 1):
                continue  # B6: one's own side is winning the trick: no duty to trump
            elif suit != TRUMP:
                lacks[seat] |= masks[TRUMP]
            elif above:
                lacks[seat] |= above[best + 1]
    return lacks


def duty_refusal(
    deck: Deck, table: TrickTable, rules: TrickRules, hand: int, card: int, led: int | None, allowed: int
) -> str:
    """Why ``card`` may not be played from ``hand`` (it is known to be refused): not held, else the
    C3 duty it breaks (follow suit, else trump), naming the cards ``allowed`` instead."""
    code = deck.cards[card].code
    if not hand >> card & 1:
        return f"{code} is not in your hand"
    assert led is not None  # a lead is always legal
    codes = deck.codes(allowed)
    ruling = f" ({rules.ruling})" if rules.ruling else ""
    if led == TRUMP:
        return f"trumps were led and you hold trumps: you must play a trump ({codes}){ruling}"
    suit = deck.suits[led].name
    if hand & table.suit_masks[led]:
        return f"{suit} was led and you hold {suit}: you must follow suit ({codes}){ruling}"
    return f"you have no {suit} but hold trumps: you must play a trump ({codes}){ruling}"
