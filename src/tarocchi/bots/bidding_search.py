"""Bids, calls and contracts searched: each candidate valued by playouts over inferred worlds.

The plain search player plays its cards by search and bids as the medium player does: an
auction offers hundreds of bids, and a random continuation of the bidding cannot tell one from
another. Here a bidding decision of the phases the game's players declare (``searched_bids``)
is searched among a few candidates: the medium player's own choice (the prior) and those the
game's players name (``bid_candidates``: in Taroinche's auction passing, the cheapest bid in
each trump with the partner the medium player would name for it, and the medium player's bid
one step higher); where a decision offers only a few actions (a coinche, a contra, Solo or not),
every one of them.
Each candidate is played in the same worlds (drawn by the given sampler: the inferred worlds of
the hard player) and the hand finished with every seat playing as the medium player, its own
later bids included; a candidate replaces the prior only if it beats it, world by world, by more
than ``MARGIN`` standard errors of the difference.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from tarocchi.bots.base import Player, legal_choices
from tarocchi.bots.registry import searching
from tarocchi.bots.search import Sampler, policy_playout
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

MARGIN = 2.0
"""How many standard errors of the paired difference a candidate must beat the prior by: about
six candidates are compared at once, and at one standard error the noise of Taroinche's scores
(a few hundred a hand) made the search raise bids it then went down in."""
FEWEST = 6
"""Worlds a search must have played for a candidate to replace the prior: fewer (a time limit
cut it short) leave the prior's choice, since two or three worlds make a standard error
meaningless."""
DRAWS = 3
"""Draws per world wanted: inferred worlds are drawn by weight, so one may come again."""
FEW = 4
"""A decision with at most this many actions has every one of them searched."""


class BiddingSearch:
    """A bidder that searches its candidates (above) over ``sampler``'s worlds with ``prior``'s
    playouts, and decides as ``prior`` elsewhere: the hard player's delegate. ``seconds`` bounds
    a decision's playouts; with fewer than ``FEWEST`` worlds played the prior's choice stands."""

    def __init__(
        self,
        game: Game[Any],
        prior: Player,
        sampler: Sampler,
        *,
        worlds: int | None = None,
        margin: float = MARGIN,
        seconds: float | None = None,
        name: str = "bidding-search",
    ) -> None:
        self.game = game
        self.prior = prior
        self.sampler = sampler
        declared = searching(game)
        self.worlds = worlds if worlds is not None else declared.bid_worlds
        self.margin = margin
        self.seconds = seconds
        self.name = name
        self.phases = declared.searched_bids
        self.candidates = declared.bid_candidates

    def options(self, view: PlayerView, prior: Action) -> list[Action]:
        """The actions searched at this decision; the prior's alone if it is not searched."""
        legal = view.legal_actions
        if view.phase not in self.phases:
            return [prior]
        if len(legal) <= FEW:
            return list(legal)
        return [prior] if self.candidates is None else self.candidates(view, prior)

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        prior = self.prior.choose(view, rng)
        options = self.options(view, prior)
        if len(legal) == 1 or len(options) == 1:
            return prior
        return self.decide(view, rng, prior, options)[0]

    def decide(
        self, view: PlayerView, rng: random.Random, prior: Action, options: list[Action]
    ) -> tuple[Action, list[tuple[Action, float, float]]]:
        """The action chosen, and every option with its mean playout score and its mean gain over
        the prior in standard errors of the paired difference (0 for the prior itself); no
        options if too few worlds were played (then the prior's choice)."""
        seat = view.seat
        assert seat is not None
        game, policy = self.game, self.prior
        draw = self.sampler(view, rng)
        scores: list[list[int]] = [[] for _ in options]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        seen: dict[int, Any] = {}  # the worlds played, by id (kept, so that no id is reused)
        for _ in range(DRAWS * self.worlds):
            if len(scores[0]) == self.worlds or (deadline is not None and time.perf_counter() > deadline):
                break  # enough worlds, or out of time: the worlds played so far decide
            world = draw()
            if id(world) in seen:
                continue  # drawn again by its weight: its playouts would repeat, not add, evidence
            seen[id(world)] = world
            seed = rng.getrandbits(64)
            played: list[int] = []
            for action in options:
                if deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: this world is dropped half-played, the others stand
                after = game.apply(world, action)
                played.append(policy_playout(game, after, seat, random.Random(seed), policy))
            if len(played) < len(options):
                break
            for i, score in enumerate(played):
                scores[i].append(score)
        if len(scores[0]) < FEWEST:
            return prior, []  # too few worlds to tell the candidates apart
        base = scores[options.index(prior)]
        table: list[tuple[Action, float, float]] = []
        for action, got in zip(options, scores, strict=True):
            gains = [a - b for a, b in zip(got, base, strict=True)]
            mean = sum(gains) / len(gains)
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
            error = spread / math.sqrt(len(gains))
            z = mean / error if error else math.copysign(math.inf, mean) if mean else 0.0
            table.append((action, sum(got) / len(got), z))
        best = max(table, key=lambda row: row[1])
        chosen = best[0] if best[0] != prior and best[2] > self.margin else prior
        return chosen, table
