"""What each game's rules bound: the value ranges of the tensors, so that a tensor scaled to
[-1, 1] by them stays there.

The figures come from the deal's shape (the most cards a seat can hold) and from what the game's
manifest declares (``core.manifest``: the card points, what a side may need, a hand's utility
bound and most actions, each worked out from the rules' own constants where the rules keep one);
docs/research.md says why (tables of the layouts and of OpenSpiel's bounds).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tarocchi.core.manifest import Manifest
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of


@dataclass(frozen=True)
class Bounds:
    """The limits of one game's (and options') tensor values."""

    held: int
    """The most cards one seat holds: the largest dealt hand and the whole stock."""
    laid_aside: int
    """The most cards one seat lays face down: ``held`` less the smallest dealt hand (Piedmont's
    dealer 4, Sicilian 3, Taroinche 2, Taroux 6)."""
    total: int
    """The most a seat's game total can be, either way: a hand's utility bound times the hands of
    the game."""
    points: int
    """The most card points one side can win: every card's value (Taroux counts in pairs, one
    point off per pair, so less)."""
    needed: int
    """The most the declaring side can still need (0 where the game has none: Piedmont)."""
    actions: int
    """The most actions one hand takes."""

    @classmethod
    def of(cls, game: Game[Any]) -> Bounds:
        deal = game.deal(random.Random(0), 0)
        sizes = [len(hand) for hand in deal.hands]
        held = max(sizes) + len(deal.stock)
        declared = manifest_of(game) or Manifest(game="")
        return cls(
            held=held,
            laid_aside=held - min(sizes),
            total=declared.utility_bound * game.hands_per_game(),
            points=declared.card_points,
            needed=declared.needed,
            actions=declared.max_actions,
        )
