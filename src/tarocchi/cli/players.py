"""The computer players a human meets at the table, by level of play."""

from __future__ import annotations

from typing import Any

from tarocchi.bots import Player
from tarocchi.bots.players import LEVELS, make_player, player_kind, player_kinds
from tarocchi.core.protocol import Game

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


def level_of(game: Game[Any], name: str | None) -> str:
    """The level meant by ``name`` (a level or a kind of player; None: the default level)."""
    if name is None:
        return default_level(game)
    kind = player_kind(name, game)
    return next(level for level, of in LEVELS.items() if of == kind)


def make_opponent(game: Game[Any], seat: int, level: str | None = None) -> Player:
    """The computer player for ``seat`` at ``level`` or kind (ValueError naming them if unknown)."""
    return make_player(level_of(game, level), game)
