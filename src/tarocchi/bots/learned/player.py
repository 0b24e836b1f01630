"""The learned levels: the policy alone (``learned``), and the hard search with it as prior (``expert``).

``LearnedPlayer`` plays the network's most probable legal action: a decision costs the feature
encoding (a fraction of a millisecond) and two small matrix products. ``ExpertPlayer`` asks the
hard level's search for every legal action's score in each world it searched, and measures each
action against the search's best by their difference world by world: its mean, and its standard
error. The policy's log-odds of the action over the best is worth a quarter of that standard
error for every factor of ten (``PRIOR``): where the search cannot tell the two apart within its
own noise, the policy decides; where it can, the search does. Decisions the search leaves to its
delegate (the bids it takes from the heuristic) stay so.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.bots.base import legal_choices
from tarocchi.bots.learned import shipped_weights
from tarocchi.bots.learned.features import Features
from tarocchi.bots.learned.network import Floats, Network
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

PRIOR = 1 / (4 * math.log(10))
"""The prior's weight, in standard errors of an action's paired difference from the search's best
per unit of log-probability: a ten-to-one preference of the policy is worth a quarter of one (a
whole one lost to the hard level in Piedmont, with weights weaker than the medium player,
docs/bots.md)."""


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

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        search = self.search
        if len(legal) == 1:
            return legal[0]
        if search.delegate is not None and search.delegates(view):
            return search.delegate.choose(view, rng)
        rows = search.world_scores(view, rng)
        if not rows:
            return search.fallback(view, rng)
        actions = view.legal_actions
        prior = self.policy.log_probabilities(view, actions)
        return actions[weighed(np.array(rows, dtype=np.float64), prior)]


def weighed(rows: npt.NDArray[np.float64], prior: Floats) -> int:
    """The index of the action to play, from the search's scores (a row per world, a column per
    action) and the policy's log-probabilities: the search's best (the first of the best means)
    unless another's mean deficit is smaller than ``PRIOR`` standard errors of the paired
    difference per unit of the policy's log-odds for it. Actions the worlds cannot tell apart at
    all (the same score in every world) are the policy's to order."""
    worlds = len(rows)
    means = rows.mean(axis=0)
    best = int(np.argmax(means))
    differences = rows - rows[:, [best]]
    spread = differences.std(axis=0, ddof=1) if worlds > 1 else np.zeros(len(means))
    lead = prior.astype(np.float64) - float(prior[best])
    scores = means - means[best] + PRIOR * spread / math.sqrt(worlds) * lead
    tied = np.isclose(scores, scores.max()) & (spread == 0)
    if tied.sum() > 1 and tied[best]:
        return int(np.flatnonzero(tied)[np.argmax(prior[tied])])
    return int(np.argmax(scores))
