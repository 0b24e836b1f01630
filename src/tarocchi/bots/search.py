"""The search player: perfect-information Monte Carlo over worlds sampled from its view.

For each decision it samples complete worlds consistent with what its seat knows (the game's
world sampler reads only the view), plays every legal action in each world, finishes the hand
with a fast playout, and takes the action with the best mean score for its seat. The same worlds
and playout seeds serve every action, so the comparison between actions is not drowned in noise.
It never reads the true state.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

SAMPLERS: dict[str, str] = {
    "piedmont": "tarocchi.bots.worlds.piedmont:sample_world",
}
"""The world sampler of each game that has one (module:function)."""

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


class SearchPlayer:
    """PIMC with ``worlds`` sampled worlds per decision, or as many as ``seconds`` allows."""

    def __init__(self, game: Game[Any], worlds: int = 30, seconds: float | None = None, name: str = "search"):
        self.game = game
        self.worlds = worlds
        self.seconds = seconds
        self.name = name
        self.sample = world_sampler(game)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions
        if not legal:
            raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        return self.evaluate(view, rng)[0][0]

    def evaluate(self, view: PlayerView, rng: random.Random) -> list[tuple[Action, float, int]]:
        """Every legal action with its mean playout score for this seat and the number of worlds,
        best first (ties keep the order of the legal actions)."""
        legal = view.legal_actions
        seat = view.seat
        assert seat is not None and legal
        game = self.game
        totals = [0] * len(legal)
        worlds = 0
        start = time.perf_counter()
        while worlds < self.worlds:
            if self.seconds is not None and worlds and time.perf_counter() - start > self.seconds:
                break
            world = self.sample(game, view, rng)
            playout_seed = rng.getrandbits(64)
            for i, action in enumerate(legal):
                after = game.apply(world, action)
                totals[i] += random_playout(game, after, seat, random.Random(playout_seed))
            worlds += 1
        ranked = sorted(range(len(legal)), key=lambda i: -totals[i])
        return [(legal[i], totals[i] / worlds, worlds) for i in ranked]
