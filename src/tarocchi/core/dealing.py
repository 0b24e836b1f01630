"""A pack shuffled as ``random.shuffle`` would, and dealt into hands and a stock, the piles'
bitmasks worked out as the cards go (compiled by mypyc where it can be): a game's
``initial_state`` then takes the masks of its own deal (``Game.dealt_masks``) instead of reading
every card of it again."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from tarocchi.core.cards import Card
from tarocchi.core.protocol import Deal


def _drawn_order(rng: random.Random, count: int) -> list[int]:
    """``list(range(count))`` in the order ``rng.shuffle`` leaves it: the same Fisher-Yates swaps
    from the end, each position's partner drawn by rejection from ``getrandbits`` of the bound's
    bit length, as ``random.Random`` draws them. Compiled, a call to ``getrandbits`` a swap
    instead of the Python-level ``_randbelow`` (a deal of 80 cards: about 12 us to about 4)."""
    order = list(range(count))
    getrandbits = rng.getrandbits
    for i in range(count - 1, 0, -1):
        bound = i + 1
        width = bound.bit_length()
        j = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        order[i], order[j] = order[j], order[i]
    return order


def _same_draws() -> bool:
    """Whether ``_drawn_order`` deals as this Python's ``random.shuffle`` does, order and the
    generator's state after, tried on a few seeds and sizes (a Python that shuffles otherwise
    keeps its own shuffle: a seed's deals must not change)."""
    for seed in (0, 1, 12345):
        for count in (2, 23, 78, 80):
            order = list(range(count))
            theirs, ours = random.Random(seed), random.Random(seed)
            theirs.shuffle(order)
            if order != _drawn_order(ours, count) or theirs.getstate() != ours.getstate():
                return False
    return True


_SAME_DRAWS = _same_draws()


def shuffled(rng: random.Random, count: int) -> list[int]:
    """The indices ``0..count-1`` shuffled by ``rng``: exactly ``rng.shuffle``'s order, so the
    permutation a game deals its pack in (the cards at these indices) is the one a seed always
    gave; faster for a plain ``random.Random`` (``_drawn_order``)."""
    if _SAME_DRAWS and type(rng) is random.Random:
        return _drawn_order(rng, count)
    order = list(range(count))
    rng.shuffle(order)
    return order


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
