"""Piedmont's computer players: the heuristic, the world sampler, and no delegated phase."""

from __future__ import annotations

from tarocchi.bots.heuristic.piedmont import PiedmontHeuristic
from tarocchi.bots.registry import GamePlayers
from tarocchi.bots.worlds.piedmont import sample_world

PLAYERS = GamePlayers(
    game_id="piedmont",
    heuristic=PiedmontHeuristic,
    sample_world=sample_world,
    delegated=frozenset(),
)
"""Piedmont has no auction, so the search player searches every decision it has more than one
choice in: the dealer's discard (P2), the card play and, under Allegiance, the calls (P4)."""
