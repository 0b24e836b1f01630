"""Computer players by kind, for tournaments and the terminal's levels of play."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from tarocchi.bots.base import Player
from tarocchi.bots.bidding_search import BiddingSearch
from tarocchi.bots.inference import InferredWorlds
from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.learned import KINDS as LEARNED_KINDS
from tarocchi.bots.learned import has_numpy, require_numpy, shipped_weights
from tarocchi.bots.random import RandomPlayer
from tarocchi.bots.registry import game_players, has_players
from tarocchi.bots.search import DECISION_SECONDS, Sampler, SearchPlayer
from tarocchi.core.protocol import Game
from tarocchi.core.text import shown

UNTRAINED_KINDS = ("random", "heuristic", "search")
"""The kinds that need no trained weights."""
KINDS = (*UNTRAINED_KINDS, *LEARNED_KINDS)
LEVELS = {"easy": "random", "medium": "heuristic", "hard": "search", "learned": "learned", "expert": "expert"}
"""Levels of play, as players know them, and the kind of computer player behind each. Every
command accepts either word: ``--level hard`` and ``--players search`` mean the same player.
``learned`` (the trained policy alone, fast) and ``expert`` (the hard search with the policy as
its prior) are offered where the game has shipped weights and numpy is installed
(``bots.learned``)."""

KERNEL_KIND = "search-kernel"
"""The search player with the game's playout kernel for trick play (``bots.kernels``), as many
worlds as its seconds allow (at most ``KERNEL_WORLDS``). Not a level of its own; a tournament
names it to compare."""
KERNEL_WORLDS = 1000
"""Worlds per trick-play decision of the kernel search player, unless its seconds run out first."""
ENGINE_KIND = "search-engine"
"""The search player before the kernels: 20 worlds a decision, every one played out
by the heuristic through the engine. Not a level; a tournament names it to compare."""
UNIFORM_KIND = "search-uniform"
"""The hard level without inference: its worlds drawn uniformly (``game.resample``) and its bids
left to the heuristic. Not a level; a tournament names it to compare."""
BIDDING_KIND = "search-bidding"
"""The hard level with its bids, calls and contras searched too (``bots.bidding_search``): in
Taroinche it measured no stronger than the heuristic's bids, and slower (docs/bots.md), so it is
not the hard level; a tournament names it to compare."""
SEARCH_KINDS = ("search", KERNEL_KIND, ENGINE_KIND, UNIFORM_KIND, BIDDING_KIND)

PLAYOUTS = ("heuristic", "random", "kernel")
"""How the search player plays a world to the end: every seat as the game's heuristic player
would (the default: it judges a move by what competent play makes of it), or at random (ten
times faster, but a random defence flatters risky moves)."""


def player_kinds(game: Game[Any]) -> tuple[str, ...]:
    """The kinds of computer player available for ``game``: every kind if it declares its
    players (``bots/registry.py``) and has learned weights that numpy can load, the kinds
    without the learned ones if not, else the random player alone."""
    if not has_players(game):
        return ("random",)
    return KINDS if learned_available(game) else UNTRAINED_KINDS


def learned_available(game: Game[Any]) -> bool:
    """Whether ``game`` has shipped weights for the learned players and numpy to run them."""
    return shipped_weights(game) is not None and has_numpy()


def player_names(game: Game[Any]) -> str:
    """The players of ``game`` as help and errors name them: ``easy (random), medium (heuristic)...``."""
    level_of = {kind: level for level, kind in LEVELS.items()}
    return ", ".join(f"{level_of[kind]} ({kind})" for kind in player_kinds(game))


def player_kind(name: str, game: Game[Any]) -> str:
    """The kind meant by ``name``, a kind or a level; ValueError naming both if ``game`` has none.
    A search player, or the expert, may carry its seconds per decision, ``search@0.5``,
    ``search-kernel@0.5`` or ``expert@0.5`` (a tournament at equal thinking time); asking for
    a learned kind without numpy is a ``MissingNumpyError`` naming the extra to install."""
    wanted, at, budget = name.strip().lower().partition("@")
    kind = LEVELS.get(wanted, wanted)
    if kind in LEARNED_KINDS and has_players(game) and shipped_weights(game) is not None:
        require_numpy(kind)
    if at:
        searches = "search" if kind in SEARCH_KINDS else kind  # the expert level searches too
        if searches not in ("search", "expert") or searches not in player_kinds(game):
            raise ValueError(f"only a search player takes '@seconds', not '{shown(name.strip())}'")
        seconds = _seconds(budget)
        return f"{kind}@{seconds:g}"
    if kind in SEARCH_KINDS and "search" in player_kinds(game):
        return kind
    if kind not in player_kinds(game):
        raise ValueError(
            f"no '{shown(name.strip())}' player for {game.info.id}; the players are: {player_names(game)}"
        )
    return kind


def make_player(name: str, game: Game[Any], seconds: float | None = None) -> Player:
    """A fresh player of kind or level ``name`` for ``game``; ValueError naming them if there is none.
    ``seconds`` bounds a search player's thinking per decision (a table server's turn must not wait)."""
    kind, at, budget = player_kind(name, game).partition("@")
    if at:
        seconds = _seconds(budget)
    if kind == KERNEL_KIND:
        return search_player(game, seconds=seconds, playout="kernel", name=KERNEL_KIND)
    if kind == ENGINE_KIND:
        return search_player(game, seconds=seconds, name=ENGINE_KIND)
    if kind == UNIFORM_KIND:
        worlds = game_players(game).hard_worlds
        return search_player(game, seconds=seconds, playout="kernel", kernel_worlds=worlds, name=UNIFORM_KIND)
    if kind == "random":
        return RandomPlayer()
    if kind == "search":
        return hard_player(game, seconds)
    if kind == BIDDING_KIND:
        return hard_player(game, seconds, searched_bids=True)
    if kind in LEARNED_KINDS:
        from tarocchi.bots.learned.player import ExpertPlayer, LearnedPlayer  # needs numpy

        policy = LearnedPlayer(game)
        if kind == "learned":
            return policy
        return ExpertPlayer(hard_player(game, seconds, handoff=game_players(game).handed_off), policy)
    return game_players(game).heuristic()


def hard_player(
    game: Game[Any],
    seconds: float | None = None,
    searched_bids: bool = False,
    handoff: frozenset[IntEnum] = frozenset(),
) -> SearchPlayer:
    """The hard level: the search player with the game's kernel and as many worlds per trick-play
    decision as the game's players declare (``GamePlayers.hard_worlds``), fewer if its time
    runs out; 20 worlds of heuristic playouts elsewhere; its worlds
    weighed by what the other seats did (``bots.inference``); its bids the heuristic's, or searched
    (``bots.bidding_search``) with ``searched_bids``. ``seconds`` (``DECISION_SECONDS`` unless
    given) is shared out: a third to weigh worlds, the rest to search (docs/bots.md). The phases
    in ``handoff`` (the expert's: ``GamePlayers.handed_off``) are searched in the trick play's
    worlds, each handed to the kernel once the trick play starts."""
    seconds = DECISION_SECONDS if seconds is None else seconds
    players = game_players(game)
    heuristic = players.heuristic()
    sampler = hard_sampler(game, seconds)
    bidder = BiddingSearch(game, heuristic, sampler, seconds=seconds * 2 / 3) if searched_bids else None
    return search_player(
        game,
        seconds=seconds,
        playout="kernel",
        kernel_worlds=players.hard_worlds,
        sampler=sampler,
        delegate=bidder,
        name=BIDDING_KIND if searched_bids else "search",
        handoff=handoff,
    )


WEIGH_SHARE = 1 / 3
"""The hard level's share of a decision's time for weighing worlds (``bots.inference``); the rest
goes to the search (docs/bots.md)."""


def hard_sampler(game: Game[Any], seconds: float) -> InferredWorlds:
    """The hard level's inference within a decision of ``seconds``: the heuristic as the model of
    the other seats, and its share of the time to weigh candidates (the hint weighs the same)."""
    heuristic = game_players(game).heuristic()
    return InferredWorlds(game, heuristic, seconds=seconds * WEIGH_SHARE)


def search_player(
    game: Game[Any],
    *,
    worlds: int | None = None,
    seconds: float | None = None,
    playout: str = "heuristic",
    name: str = "search",
    kernel_worlds: int | None = None,
    sampler: Sampler | None = None,
    delegate: Player | None = None,
    handoff: frozenset[IntEnum] = frozenset(),
) -> SearchPlayer:
    """``game``'s search player, with its delegated phases, which it leaves
    to the game's heuristic player; ``playout`` is one of ``PLAYOUTS``. With the kernel,
    ``kernel_worlds`` (else ``worlds``, else ``KERNEL_WORLDS``) worlds per trick-play decision,
    and ``worlds`` (else 20) for the others, played out by the heuristic. ValueError naming the
    playouts if ``playout`` is none of them, or the games that have computer players if ``game``
    has none. ``sampler`` draws its worlds (else ``game.resample``); ``delegate`` decides the
    delegated phases (else the heuristic). The phases in ``handoff`` are searched, never
    delegated, in ``kernel_worlds`` worlds, each handed to the kernel once the trick play starts."""
    if playout not in PLAYOUTS:
        raise ValueError(f"no '{shown(playout)}' playout; the playouts are: {', '.join(PLAYOUTS)}")
    players = game_players(game)
    heuristic = players.heuristic()
    kernel = kernel_factory(game) if playout == "kernel" else None
    return SearchPlayer(
        game,
        None if playout == "random" else heuristic,
        players.delegated - handoff,
        heuristic if delegate is None else delegate,
        worlds=worlds,
        seconds=seconds,
        name=name,
        kernel=kernel,
        sampler=sampler,
        kernel_worlds=kernel_worlds
        if kernel_worlds is not None
        else worlds
        if worlds is not None
        else KERNEL_WORLDS,
        handoff=handoff,
    )


def _seconds(text: str) -> float:
    """A search player's seconds per decision from ``search@S``; ValueError saying what fits."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= 60:
        raise ValueError(f"'@{shown(text)}' is not a time per decision: give seconds, 0 < S <= 60")
    return seconds
