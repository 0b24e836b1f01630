"""Trio's parts of the research encoder: the facts writer and the follower (``research.encoding``,
``research.followers``); the bounds of its tensors and utilities are in its manifest."""

from __future__ import annotations

from fixture_game.rules import FOOL, HALF, VALUES
from fixture_game.views import TrioFacts
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, FactsWriter, Floats, Layout
from tarocchi.research.followers.base import Follower


def facts(enc: Encoder, layout: Layout) -> FactsWriter:
    """One slot group: the Declarer, relative to the seat encoded (R3)."""
    n = enc.players
    declarer = layout.add("facts.declarer", n, 0, 1, "the Declarer, relative")

    def write(view: PlayerView, seat: int, out: Floats) -> None:
        who = TrioFacts.of(view).declarer
        if who is not None:
            out[declarer + (who - seat) % n] = 1

    return write


class TrioFollower(Follower):
    """Counts the running state trick by trick from each card's value (R5), the Fool kept by its
    side (C4); every call, and a hand's start, is read again from the view (``Resync``)."""

    def __init__(self, enc: Encoder) -> None:
        super().__init__(enc)
        self.table = VALUES
        self.fool = FOOL

    def needed(self) -> int:
        """What the Declarer still needs to pass the half (R5), as the view says it."""
        return max(0, HALF + 1 - self.sums[0])
