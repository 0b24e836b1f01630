"""Resampling draws the unseen cards without favouring a place (the uniformity check, first
part): at a seat's first decision, before play or any call has told it
anything but its own cards, every unseen card lies in each hidden place (another hand, the stock,
the dog, a discard) in proportion to that place's size. Counted over many resampled worlds from
the golden deals (written in notation) and judged by a chi-square test per card.

This checks the marginals only: a sampler that favours a place for some cards fails it (one that
placed cards in a fixed order with weights growing faster than the room left failed 6 of the 9
variants); whether the joint draw is uniform over every consistent deal once play has
constrained it is left to a later test."""

from __future__ import annotations

import random
from typing import Any

import pytest
from chisquare import chi2_sf
from golden_deals import VARIANTS, Variant
from golden_tools import make_game, parse_deal

from tarocchi.core.cards import bits
from tarocchi.core.protocol import HandContext

WORLDS = 400
"""Worlds drawn per game: about 100 or more expected per card in each of the larger places."""
P_FLOOR = 1e-6
"""A card fails only if its counts are this unlikely under uniform placing: with some 250 cards
tested in all, a fair sampler fails the whole test about once in four thousand runs, while one
that puts a card where it does not belong fails by hundreds of orders of magnitude."""


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.deals], ids=lambda v: v.name)
def test_unseen_cards_go_to_each_hidden_place_in_proportion_to_its_size(variant: Variant) -> None:
    game = make_game(variant)
    golden = variant.deals[0]
    state: Any = game.initial_state(
        parse_deal(game, golden), HandContext(1, golden.dealer, (0,) * game.players)
    )
    seat = game.to_act(state)
    assert seat is not None
    view = game.view(state, seat)
    known = view.hand.mask | view.own_discard.mask
    places = {name: mask for name, mask in game.card_locations(state).items() if mask & ~known}
    unseen = sum(places.values()) & ~known
    sizes = {name: (mask & ~known).bit_count() for name, mask in places.items()}
    assert len(sizes) >= 2 and sum(sizes.values()) == unseen.bit_count()

    counts = {card: dict.fromkeys(places, 0) for card in bits(unseen)}
    rng = random.Random(12)  # draws the worlds; the deal is the golden one
    for _ in range(WORLDS):
        world = game.resample(view, rng)
        for name, mask in game.card_locations(world).items():
            for card in bits(mask & unseen):
                counts[card][name] += 1
    total = unseen.bit_count()
    for card, where in counts.items():
        assert sum(where.values()) == WORLDS, f"{game.deck.cards[card].code} went to no hidden place"
        statistic = sum(
            (where[name] - WORLDS * size / total) ** 2 / (WORLDS * size / total)
            for name, size in sizes.items()
        )
        p = chi2_sf(statistic, len(sizes) - 1)
        assert p > P_FLOOR, f"{variant.name}: {game.deck.cards[card].code} placed {where}, p = {p:.2g}"
