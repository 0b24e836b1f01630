"""The random player: a uniformly random legal action, from its view only."""

from __future__ import annotations

import random

from tarocchi.core.actions import Action
from tarocchi.core.views import PlayerView


class RandomPlayer:
    """Picks uniformly among the legal actions in its view."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
        return rng.choice(view.legal_actions)
