"""The random player: a random legal action, from its view only."""

from __future__ import annotations

import random

from tarocchi.bots.base import legal_choices
from tarocchi.core.actions import Action
from tarocchi.core.views import PlayerView

PASS = "pass"


class RandomPlayer:
    """Picks uniformly among the legal actions in its view, except that when it may pass it
    passes with probability ``pass_chance``: a uniform bidder would outbid almost every time and
    push every auction to the top, so random games would never see the lower contracts, the
    throw-ins or most contra paths."""

    def __init__(self, name: str = "random", pass_chance: float = 0.5) -> None:
        self.name = name
        self.pass_chance = pass_chance

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        passes = [a for a in legal if str(a) == PASS]
        if passes and len(passes) < len(legal):
            if rng.random() < self.pass_chance:
                return passes[0]
            return rng.choice([a for a in legal if str(a) != PASS])
        return rng.choice(legal)
