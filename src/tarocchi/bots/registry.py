"""The computer players of each game: one record per game, declared next to its bots.

A game that has computer players declares them once, as a :class:`GamePlayers` (its heuristic
player and the phases its search player leaves to the heuristic), which its manifest names
(``Manifest.players``). This module finds that record through the game's manifest; there is no
other table to keep in step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.core.errors import UnknownGameError
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, manifest, manifest_of
from tarocchi.core.text import shown


@dataclass(frozen=True)
class GamePlayers:
    """A game's computer players, as its manifest names them."""

    game_id: str
    """The id the game is registered under (``core.registry``)."""
    heuristic: Callable[[], Player]
    """Makes the game's heuristic player (its class, called without arguments)."""
    delegated: frozenset[IntEnum] = frozenset()
    """Members of the game's ``Phase`` whose decisions the search player leaves to the heuristic;
    the declaring module says why each is there."""


def games_with_players() -> tuple[str, ...]:
    """The ids of the registered games that have computer players, in the registry's order."""
    return tuple(game_id for game_id in available_games() if manifest(game_id).players)


def game_players(game: Game[Any] | str) -> GamePlayers:
    """The computer players of ``game`` (a game or its id). UnknownGameError naming the games if
    no game has that id; ValueError naming the games that have computer players if it has none."""
    given = game if isinstance(game, str) else game.info.id
    game_id = given.strip().lower()
    if game_id not in available_games():
        raise UnknownGameError(
            f"unknown game '{shown(given.strip())}'; the games are: {', '.join(available_games())}"
        )
    players = manifest(game_id).part("players")
    if players is None:
        raise ValueError(
            f"no computer players for {game_id}; the games with computer players are: "
            f"{', '.join(games_with_players()) or 'none'}"
        )
    assert isinstance(players, GamePlayers) and players.game_id == game_id, game_id
    return players


def has_players(game: Game[Any]) -> bool:
    """Whether ``game`` is registered and declares computer players beyond the random one."""
    declared = manifest_of(game)
    return declared is not None and bool(declared.players)
