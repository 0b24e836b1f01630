"""The search player: perfect-information Monte Carlo over worlds sampled from its view.

For each decision it samples complete worlds consistent with what its seat knows (the game's
world sampler reads only the view), plays every legal action in each world, finishes the hand
with a playout (every seat choosing as the heuristic player does, from its own view of that
world), and takes the action with the best mean score for its seat. The same worlds
and playout seeds serve every action, so the comparison between actions is not drowned in noise.
It never reads the true state.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from enum import IntEnum
from typing import Any

from tarocchi.bots.base import Player, legal_choices
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView
from tarocchi.games.sicilian.state import Phase as SicilianPhase
from tarocchi.games.taroinche.state import Phase as TaroinchePhase
from tarocchi.games.taroux.state import Phase as TarouxPhase

SAMPLERS: dict[str, str] = {
    "piedmont": "tarocchi.bots.worlds.piedmont:sample_world",
    "taroinche": "tarocchi.bots.worlds.taroinche:sample_world",
    "sicilian": "tarocchi.bots.worlds.sicilian:sample_world",
    "taroux": "tarocchi.bots.worlds.taroux:sample_world",
}
"""The world sampler of each game that has one (module:function)."""

DELEGATED: dict[str, frozenset[IntEnum]] = {
    "taroinche": frozenset({TaroinchePhase.AUCTION, TaroinchePhase.SURCOINCHE, TaroinchePhase.DISCARD}),
    "sicilian": frozenset({SicilianPhase.BARGAIN, SicilianPhase.SOLO, SicilianPhase.PROP, SicilianPhase.COP}),
    "taroux": frozenset(
        {
            TarouxPhase.AUCTION,
            TarouxPhase.RECONTRA,
            TarouxPhase.STOCK,
            TarouxPhase.DISCARD,
            TarouxPhase.DECLARE,
        }
    ),
}
"""Phases the search leaves to the heuristic: with hundreds of bids and one pass, a random
continuation of an auction climbs to the top, so every bid looks alike; and scoring each of
hundreds of bids with heuristic playouts costs seconds (the Sicilian bargain offers 129)."""

WORLDS = 20
"""Worlds per decision: with the heuristic playing out each world, 20 beat the heuristic player
clearly in every game at a median decision well under a second (docs/bots.md)."""

PLAYOUTS = ("heuristic", "random")
"""How a world is played to the end: every seat as the game's heuristic player would (the
default: it judges a move by what competent play makes of it), or at random (ten times
faster, but a random defence flatters risky moves)."""

Sampler = Callable[[Any, PlayerView, random.Random], Any]


def world_sampler(game: Game[Any]) -> Sampler:
    """The game's world sampler; ValueError if it has none."""
    path = SAMPLERS.get(game.info.id)
    if path is None:
        raise ValueError(f"no world sampler for {game.info.id} yet")
    module, _, name = path.partition(":")
    sampler: Sampler = getattr(importlib.import_module(module), name)
    return sampler


def random_playout(game: Game[Any], state: Any, seat: int, rng: random.Random) -> int:
    """Finish the hand at random; ``seat``'s game points."""
    to_act, legal, apply, choice = game.to_act, game.legal_actions, game.apply, rng.choice
    while to_act(state) is not None:
        state = apply(state, choice(legal(state)))
    result = game.outcome(state)
    assert result is not None
    return result.scores[seat]


def policy_playout(game: Game[Any], state: Any, seat: int, rng: random.Random, policy: Player) -> int:
    """Finish the hand with every seat choosing as ``policy`` does from its own view of the world;
    ``seat``'s game points."""
    to_act, view, apply, choose = game.to_act, game.view, game.apply, policy.choose
    while (actor := to_act(state)) is not None:
        state = apply(state, choose(view(state, actor), rng))
    result = game.outcome(state)
    assert result is not None
    return result.scores[seat]


class SearchPlayer:
    """PIMC with ``worlds`` sampled worlds per decision, or as many as ``seconds`` allows."""

    def __init__(
        self,
        game: Game[Any],
        worlds: int | None = None,
        seconds: float | None = None,
        name: str = "search",
        playout: str = "heuristic",
    ):
        if playout not in PLAYOUTS:
            raise ValueError(f"no '{playout}' playout; the playouts are: {', '.join(PLAYOUTS)}")
        self.game = game
        self.worlds = worlds if worlds is not None else WORLDS
        self.seconds = seconds
        self.name = name
        self.sample = world_sampler(game)
        self._delegated = DELEGATED.get(game.info.id, frozenset())
        self._heuristic: Player | None = None
        self.playout = playout

    def heuristic(self) -> Player:
        """The game's heuristic player, made when first wanted."""
        if self._heuristic is None:
            from tarocchi.bots.players import make_player  # players imports this module

            self._heuristic = make_player("heuristic", self.game)
        return self._heuristic

    def delegates(self, view: PlayerView) -> bool:
        """Whether this decision is left to the game's heuristic player (see ``DELEGATED``)."""
        return view.phase in self._delegated

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if self.delegates(view):
            return self.heuristic().choose(view, rng)
        return self.evaluate(view, rng)[0][0]

    def evaluate(self, view: PlayerView, rng: random.Random) -> list[tuple[Action, float, int]]:
        """Every legal action with its mean playout score for this seat and the number of worlds,
        best first (ties keep the order of the legal actions)."""
        legal = view.legal_actions
        seat = view.seat
        assert seat is not None and legal
        game = self.game
        policy = self.heuristic() if self.playout == "heuristic" else None
        totals = [0] * len(legal)
        worlds = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        while worlds < self.worlds:
            world = self.sample(game, view, rng)
            playout_seed = rng.getrandbits(64)
            scores: list[int] = []
            for action in legal:
                if worlds and deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: this world is dropped half-played, the others stand
                after = game.apply(world, action)
                if policy is None:
                    scores.append(random_playout(game, after, seat, random.Random(playout_seed)))
                else:
                    scores.append(policy_playout(game, after, seat, random.Random(playout_seed), policy))
            if len(scores) < len(legal):
                break
            totals = [total + score for total, score in zip(totals, scores, strict=True)]
            worlds += 1
        ranked = sorted(range(len(legal)), key=lambda i: -totals[i])
        return [(legal[i], totals[i] / worlds, worlds) for i in ranked]
