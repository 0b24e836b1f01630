"""Computer players by kind, for tournaments and the terminal's levels of play."""

from __future__ import annotations

import importlib
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.bots.random import RandomPlayer
from tarocchi.bots.search import SAMPLERS, SearchPlayer
from tarocchi.core.protocol import Game

HEURISTICS: dict[str, str] = {
    "piedmont": "tarocchi.bots.heuristic.piedmont:PiedmontHeuristic",
    "taroux": "tarocchi.bots.heuristic.taroux:TarouxHeuristic",
    "taroinche": "tarocchi.bots.heuristic.taroinche:TaroincheHeuristic",
    "sicilian": "tarocchi.bots.heuristic.sicilian:SicilianHeuristic",
}
"""The heuristic player of each game that has one (module:class)."""

KINDS = ("random", "heuristic", "search")


def player_kinds(game: Game[Any]) -> tuple[str, ...]:
    """The kinds of computer player available for ``game``."""
    has = {"random": True, "heuristic": game.info.id in HEURISTICS, "search": game.info.id in SAMPLERS}
    return tuple(kind for kind in KINDS if has[kind])


def make_player(kind: str, game: Game[Any]) -> Player:
    """A fresh player of ``kind`` for ``game``; ValueError naming the kinds if there is none."""
    kind = kind.strip().lower()
    if kind == "random":
        return RandomPlayer()
    if kind == "search" and game.info.id in SAMPLERS:
        return SearchPlayer(game)
    if kind == "heuristic" and game.info.id in HEURISTICS:
        module, _, name = HEURISTICS[game.info.id].partition(":")
        player: Player = getattr(importlib.import_module(module), name)()
        return player
    raise ValueError(
        f"no '{kind}' player for {game.info.id}; the players are: {', '.join(player_kinds(game))}"
    )
