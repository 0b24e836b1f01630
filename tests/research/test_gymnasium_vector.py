"""Gymnasium's vector environments run every game: ``gymnasium.make_vec`` in both modes, sync
(copies in one process) and async (each copy in a process of its own, observations pickled
back), hands random legal ids from each copy's mask, and every batched observation lies in the
vector environment's space; each copy resets itself when its episode ends and goes on."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest

from tarocchi.core.registry import available_games
from tarocchi.research import gymnasium as registered  # noqa: F401  (registers tarocchi/<game>-v0)

COPIES = 2
STEPS = 60
"""More steps than the seat takes in a hand of any game, so that every copy's episode ends and
it resets."""


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render fps")
        yield


def _run(vector: gymnasium.vector.VectorEnv, steps: int) -> int:
    """Random legal steps; the number of episodes that ended. A copy whose episode ended resets
    at its next step (Gymnasium's next-step autoreset), whatever the action: its observation
    until then is the hand's last, with no legal id."""
    rng = random.Random(5)
    observation, _ = vector.reset(seed=5)
    ended = np.zeros(COPIES, dtype=bool)
    count = 0
    for _ in range(steps):
        assert vector.observation_space.contains(observation)
        masks = observation["action_mask"]
        assert masks.shape[0] == COPIES
        assert all(mask.any() != done for mask, done in zip(masks, ended, strict=True))
        actions = np.array(
            [0 if done else rng.choice(np.flatnonzero(mask)) for mask, done in zip(masks, ended, strict=True)]
        )
        observation, rewards, terminated, truncated, _ = vector.step(actions)
        assert rewards.shape == (COPIES,) and not truncated.any()
        assert not rewards[ended].any(), "a copy's reset step has no reward"
        ended = terminated
        count += int(terminated.sum())
    return count


@pytest.mark.parametrize("game_id", available_games())
def test_a_sync_vector_environment_plays_every_game(game_id: str) -> None:
    vector = gymnasium.make_vec(
        f"tarocchi/{game_id}-v0", num_envs=COPIES, vectorization_mode="sync", opponents="easy"
    )
    try:
        assert _run(vector, STEPS) >= COPIES, "every copy ends a hand and resets"
    finally:
        vector.close()


def test_an_async_vector_environment_runs_each_copy_in_a_process() -> None:
    vector = gymnasium.make_vec(
        "tarocchi/taroinche-v0", num_envs=COPIES, vectorization_mode="async", opponents="easy"
    )
    try:
        assert _run(vector, STEPS) >= COPIES, "every copy ends a hand and resets"
    finally:
        vector.close()
