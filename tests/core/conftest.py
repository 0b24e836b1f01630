"""Fixtures of the core tests: each registered game with its default options, and real records."""

from __future__ import annotations

from typing import Any

import pytest

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, get_game


@pytest.fixture(scope="module", params=available_games())
def game(request: pytest.FixtureRequest) -> Game[Any]:
    return get_game(request.param)


@pytest.fixture(scope="module")
def finished_match(game: Game[Any]) -> Match:
    """A whole game between random players (its seed only makes some game to look at)."""
    return play_match(game, [RandomPlayer(f"random {s}") for s in range(game.players)], seed=20240601)
