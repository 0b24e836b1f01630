"""The registered games, imported only when asked for."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from tarocchi.core.errors import UnknownGameError
from tarocchi.core.protocol import Game, GameInfo

_GAMES: dict[str, str] = {
    "piedmont": "tarocchi.games.piedmont:PiedmontGame",
    "sicilian": "tarocchi.games.sicilian:SicilianGame",
    "taroinche": "tarocchi.games.taroinche:TaroincheGame",
    "taroux": "tarocchi.games.taroux:TarouxGame",
}


def available_games() -> tuple[str, ...]:
    """The ids of every registered game."""
    return tuple(_GAMES)


def game_class(game_id: str) -> type[Game[Any]]:
    path = _GAMES.get(game_id.strip().lower())
    if path is None:
        raise UnknownGameError(f"unknown game '{game_id}'; the games are: {', '.join(available_games())}")
    module, _, name = path.partition(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module), name)
    return cls


def game_info(game_id: str) -> GameInfo:
    return game_class(game_id).info


def get_game(game_id: str, options: Mapping[str, str] | None = None) -> Game[Any]:
    """A rules object for ``game_id`` with validated ``options`` (OptionError if wrong)."""
    return game_class(game_id)(options)
