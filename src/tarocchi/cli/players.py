"""The computer players a human meets at the table: one place to add levels later."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.bots import Player, RandomPlayer
from tarocchi.core.protocol import Game

LEVELS: dict[str, Callable[[Game[Any], int], Player]] = {
    "random": lambda game, seat: RandomPlayer(name="random"),
}
"""Computer players by level; a stronger bot is one more entry here."""


def make_opponent(game: Game[Any], seat: int, level: str = "random") -> Player:
    """The computer player for ``seat`` at ``level`` (ValueError naming the levels if unknown)."""
    build = LEVELS.get(level)
    if build is None:
        raise ValueError(f"unknown level '{level}'; the levels are: {', '.join(LEVELS)}")
    return build(game, seat)
