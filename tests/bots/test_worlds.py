"""World samplers: every sampled world is one the seat cannot tell from the real one (one property
test for every game in the bots registry, `bots/registry.py`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi import get_game
from tarocchi.bots.registry import game_players, games_with_players
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import game_info

OPTIONS = [
    (game_id, {spec.name: choice})
    for game_id in games_with_players()
    for spec in game_info(game_id).options[:1]
    for choice in spec.choices
] + [(game_id, {}) for game_id in games_with_players() if not game_info(game_id).options]
"""Every game with computer players (so with a sampler): each choice of its first option, or its
defaults if it has none."""


@pytest.mark.parametrize(("game_id", "options"), OPTIONS, ids=lambda x: str(x))
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.floats(0.0, 1.0))
def test_a_sampled_world_reproduces_the_view_exactly(
    game_id: str, options: dict[str, str], seed: int, stop: float
) -> None:
    """Play a random hand to a random point; for the seat to act, sampled worlds give exactly
    the view it has, keep every card in one place, and let the hand be played to its end."""
    game = get_game(game_id, options)
    sample = game_players(game).sample_world
    rng = random.Random(seed)
    dealer = rng.randrange(game.players)
    state: Any = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
    while (seat := game.to_act(state)) is not None:
        if rng.random() < stop / 10 or rng.random() < 0.02:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    seat = game.to_act(state)
    if seat is None:
        return
    view = game.view(state, seat)
    for _ in range(3):
        world = sample(game, view, rng)
        assert game.view(world, seat) == view
        assert game.audit(world) == []
        while game.to_act(world) is not None:
            world = game.apply(world, rng.choice(game.legal_actions(world)))
        assert game.outcome(world) is not None
