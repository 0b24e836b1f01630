"""Every PettingZoo and Gymnasium environment and every OpenSpiel state and game, of every game
and option and both episode kinds, deep-copies and pickles; and a copy taken in the middle of an
episode goes on exactly as the original does under the same actions: the same observations,
masks, rewards and ends."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
import pytest
from research_tools import CONFIGS, IDS, Config, equal_arrays

from tarocchi.research.gymnasium import TarocchiEnv
from tarocchi.research.openspiel import TarocchiState, load
from tarocchi.research.pettingzoo import TarocchiAEC, env

EPISODES = ["hand", "match"]
COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    ("deepcopy", copy.deepcopy),
    ("pickle", lambda thing: pickle.loads(pickle.dumps(thing))),
]
STEPS = 400
"""Steps compared after the copy (a whole game of Taroux takes more; enough to cross hands)."""
SPIEL_STEPS = 200
"""Steps an OpenSpiel copy is compared for: more than a whole hand of every game counting its
deal's chance steps (Taroux's, the longest, about 175), so that from each starting point the copy
goes on across a hand's end into the next."""
EVERY_SEAT = 8
"""Each step compares every player's information-state string and the acting player's tensors;
every ``EVERY_SEAT`` steps and at the end, every player's tensors (each copy's encoder follows
every seat; written in full each step, they were the bulk of the suite's research time)."""


def _aec_step(environment: TarocchiAEC, rng: random.Random) -> tuple[Any, ...]:
    """What the agent to act sees (``last``) and the action then drawn from its mask."""
    agent = environment.agent_selection
    observation, reward, terminated, truncated, _ = environment.last()
    action = None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
    return (
        agent,
        observation["observation"].copy(),
        observation["action_mask"].copy(),
        reward,
        terminated,
        action,
    )


@pytest.mark.parametrize("episode", EPISODES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_pettingzoo_copy_goes_on_as_the_original(config: Config, episode: str) -> None:
    game_id, options = config
    original = env(game_id, episode=episode, **options)
    original.reset(seed=8)
    rng = random.Random(8)
    for _ in range(9):
        original.step(_aec_step(original, rng)[-1])
    copies = [make(original) for _, make in COPIES]
    for _ in range(STEPS):
        if not original.agents:
            break
        seen = _aec_step(original, rng)
        for other in copies:
            theirs = _aec_step(other, random.Random(0))
            assert theirs[0] == seen[0] and theirs[3:5] == seen[3:5]
            equal_arrays(theirs[1], seen[1])
            equal_arrays(theirs[2], seen[2])
        for environment in (original, *copies):
            environment.step(seen[-1])
    assert all(other.agents == original.agents for other in copies)
    assert all(other.match.totals == original.match.totals for other in copies)


@pytest.mark.parametrize("episode", EPISODES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_gymnasium_copy_goes_on_as_the_original(config: Config, episode: str) -> None:
    """The computer players of the copy (heuristic ones here) choose as the original's do."""
    game_id, options = config
    original = TarocchiEnv(game_id, opponents="medium", episode=episode, **options)
    observation, _ = original.reset(seed=8)
    rng = random.Random(8)
    for _ in range(4):
        observation, _, over, _, _ = original.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        if over:
            observation, _ = original.reset()
    copies = [make(original) for _, make in COPIES]
    for _ in range(STEPS):
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        results = [environment.step(action) for environment in (original, *copies)]
        observation, *rest = results[0]
        for theirs, *their_rest in results[1:]:
            equal_arrays(theirs["observation"], observation["observation"])
            equal_arrays(theirs["action_mask"], observation["action_mask"])
            assert their_rest == rest
        if rest[1]:
            break
    assert rest[1], "the episode ended within the steps compared"


def _spiel_step(state: TarocchiState, rng: random.Random) -> int:
    if state.is_chance_node():
        return int(rng.choice([card for card, _ in state.chance_outcomes()]))
    return int(rng.choice(state.legal_actions()))


def _seen(state: TarocchiState, every_seat: bool) -> tuple[Any, ...]:
    """What the players see: every player's information-state string, and the tensors of the
    player to act, or of every player when ``every_seat``."""
    players = range(state.get_game().num_players())
    tensors = players if every_seat else [p for p in [state.current_player()] if p >= 0]
    return (
        state.current_player(),
        state.returns(),
        state.legal_actions(),
        str(state),
        [state.information_state_string(p) for p in players],
        [state.information_state_tensor(p) for p in tensors],
        [state.observation_tensor(p) for p in tensors],
    )


@pytest.mark.parametrize("episode", EPISODES)
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_an_openspiel_state_and_world_copy_goes_on_as_the_original(config: Config, episode: str) -> None:
    """A state in the middle of its deal, one in play and a world of ``resample_from_infostate``;
    and the game, which pickles as itself."""
    game_id, options = config
    game = load(game_id, options, episode=episode)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    rng = random.Random(9)
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(_spiel_step(state, rng))
    mid_deal = state.clone()
    while state.is_chance_node():
        state.apply_action(_spiel_step(state, rng))
    for _ in range(6):
        if not state.is_terminal():
            state.apply_action(_spiel_step(state, rng))
    world = (
        []
        if state.is_terminal()
        else [
            state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
        ]
    )
    for original in (mid_deal, state, *world):
        copies = [make(original) for _, make in COPIES]
        for step in range(SPIEL_STEPS):
            every_seat = step % EVERY_SEAT == 0 or original.is_terminal()
            seen = _seen(original, every_seat)
            assert all(_seen(other, every_seat) == seen for other in copies)
            if original.is_terminal():
                break
            action = _spiel_step(original, rng)
            for one in (original, *copies):
                one.apply_action(action)
