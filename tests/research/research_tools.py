"""Configurations and random hands shared by the research adapters' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from configs import Config, config_id, game_configs

from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import get_game

CONFIGS = game_configs(every_length=False)
IDS = [config_id(c) for c in CONFIGS]


def random_hand(game: Game[Any], rng: random.Random) -> Iterator[Any]:
    """The states of one hand of uniformly random legal actions, the first to the last."""
    dealer = rng.randrange(game.players)
    state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
    yield state
    while game.to_act(state) is not None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        yield state


def make(config: Config) -> Game[Any]:
    return get_game(*config)


def equal_arrays(actual: Any, expected: Any, message: str = "") -> None:
    """``assert_array_equal``, whose report is costly to prepare, only once ``array_equal`` (same
    shape, every element equal: all it would pass) has failed."""
    if not np.array_equal(actual, expected):
        np.testing.assert_array_equal(actual, expected, err_msg=message)
