"""The computer players a human meets at the table, by level of play."""

from __future__ import annotations

from typing import Any

from tarocchi.bots import Player
from tarocchi.bots.players import make_player, player_kinds
from tarocchi.core.protocol import Game

LEVELS = {"easy": "random", "medium": "heuristic", "hard": "search"}
"""Level of play -> kind of computer player."""
DEFAULT = "medium"
"""Quick and sound; ``hard`` thinks longer per move."""


def levels(game: Game[Any]) -> tuple[str, ...]:
    """The levels available for ``game``."""
    kinds = player_kinds(game)
    return tuple(level for level, kind in LEVELS.items() if kind in kinds)


def default_level(game: Game[Any]) -> str:
    """Medium where the game has it, else the strongest level it has."""
    available = levels(game)
    return DEFAULT if DEFAULT in available else available[-1]


def make_opponent(game: Game[Any], seat: int, level: str | None = None) -> Player:
    """The computer player for ``seat`` at ``level`` (ValueError naming the levels if unknown)."""
    level = default_level(game) if level is None else level.strip().lower()
    if level not in levels(game):
        raise ValueError(f"no level '{level}' for {game.info.id}; the levels are: {', '.join(levels(game))}")
    return make_player(LEVELS[level], game)
