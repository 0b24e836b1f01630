"""Dealing the unseen cards into the places they may be, under what play has revealed."""

from __future__ import annotations

import random

from tarocchi.core.cards import bits


def deal_unseen(
    unseen: int, capacities: list[int], forbidden: list[int], rng: random.Random, tries: int = 200
) -> list[int]:
    """Split the cards of ``unseen`` into places of the given sizes, no card in a place that
    forbids it (a revealed void, a discard rule). Most constrained cards go first, each to a
    place drawn in proportion to its room, so worlds come out close to uniform. Raises
    ValueError if no split is found (the constraints contradict each other)."""
    cards = list(bits(unseen))
    places = range(len(capacities))
    fits = {card: sum(1 for p in places if not forbidden[p] >> card & 1) for card in cards}
    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=fits.__getitem__)
        room = list(capacities)
        masks = [0] * len(capacities)
        for card in cards:
            options = [p for p in places if room[p] and not forbidden[p] >> card & 1]
            if not options:
                break
            place = rng.choices(options, weights=[room[p] for p in options])[0]
            room[place] -= 1
            masks[place] |= 1 << card
        else:
            return masks
    raise ValueError("no placement of the unseen cards fits what play has revealed")
