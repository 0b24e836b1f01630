"""Trio (``tests/fixture_game``), a game with no line of the research adapters written for it:
its PettingZoo environment passes PettingZoo's own api_test, seed_test and render_test, for a
hand and for a whole game, and every observation lies in its space (the bounds come from the
rules and declared in its manifest), as the built-in games' do."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from tarocchi.core.protocol import Game, HandContext
from tarocchi.research import encoding
from tarocchi.research.incremental import IncrementalEncoder
from tarocchi.research.pettingzoo import env

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent probably should"
)
"""What api_test says of every dict observation, PettingZoo's own card games' included."""


@pytest.fixture(autouse=True)
def _no_kept_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    """No encoder kept from before or after."""
    monkeypatch.setattr(encoding, "_ENCODERS", {})


@pytest.mark.parametrize("tensor", ["observation", "information_state"])
def test_api_seed_and_render_tests(trio: Game[Any], tensor: str, capsys: pytest.CaptureFixture[str]) -> None:
    api_test(env("trio", tensor=tensor), num_cycles=100)
    seed_test(lambda: env("trio", tensor=tensor), num_cycles=100)
    api_test(env("trio", tensor=tensor, episode="match"), num_cycles=300)
    render_test(lambda render_mode: env("trio", render_mode=render_mode))
    assert "To act:" in capsys.readouterr().out, "the human mode printed the table"


@pytest.mark.parametrize("tensor", ["observation", "information_state"])
def test_every_observation_of_whole_games_lies_in_its_space(trio: Game[Any], tensor: str) -> None:
    environment = env("trio", tensor=tensor, episode="match")
    rng = random.Random(7)
    for seed in range(5):
        environment.reset(seed=seed)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            assert environment.observation_space(agent).contains(observation), (seed, agent)
            if terminated or truncated:
                environment.step(None)
                continue
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_the_followed_tensors_are_the_views_tensors(trio: Game[Any]) -> None:
    """Trio's follower (its manifest's) counts the running state trick by trick and reads calls
    from the view: at every step of random hands, bit for bit the tensors of the seat's view."""
    enc = encoding.encoder(trio)
    fast = IncrementalEncoder(trio)
    rng = random.Random(11)
    followed = 0
    for number in range(12):
        dealer = number % trio.players
        state = trio.initial_state(trio.deal(rng, dealer), HandContext(1, dealer, (0,) * trio.players))
        while True:
            seat = trio.to_act(state)
            seat = seat if seat is not None else rng.randrange(trio.players)
            view = trio.view(state, seat)
            before = fast.full_encodes
            info = fast.information_state(state, seat).copy()
            np.testing.assert_array_equal(info, enc.encode_information_state(view))
            np.testing.assert_array_equal(fast.action_mask(state, seat), enc.action_mask(view))
            followed += fast.full_encodes == before
            if trio.to_act(state) is None:
                break
            state = trio.apply(state, rng.choice(trio.legal_actions(state)))
    assert followed > 80, followed  # of 180 card plays: most are followed, not encoded again
