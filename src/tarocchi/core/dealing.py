"""A pack shuffled as ``random.shuffle`` would, and dealt into hands and a stock, the piles'
bitmasks worked out as the cards go (compiled by mypyc where it can be): a game's
``initial_state`` then takes the masks of its own deal (``Dispatch.initial_state``) instead of
reading every card of it again."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final, cast

from tarocchi.core.cards import Card, Deck
from tarocchi.core.protocol import Deal


def _drawn_order(rng: random.Random, count: int) -> list[int]:
    """``list(range(count))`` in the order ``rng.shuffle`` leaves it: the same Fisher-Yates swaps
    from the end, each position's partner drawn by rejection from ``getrandbits`` of the bound's
    bit length, as ``random.Random`` draws them. Compiled, a call to ``getrandbits`` a swap
    instead of the Python-level ``_randbelow`` (a deal of 80 cards: about 12 us to about 3); the
    list and the widths hold Python ints that are passed and swapped as they are, never unboxed
    and boxed again."""
    order: list[object] = _IDENTITY[:count] if count <= len(_IDENTITY) else list(range(count))
    getrandbits = rng.getrandbits
    widths = _WIDTHS
    for i in range(count - 1, 0, -1):
        bound = i + 1
        width = widths[bound] if bound < len(widths) else bound.bit_length()
        j: int = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        order[i], order[j] = order[j], order[i]
    return cast(list[int], order)


_IDENTITY: Final[list[object]] = list(range(256))
"""``list(range(256))``, which ``_drawn_order`` copies the start of (a copy of references, not
a new int for each card)."""
_WIDTHS: Final[tuple[Any, ...]] = tuple(bound.bit_length() for bound in range(257))
"""Each bound's bit length, as the int ``getrandbits`` is passed (typed Any: passed as it is)."""


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


def _drawn_sample(rng: random.Random, first: int, stop: int, count: int) -> list[int]:
    """``rng.sample(range(first, stop), count)`` where ``random.sample`` draws from a pool (a
    population no larger than its set of picks would be): each pick's place in the pool drawn
    as ``_drawn_order`` draws, the pool's last unpicked item moved into it."""
    pool: list[object] = list(range(first, stop))
    size = len(pool)
    picked: list[object] = []
    getrandbits = rng.getrandbits
    for i in range(count):
        bound = size - i
        width = bound.bit_length()
        j: int = getrandbits(width)
        while j >= bound:
            j = getrandbits(width)
        picked.append(pool[j])
        pool[j] = pool[bound - 1]
    return cast(list[int], picked)


def _pooled(size: int, count: int) -> bool:
    """Whether ``random.sample`` of ``count`` from ``size`` items draws from a pool (its rule)."""
    most = 21
    if count > 5:
        most += 4 ** math.ceil(math.log(count * 3, 4))
    return size <= most


def _same_samples() -> bool:
    """Whether ``_drawn_sample`` picks what this Python's ``random.sample`` picks, and leaves the
    generator as it does, on a few seeds and sizes (else ``sampled`` keeps ``random.sample``)."""
    for seed in (0, 1, 12345):
        for first, stop, count in ((0, 10, 3), (1, 77, 6), (0, 80, 12), (5, 40, 5)):
            theirs, ours = random.Random(seed), random.Random(seed)
            if not _pooled(stop - first, count):
                continue
            if theirs.sample(range(first, stop), count) != _drawn_sample(ours, first, stop, count):
                return False
            if theirs.getstate() != ours.getstate():
                return False
    return True


_SAME_SAMPLES = _same_samples()


def sampled(rng: random.Random, first: int, stop: int, count: int) -> list[int]:
    """``rng.sample(range(first, stop), count)``, exactly (a seed's deals never change), drawn in
    compiled code for a plain ``random.Random`` (``random.sample`` is Python, a call to
    ``_randbelow`` a pick)."""
    plain = _SAME_SAMPLES and type(rng) is random.Random
    if plain and 0 <= count <= stop - first and _pooled(stop - first, count):
        return _drawn_sample(rng, first, stop, count)
    return rng.sample(range(first, stop), count)


_DEAL: Final = Deal
"""``Deal``, read compiled as a C static rather than from the module dict."""
_HALF: Final = 40
"""Masks are built in two halves of 40 cards, each a machine integer when compiled (no big-int
allocation a card)."""


def deal_by(
    cards: tuple[Card, ...], order: list[int], positions: tuple[tuple[int, ...], ...]
) -> tuple[Deal, tuple[int, ...]]:
    """The deal of the pack ``cards`` in shuffled ``order`` (card indices, top first), where
    ``positions[p]`` are the places in the pack of the cards pile ``p`` receives, in dealing order
    (the piles: each seat's hand, then the stock); and the masks of the piles."""
    piles: list[tuple[Card, ...]] = []
    masks: list[int] = []
    for places in positions:
        low = high = 0
        for place in places:
            index = order[place]
            if index < _HALF:
                low |= 1 << index
            else:
                high |= 1 << (index - _HALF)
        # a tuple built from its generator at its known size: compiled, no list grown first
        piles.append(tuple(cards[order[place]] for place in places))
        masks.append(low | high << _HALF)
    return _DEAL(tuple(piles[:-1]), piles[-1]), tuple(masks)


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


class Dealing:
    """How a game deals its pack (the game's ``info.deck``): its players, the sizes of a hand
    and of the stock, and for each dealer where each pile's cards lie in the shuffled pack
    (``deal_by``'s ``positions``; empty for a game whose places depend on more draws, which its
    ``deal_places`` makes). The compiled ``Dispatch.deal`` and ``initial_state`` read it."""

    def __init__(
        self,
        players: int,
        hand_size: int,
        stock_size: int,
        places: tuple[tuple[tuple[int, ...], ...], ...] = (),
    ) -> None:
        self.players = players
        self.hand_size = hand_size
        self.stock_size = stock_size
        self.places = places

    def masks_of(self, deck: Deck, deal: Deal) -> tuple[int, ...]:
        """The masks of ``deal``'s hands, then of its stock, after ``Deal.check``: for a deal
        the game did not just make (from a record, a test, a caller's own)."""
        deal.check(deck, self.players, self.hand_size, self.stock_size)
        return (*(deck.mask(hand) for hand in deal.hands), deck.mask(deal.stock))

    def __reduce__(
        self,
    ) -> tuple[type[Dealing], tuple[int, int, int, tuple[tuple[tuple[int, ...], ...], ...]]]:
        """Pickled as its constructor's arguments (compiled, it has no instance dict; a pickled
        game keeps it, and deals by it again)."""
        return (Dealing, (self.players, self.hand_size, self.stock_size, self.places))
