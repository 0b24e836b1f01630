"""The PettingZoo AEC environments pass PettingZoo's own api_test and seed_test, for every game
and option, and keep the promises of docs/research.md (rewards, seeding, illegal actions)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from research_tools import CONFIGS, IDS, Config

from tarocchi.research.pettingzoo import TarocchiAEC, env

DICT_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should")
"""What api_test says of every dict observation, PettingZoo's own card games' included."""


@pytest.fixture(autouse=True)
def _quiet_dict_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        for text in DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        yield


@pytest.mark.parametrize("tensor", ["observation", "information_state"])
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_api_and_seed_tests(config: Config, tensor: str) -> None:
    game_id, options = config
    api_test(env(game_id, tensor=tensor, **options), num_cycles=100)
    seed_test(lambda: env(game_id, tensor=tensor, **options), num_cycles=100)


def _play(environment: TarocchiAEC, rng: random.Random) -> dict[str, float]:
    """Random legal play to the end; each agent's reward as ``last`` gives it when it is done."""
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            environment.step(None)
            continue
        mask = observation["action_mask"]
        legal = {environment.game.action_id(a) for a in environment.seat_view(agent).legal_actions}
        assert set(np.flatnonzero(mask)) == legal
        environment.step(int(rng.choice(sorted(legal))))
    return rewards


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_rewards_are_the_hands_game_points(config: Config) -> None:
    game_id, options = config
    environment = env(game_id, **options)
    environment.reset(seed=5)
    rewards = _play(environment, random.Random(5))
    result = environment.game.outcome(environment.state_)
    assert result is not None
    assert rewards == {f"seat_{seat}": float(score) for seat, score in enumerate(result.scores)}
    assert environment.agents == []


def test_the_same_seed_deals_the_same_hand() -> None:
    one, two = env("taroux"), env("taroux")
    one.reset(seed=11)
    two.reset(seed=11)
    assert one.state_ == two.state_
    np.testing.assert_array_equal(one.last()[0]["observation"], two.last()[0]["observation"])
    two.reset(seed=12)
    assert one.state_ != two.state_
    one.reset()
    assert one.state_ != two.state_


def test_an_illegal_action_names_the_legal_ones() -> None:
    environment = env("piedmont")
    environment.reset(seed=1)
    mask = environment.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"is not legal for seat_\d now.*; legal: \d+ \("):
        environment.step(illegal)
    with pytest.raises(ValueError, match="no action of piedmont"):
        environment.step(10_000)


def test_ansi_render_shows_the_seat_to_act() -> None:
    environment = env("sicilian", render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str)
    assert f"{environment.agent_selection} to act" in text
    assert "legal:" in text
    assert env("sicilian").render() is None


def test_unknown_tensor_and_render_mode_are_refused() -> None:
    with pytest.raises(ValueError, match="tensor must be one of"):
        env("piedmont", tensor="state")
    with pytest.raises(ValueError, match="render_mode"):
        env("piedmont", render_mode="human")
