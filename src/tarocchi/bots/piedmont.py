"""Piedmont's computer players: the heuristic and no delegated phase."""

from __future__ import annotations

from tarocchi.bots.heuristic.piedmont import PiedmontHeuristic
from tarocchi.bots.registry import GamePlayers

PLAYERS = GamePlayers(
    game_id="piedmont",
    heuristic=PiedmontHeuristic,
    delegated=frozenset(),
)
"""Piedmont has no auction, so the search player searches every decision it has more than one
choice in: the dealer's discard (P2), the card play and, under Allegiance, the calls (P4)."""
