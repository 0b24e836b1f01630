"""A shuffled pack dealt into hands and a stock, the piles' bitmasks worked out as the cards go
(compiled by mypyc where it can be): a game's ``initial_state`` then takes the masks of its own
deal (``Game.dealt_masks``) instead of reading every card of it again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tarocchi.core.cards import Card
from tarocchi.core.protocol import Deal

_HALF: Final = 40
"""Masks are built in two halves of 40 cards, each a machine integer when compiled (no big-int
allocation a card)."""


def deal_by(
    cards: tuple[Card, ...], order: list[int], positions: Sequence[Sequence[int]]
) -> tuple[Deal, tuple[int, ...]]:
    """The deal of the pack ``cards`` in shuffled ``order`` (card indices, top first), where
    ``positions[p]`` are the places in the pack of the cards pile ``p`` receives, in dealing order
    (the piles: each seat's hand, then the stock); and the masks of the piles."""
    piles: list[tuple[Card, ...]] = []
    masks: list[int] = []
    for places in positions:
        pile: list[Card] = []
        low = high = 0
        for place in places:
            index = order[place]
            pile.append(cards[index])
            if index < _HALF:
                low |= 1 << index
            else:
                high |= 1 << (index - _HALF)
        piles.append(tuple(pile))
        masks.append(low | high << _HALF)
    return Deal(tuple(piles[:-1]), piles[-1]), tuple(masks)


def places_in_packets(
    packets: Sequence[tuple[int, bool]], dealer: int, players: int
) -> tuple[tuple[int, ...], ...]:
    """``deal_by``'s ``positions`` for a deal in ``packets`` of (size, to the stock): a packet to
    each player in turn from the dealer's left, or one to the stock."""
    piles: list[list[int]] = [[] for _ in range(players + 1)]
    place = 0
    for size, to_stock in packets:
        for i in range(1 if to_stock else players):
            pile = players if to_stock else (dealer + 1 + i) % players
            piles[pile].extend(range(place, place + size))
            place += size
    return tuple(tuple(pile) for pile in piles)
