"""Trick duties and trick winners as small tables and pure functions.

A ``TrickTable`` says, for every card index of a deck, its suit id and its strength; a game
builds one (or one per trump suit, where the contract chooses trumps) and the functions here
answer "what may I play" and "who won" with a few integer operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from tarocchi.core.cards import FOOL_SUIT, TRUMPS, Deck
from tarocchi.core.compiled import mypyc_attr

TRUMP: Final = 4
"""Suit id of the trump suit in a ``TrickTable`` (plain suits are 0..3)."""
FOOL: Final = 5
"""Suit id of the Fool, which belongs to no suit (C4)."""


class Trick(NamedTuple):
    """A completed trick: card indices in play order from ``leader``, and its winner."""

    leader: int
    cards: tuple[int, ...]
    winner: int


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
        return cls(tuple(suit_of), tuple(c.rank for c in deck.cards), tuple(masks), leads)


def duty_plays(hand: int, following: int, trumps: int, fools: int, stronger: int) -> int:
    """The cards of ``hand`` that may be played to a trick whose suit to follow has the cards
    ``following`` (C3): that suit, else trumps, else any card; of the trumps allowed, those in
    ``stronger`` if it holds any (a duty to beat the trick's best trump; ``trumps`` where a game
    has none); and the Fool, ``fools``, always (C4). A lead is any card: the caller's case.

    The one definition of these duties, over plain masks, so that a game's compiled play step
    calls it with its own tables and no frozen dataclass is read on the hot path."""
    allowed = hand & following
    if not allowed:
        allowed = hand & trumps
        if not allowed:
            return hand
    if allowed & trumps:
        higher = allowed & stronger
        if higher:
            allowed = higher
    return allowed | (hand & fools)


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
    masks = table.suit_masks
    trumps = masks[TRUMP]
    stronger = trumps
    if rules.must_overtrump and best_trump >= 0:
        power = table.power
        stronger = 0
        m = hand & trumps
        while m:
            low = m & -m
            if power[low.bit_length() - 1] > best_trump:
                stronger |= low
            m ^= low
    return duty_plays(hand, masks[led], trumps, masks[FOOL] if rules.fool else 0, stronger)


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
    best_is_trump = False
    best_power = -1
    for pos in range(len(cards)):
        card = cards[pos]
        if ignore and ignore >> card & 1:
            continue
        suit = suit_of[card]
        strength = power[card]
        if suit == TRUMP:
            if not best_is_trump or strength > best_power:
                best, best_is_trump, best_power = pos, True, strength
        elif suit == led and not best_is_trump and strength > best_power:
            best, best_power = pos, strength
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
