"""The registered games, imported only when asked for: each by its package, whose ``MANIFEST``
(``core.manifest``) names everything else about it."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import Any

from tarocchi.core.errors import UnknownGameError
from tarocchi.core.manifest import Manifest
from tarocchi.core.protocol import Game, GameInfo

_GAMES: dict[str, str] = {
    "piedmont": "tarocchi.games.piedmont",
    "sicilian": "tarocchi.games.sicilian",
    "taroinche": "tarocchi.games.taroinche",
    "taroux": "tarocchi.games.taroux",
}
"""The one table by game id: each game's package."""


def available_games() -> tuple[str, ...]:
    """The ids of every registered game."""
    return tuple(_GAMES)


@functools.cache
def _manifest(package: str) -> Manifest:
    found = importlib.import_module(package).MANIFEST
    assert isinstance(found, Manifest), package
    return found


def manifest(game_id: str) -> Manifest:
    """The manifest of the game ``game_id`` (UnknownGameError naming the games if none)."""
    package = _GAMES.get(game_id.strip().lower())
    if package is None:
        raise UnknownGameError(f"unknown game '{game_id}'; the games are: {', '.join(available_games())}")
    return _manifest(package)


def manifest_of(game: Game[Any]) -> Manifest | None:
    """The manifest of ``game``'s class, None if it is no registered game's (a program's own)."""
    return _declared(game.info.id, type(game))


def declared(cls: type[Game[Any]]) -> Manifest | None:
    """The manifest that names the game class ``cls``, None if it is no registered game's."""
    return _declared(cls.info.id, cls)


def _declared(game_id: str, cls: type[Any]) -> Manifest | None:
    package = _GAMES.get(game_id)
    if package is None:
        return None
    found = _manifest(package)
    return found if found.part("game") is cls else None


def game_class(game_id: str) -> type[Game[Any]]:
    cls: type[Game[Any]] = manifest(game_id).part("game")
    return cls


def game_info(game_id: str) -> GameInfo:
    return game_class(game_id).info


def get_game(game_id: str, options: Mapping[str, str] | None = None) -> Game[Any]:
    """A rules object for ``game_id`` with validated ``options`` (OptionError if wrong)."""
    return game_class(game_id)(options)
