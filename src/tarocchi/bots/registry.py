"""The computer players of each game: one record per game, declared next to its bots.

A game that has computer players declares them once, as a :class:`GamePlayers` (its heuristic
player, the phases its search player leaves to the heuristic, and how many worlds its searches
weigh), which its manifest names (``Manifest.players``). This module finds that record through
the game's manifest; there is no other table to keep in step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.bots.random import RandomPlayer
from tarocchi.core.actions import Action
from tarocchi.core.errors import UnknownGameError
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, manifest, manifest_of
from tarocchi.core.text import shown
from tarocchi.core.views import PlayerView

Candidates = Callable[[PlayerView, Action], list[Action]]
"""From a bidding view and the prior's choice, the actions worth searching (the prior among them)."""


@dataclass(frozen=True)
class GamePlayers:
    """A game's computer players, as its manifest names them."""

    heuristic: Callable[[], Player]
    """Makes the game's heuristic player (its class, called without arguments)."""
    delegated: frozenset[IntEnum] = frozenset()
    """Members of the game's ``Phase`` whose decisions the search player leaves to the heuristic;
    the declaring module says why each is there."""
    hard_worlds: int = 40
    """Worlds per trick-play decision of the hard level (``bots.players``), played out in the
    game's kernel: chosen so that its longest trick-play decision stays well under a second on
    the loaded development machine (docs/bots.md). A fixed number, not a time, so that the same
    seed makes the same choices."""
    inferred_candidates: int = 80
    """Candidate worlds the hard level weighs per decision (``bots.inference``)."""
    searched_bids: frozenset[IntEnum] = frozenset()
    """Members of the game's ``Phase`` whose decisions the searched bidding decides
    (``bots.bidding_search``); the others stay with the heuristic."""
    bid_worlds: int = 16
    """Worlds per searched bid (``bots.bidding_search``)."""
    bid_candidates: Candidates | None = None
    """The game's candidates for a searched bid with many actions (None: the heuristic's choice
    alone; a decision with few actions has every one searched)."""
    handed_off: frozenset[IntEnum] = frozenset()
    """Members of the game's ``Phase`` before the trick play that the expert level searches in as
    many worlds as the trick play, each played by the heuristic only until the trick play starts
    and then at random by the kernel (``bots.search.policy_playout``), where the hard level plays
    each world to its end with the heuristic, or leaves the decision to it (docs/bots.md: what
    handing off measured in each game)."""


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
    assert isinstance(players, GamePlayers), game_id
    return players


def searching(game: Game[Any]) -> GamePlayers:
    """The computer players ``game``'s manifest names; for a game that declares none (a program's
    own), a record of the searches' defaults (a random heuristic, nothing delegated or searched)."""
    declared = manifest_of(game)
    players = declared.part("players") if declared is not None else None
    if players is None:
        return GamePlayers(heuristic=RandomPlayer)
    assert isinstance(players, GamePlayers), game.info.id
    return players


def has_players(game: Game[Any]) -> bool:
    """Whether ``game`` is registered and declares computer players beyond the random one."""
    declared = manifest_of(game)
    return declared is not None and bool(declared.players)
