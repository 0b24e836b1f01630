"""Piedmont's computer players: the heuristic and no delegated phase."""

from __future__ import annotations

from tarocchi.bots.heuristic.piedmont import PiedmontHeuristic
from tarocchi.bots.registry import GamePlayers
from tarocchi.games.piedmont.state import Phase

PLAYERS = GamePlayers(
    heuristic=PiedmontHeuristic,
    delegated=frozenset(),
    hard_worlds=40,
    handed_off=frozenset({Phase.DISCARD}),
)
"""Piedmont has no auction, so the search player searches every decision it has more than one
choice in: the dealer's discard (P2), the card play and, under Allegiance, the calls (P4). The
hard level plays 40 worlds a trick-play decision (docs/bots.md). The expert searches the discard
in as many worlds, handing each to the kernel once the trick play starts: a world of the discard
costs it a few milliseconds against the hard level's tens (docs/bots.md)."""
