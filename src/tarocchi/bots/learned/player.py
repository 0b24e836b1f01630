"""The learned levels: the policy alone (``learned``), and the hard search with it as prior (``expert``).

``LearnedPlayer`` plays the network's most probable legal action: a decision costs the feature
encoding (a fraction of a millisecond) and two small matrix products. ``ExpertPlayer`` asks the
hard level's search for every legal action's mean score over its worlds and adds the policy's
log-probability, weighed so that a ten-to-one preference of the policy is worth a quarter of a
standard deviation of a hand's points over the square root of the worlds searched: where the
search cannot tell two actions apart within its noise, the policy decides; where it can, the
search does. Decisions the search leaves to its delegate (the bids it takes from the heuristic) stay so.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from tarocchi.bots.base import legal_choices
from tarocchi.bots.learned import shipped_weights
from tarocchi.bots.learned.features import Features
from tarocchi.bots.learned.network import Floats, Network
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

PRIOR = 1 / (4 * math.log(10))
"""The prior's weight, in standard errors of the search's mean per unit of log-probability: a
ten-to-one preference counts as a quarter of one (four times that lost to the hard level in
Piedmont: the policy is weaker than the medium player, docs/bots.md)."""


@lru_cache(maxsize=16)
def _network(path: Path) -> Network:
    return Network.load(path)


def load_network(game: Game[Any]) -> Network:
    """The shipped network for ``game`` (loaded once); ValueError if none is shipped for it."""
    path = shipped_weights(game)
    if path is None:
        raise ValueError(
            f"no learned weights for {game.info.id}; train them with "
            f"python -m tarocchi.bots.learned.train --game {game.info.id} --seed 1"
        )
    return _network(path)


class LearnedPlayer:
    """The policy's most probable legal action (its rng is never used: the same view, the same action)."""

    def __init__(self, game: Game[Any], network: Network | None = None, name: str = "learned") -> None:
        self.game = game
        self.network = network if network is not None else load_network(game)
        self.features = Features(game)
        if self.features.size != self.network.features or len(game.actions) != self.network.actions:
            raise ValueError(
                f"the weights are for {self.network.features} features and {self.network.actions} "
                f"actions; {game.info.id} has {self.features.size} and {len(game.actions)}: train them again"
            )
        self.name = name

    def log_probabilities(self, view: PlayerView, actions: tuple[Action, ...] | list[Action]) -> Floats:
        """The policy's log-probabilities of ``actions`` (legal in ``view``), renormalized over them."""
        known = self.features.ids
        ids = np.array([known[action] for action in actions], dtype=np.int64)
        return self.network.log_probabilities(self.features.vector(view), ids)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        scores = self.network.legal_scores(self.features.vector(view), self.features.legal_ids(view))
        return legal[int(np.argmax(scores))]


class ExpertPlayer:
    """The hard level's search, its choice among the legal actions weighed by the policy's prior."""

    def __init__(self, search: SearchPlayer, policy: LearnedPlayer, name: str = "expert") -> None:
        self.search = search
        self.policy = policy
        self.name = name
        self.scale = float(policy.network.made.get("points_scale", 1.0))
        """A hand's points' standard deviation for one seat, from the training data."""

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        search = self.search
        if len(legal) == 1:
            return legal[0]
        if search.delegate is not None and search.delegates(view):
            return search.delegate.choose(view, rng)
        ranked = search.evaluate(view, rng)
        actions = [action for action, _, _ in ranked]
        prior = self.policy.log_probabilities(view, actions)
        weight = PRIOR * self.scale / math.sqrt(max(1, ranked[0][2]))
        scores = [mean + weight * float(p) for (_, mean, _), p in zip(ranked, prior, strict=True)]
        return actions[max(range(len(actions)), key=scores.__getitem__)]
