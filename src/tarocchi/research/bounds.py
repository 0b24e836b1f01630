"""What each game's rules bound, once: the value ranges of the tensors (so that a tensor scaled to
[-1, 1] by them stays there) and OpenSpiel's utility bounds and game lengths.

Each figure is worked out from the rules' own constants where the rules keep one (card values,
the bargain's cap, the targets), or from the deal's shape (the most cards a seat can hold), and
docs/research.md says why (tables of the layouts and of OpenSpiel's bounds).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tarocchi.core.protocol import Game

MAX_GAME_LENGTH = {"piedmont": 82, "sicilian": 79, "taroinche": 183, "taroux": 175}
"""The most actions the seats can take in one hand, worked out from the rules (docs/research.md,
"OpenSpiel"): OpenSpiel's ``max_game_length`` (times the hands of a whole game); the deal's
chance nodes are not counted."""
UTILITY_BOUND = {"piedmont": 165, "sicilian": 189, "taroinche": 4_000, "taroux": 5_788}
"""No seat wins or loses more than this in one hand, worked out from the scoring rules
(docs/research.md, "OpenSpiel"): a bound, not always a score a hand can reach."""


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
        game_id = game.info.id
        points, needed = _POINTS[game_id]() if game_id in _POINTS else (0, 0)
        return cls(
            held=held,
            laid_aside=held - min(sizes),
            total=UTILITY_BOUND.get(game_id, 0) * game.hands_per_game(),
            points=points,
            needed=needed,
            actions=MAX_GAME_LENGTH.get(game_id, 0),
        )


def _piedmont() -> tuple[int, int]:
    from tarocchi.games.piedmont.rules import VALUES

    return sum(VALUES), 0


def _sicilian() -> tuple[int, int]:
    from tarocchi.games.sicilian.rules import HALF, VALUES

    return sum(VALUES), HALF + 1  # more than the half, with nothing won yet


def _taroinche() -> tuple[int, int]:
    from tarocchi.games.taroinche.rules import CAPOT, CONTRACTS, TRICKS
    from tarocchi.games.taroinche.rules import VALUES as BIDS

    highest = max(value for value in BIDS if value != CAPOT)
    return max(sum(contract.values) for contract in CONTRACTS), max(highest, TRICKS)


def _taroux() -> tuple[int, int]:
    from tarocchi.games.taroux.rules import TARGETS, VALUES

    return sum(VALUES), max(TARGETS)


_POINTS = {"piedmont": _piedmont, "sicilian": _sicilian, "taroinche": _taroinche, "taroux": _taroux}
"""Each game's (card points, points still needed) bounds."""
