"""Fixtures of the conformance suite: every registered game x every combination of its options
that changes how a hand plays (``conformance_tools.CONFIGS``), and the games written only as test
fixtures (``configs.TEST_GAMES``), each registered only while one of its own tests runs (a test
of no game, or another, sees the registered games alone)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from configs import playing
from conformance_tools import CONFIG_IDS, CONFIGS, Config, PlayedHand, config_rng, make_game, play_random_hand

from tarocchi.core.protocol import Game

HANDS_PER_CONFIG = 6
"""Random hands played once per configuration and shared by the protocol tests."""


@pytest.fixture(scope="module", params=CONFIGS, ids=CONFIG_IDS)
def config(request: pytest.FixtureRequest) -> Config:
    config: Config = request.param
    return config


@pytest.fixture(autouse=True)
def _test_game(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test on a test game's configuration (the fixture's, or given directly) runs with it registered."""
    callspec = getattr(request.node, "callspec", None)
    config = callspec.params.get("config") if callspec is not None else None
    with playing(config[0] if config else None):
        yield


@pytest.fixture(scope="module")
def game(config: Config) -> Game[Any]:
    with playing(config[0]):
        return make_game(config)


@pytest.fixture(scope="module")
def played_hands(config: Config, game: Game[Any]) -> list[PlayedHand]:
    rng = config_rng(config, "played-hands")
    return [
        play_random_hand(game, rng, number=1 + i % game.hands_per_game()) for i in range(HANDS_PER_CONFIG)
    ]
