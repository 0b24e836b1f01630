"""Computer players by kind, for tournaments and the terminal's levels of play."""

from __future__ import annotations

import importlib
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.bots.random import RandomPlayer
from tarocchi.bots.search import SAMPLERS, SearchPlayer
from tarocchi.core.protocol import Game
from tarocchi.core.text import shown

HEURISTICS: dict[str, str] = {
    "piedmont": "tarocchi.bots.heuristic.piedmont:PiedmontHeuristic",
    "taroux": "tarocchi.bots.heuristic.taroux:TarouxHeuristic",
    "taroinche": "tarocchi.bots.heuristic.taroinche:TaroincheHeuristic",
    "sicilian": "tarocchi.bots.heuristic.sicilian:SicilianHeuristic",
}
"""The heuristic player of each game that has one (module:class)."""

KINDS = ("random", "heuristic", "search")
LEVELS = {"easy": "random", "medium": "heuristic", "hard": "search"}
"""Levels of play, as players know them, and the kind of computer player behind each. Every
command accepts either word: ``--level hard`` and ``--players search`` mean the same player."""


def player_kinds(game: Game[Any]) -> tuple[str, ...]:
    """The kinds of computer player available for ``game``."""
    has = {"random": True, "heuristic": game.info.id in HEURISTICS, "search": game.info.id in SAMPLERS}
    return tuple(kind for kind in KINDS if has[kind])


def player_names(game: Game[Any]) -> str:
    """The players of ``game`` as help and errors name them: ``easy (random), medium (heuristic)...``."""
    level_of = {kind: level for level, kind in LEVELS.items()}
    return ", ".join(f"{level_of[kind]} ({kind})" for kind in player_kinds(game))


def player_kind(name: str, game: Game[Any]) -> str:
    """The kind meant by ``name``, a kind or a level; ValueError naming both if ``game`` has none."""
    wanted = name.strip().lower()
    kind = LEVELS.get(wanted, wanted)
    if kind not in player_kinds(game):
        raise ValueError(
            f"no '{shown(name.strip())}' player for {game.info.id}; the players are: {player_names(game)}"
        )
    return kind


def make_player(name: str, game: Game[Any], seconds: float | None = None) -> Player:
    """A fresh player of kind or level ``name`` for ``game``; ValueError naming them if there is none.
    ``seconds`` bounds a search player's thinking per decision (a table server's turn must not wait)."""
    kind = player_kind(name, game)
    if kind == "random":
        return RandomPlayer()
    if kind == "search" and game.info.id in SAMPLERS:
        return SearchPlayer(game, seconds=seconds)
    if kind == "heuristic" and game.info.id in HEURISTICS:
        module, _, name = HEURISTICS[game.info.id].partition(":")
        player: Player = getattr(importlib.import_module(module), name)()
        return player
    raise AssertionError(f"player_kind let through {kind!r}")  # pragma: no cover
