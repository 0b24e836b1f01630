"""Every way to share some places' cards out again at the same sizes: the joint chi-square tests
of resampling enumerate the deals a seat cannot tell apart with these, not with the samplers."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from math import factorial, prod

from tarocchi.core.cards import bits

Sharing = tuple[tuple[str, int], ...]
"""Where each card lies: (place, card index) pairs, sorted."""


def sharing_of(places: dict[str, int]) -> Sharing:
    return tuple(sorted((name, card) for name, mask in places.items() for card in bits(mask)))


def count_sharings(places: dict[str, int]) -> int:
    """How many ``sharings`` there are: the multinomial of the places' sizes."""
    sizes = [mask.bit_count() for mask in places.values()]
    return factorial(sum(sizes)) // prod(factorial(size) for size in sizes)


def sharings(places: dict[str, int]) -> Iterator[dict[str, int]]:
    """Every way to share the places' cards among them again, each place keeping its size."""
    names = list(places)
    cards: list[int] = sorted(card for mask in places.values() for card in bits(mask))

    def share(at: int, left: list[int]) -> Iterator[dict[str, int]]:
        if at == len(names) - 1:
            yield {names[at]: sum(1 << card for card in left)}
            return
        for chosen in itertools.combinations(left, places[names[at]].bit_count()):
            rest = [card for card in left if card not in chosen]
            for later in share(at + 1, rest):
                yield {names[at]: sum(1 << card for card in chosen), **later}

    yield from share(0, cards)
