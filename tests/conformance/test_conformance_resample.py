"""One resample contract in the game API. ``game.resample(view, rng)`` gives a full
state the seat cannot tell from the real one, for every game and option (a property test), and
refuses a spectator's view and another game's in one line."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance_tools import CONFIG_IDS, CONFIGS, Config, PlayedHand, make_game
from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi.core.errors import ArgumentError
from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, get_game


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.floats(0.0, 1.0))
def test_a_resampled_state_reproduces_the_view_exactly(config: Config, seed: int, stop: float) -> None:
    """Play a random hand to a random point; for the seat to act, resampled states give exactly
    the view it has, keep every card in one place, and let the hand be played to its end."""
    game = make_game(config)
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
        world = game.resample(view, rng)
        assert game.view(world, seat) == view
        assert game.audit(world) == []
        while game.to_act(world) is not None:
            world = game.apply(world, rng.choice(game.legal_actions(world)))
        assert game.outcome(world) is not None


def test_every_seat_at_every_point_of_a_hand_gets_its_own_view_back(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    """Not only the seat to act: any seat, at every point of a whole hand, the last included."""
    rng = random.Random(0)  # draws the worlds; the hands come from the shared fixture
    hand = played_hands[0]
    for state in [*hand.states[:: max(1, len(hand.states) // 12)], hand.final]:
        for seat in range(game.players):
            view = game.view(state, seat)
            assert game.view(game.resample(view, rng), seat) == view


def test_a_spectator_or_another_games_view_is_refused_in_one_line(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    state = played_hands[0].states[len(played_hands[0].states) // 2]
    with pytest.raises(ArgumentError, match="a spectator's view has no hand to resample around"):
        game.resample(game.view(state, None), random.Random(0))
    other = get_game(next(g for g in available_games() if g != game.info.id))
    with pytest.raises(ArgumentError, match=f"a view of {game.info.id}, not of {other.info.id}"):
        other.resample(game.view(state, 0), random.Random(0))
