"""Taroux of Six (rulings C1-C7, T1-T11)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.taroux.game import TarouxGame
from tarocchi.games.taroux.state import Phase, TarouxState

__all__ = ["MANIFEST", "Phase", "TarouxGame", "TarouxState"]

MANIFEST = Manifest(
    game="tarocchi.games.taroux.game:TarouxGame",
    kernel="tarocchi.games.taroux.kernel:factory",
    placer="tarocchi.games.taroux.worlds:place",
    players="tarocchi.bots.taroux:PLAYERS",
    facts="tarocchi.research.encoding:taroux_facts",
    follower="tarocchi.research.followers:TarouxFollower",
    call_slots=96,
)
"""Everything about Taroux that the rest of tarocchi looks up (``core.manifest``): 96 call slots,
about twice the most calls a seat saw in random hands (37)."""
