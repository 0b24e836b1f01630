"""Trio's computer players: a heuristic, and the phase the search player leaves to it."""

from __future__ import annotations

import random

from fixture_game.play import PASS, TAKE
from fixture_game.rules import TABLE, TRUMP_MASK, VALUES
from fixture_game.state import Phase
from tarocchi.bots.base import legal_choices
from tarocchi.bots.registry import GamePlayers
from tarocchi.core.actions import Action, Play
from tarocchi.core.tricks import standing
from tarocchi.core.views import PlayerView

TAKE_POINTS = 10
"""A hand worth this many card points, or holding three trumps, takes (R3)."""


class TrioHeuristic:
    """Takes with a strong hand; wins a trick with its cheapest winning card, else throws its
    cheapest card."""

    name = "heuristic"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if view.phase is Phase.BID:
            hand = view.hand.mask
            strong = (
                sum(VALUES[c.index] for c in view.hand) >= TAKE_POINTS or (hand & TRUMP_MASK).bit_count() >= 3
            )
            return TAKE if strong or PASS not in legal else PASS
        cards = [a.card.index for a in legal if isinstance(a, Play)]
        trick = view.trick.plays if view.trick is not None else ()
        led = next((TABLE.leads[c.index] for _, c in trick if TABLE.leads[c.index] is not None), None)
        suit_led = -1 if led is None else led

        def here(card: int) -> int:
            return standing(
                TABLE.suit_of[card], TABLE.power[card], suit_led if trick else TABLE.suit_of[card]
            )

        best = max((here(c.index) for _, c in trick), default=-1)
        winning = [c for c in cards if here(c) > best]
        chosen = min(winning or cards, key=lambda c: (VALUES[c], TABLE.power[c], c))
        return next(a for a in legal if isinstance(a, Play) and a.card.index == chosen)


PLAYERS = GamePlayers(heuristic=TrioHeuristic, delegated=frozenset({Phase.BID}))
"""The search player takes or passes as the heuristic does: a random continuation of a bid
cannot tell taking from passing; the tricks are searched."""
