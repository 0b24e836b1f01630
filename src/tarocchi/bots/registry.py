"""The computer players of each game: one record per game, declared next to its bots.

A game that has computer players declares them once, as ``PLAYERS``, a :class:`GamePlayers`, in
``tarocchi/bots/<game id>.py``: its heuristic player and the phases its
search player leaves to the heuristic. This module finds that record by the game's id (the list
of games is ``core.registry``'s); there is no other table to keep in step.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.core.errors import UnknownGameError
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games
from tarocchi.core.text import shown


@dataclass(frozen=True)
class GamePlayers:
    """A game's computer players, as its ``tarocchi/bots/<game_id>.py`` declares them."""

    game_id: str
    """The id the game is registered under (``core.registry``)."""
    heuristic: Callable[[], Player]
    """Makes the game's heuristic player (its class, called without arguments)."""
    delegated: frozenset[IntEnum] = frozenset()
    """Members of the game's ``Phase`` whose decisions the search player leaves to the heuristic;
    the declaring module says why each is there."""


def games_with_players() -> tuple[str, ...]:
    """The ids of the registered games that have computer players, in the registry's order."""
    return tuple(game_id for game_id in available_games() if _module_of(game_id) is not None)


def game_players(game: Game[Any] | str) -> GamePlayers:
    """The computer players of ``game`` (a game or its id). UnknownGameError naming the games if
    no game has that id; ValueError naming the games that have computer players if it has none."""
    given = game if isinstance(game, str) else game.info.id
    game_id = given.strip().lower()
    if game_id not in available_games():
        raise UnknownGameError(
            f"unknown game '{shown(given.strip())}'; the games are: {', '.join(available_games())}"
        )
    module = _module_of(game_id)
    if module is None:
        raise ValueError(
            f"no computer players for {game_id}; the games with computer players are: "
            f"{', '.join(games_with_players()) or 'none'}"
        )
    players = importlib.import_module(module).PLAYERS
    assert isinstance(players, GamePlayers) and players.game_id == game_id, module
    return players


def has_players(game: Game[Any]) -> bool:
    """Whether ``game`` is registered and declares computer players beyond the random one."""
    return game.info.id in available_games() and _module_of(game.info.id) is not None


def _module_of(game_id: str) -> str | None:
    """The module that declares ``game_id``'s players, or None if there is none. Only ids of
    registered games are asked about, so a module of this package that is no game's (``search``,
    ``random``) is never taken for one."""
    name = f"tarocchi.bots.{game_id}"
    return name if importlib.util.find_spec(name) is not None else None
