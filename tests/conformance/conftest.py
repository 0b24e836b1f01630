"""Fixtures of the conformance suite: every registered game x every combination of its options."""

from __future__ import annotations

from typing import Any

import pytest
from conformance_tools import CONFIG_IDS, CONFIGS, Config, PlayedHand, config_rng, make_game, play_random_hand

from tarocchi.core.protocol import Game

HANDS_PER_CONFIG = 6
"""Random hands played once per configuration and shared by the protocol tests."""


@pytest.fixture(scope="module", params=CONFIGS, ids=CONFIG_IDS)
def config(request: pytest.FixtureRequest) -> Config:
    config: Config = request.param
    return config


@pytest.fixture(scope="module")
def game(config: Config) -> Game[Any]:
    return make_game(config)


@pytest.fixture(scope="module")
def played_hands(config: Config, game: Game[Any]) -> list[PlayedHand]:
    rng = config_rng(config, "played-hands")
    return [
        play_random_hand(game, rng, number=1 + i % game.hands_per_game()) for i in range(HANDS_PER_CONFIG)
    ]
