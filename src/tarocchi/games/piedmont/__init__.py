"""Tarocchi as played in Piedmont (rulings C1-C7, P1-P5)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.piedmont import rules
from tarocchi.games.piedmont.game import PiedmontGame
from tarocchi.games.piedmont.state import Phase, PiedmontState

__all__ = ["MANIFEST", "Phase", "PiedmontGame", "PiedmontState"]

MANIFEST = Manifest(
    game="tarocchi.games.piedmont.game:PiedmontGame",
    kernel="tarocchi.games.piedmont.kernel:factory",
    placer="tarocchi.games.piedmont.worlds:place",
    revealed="tarocchi.games.piedmont.worlds:revealed",
    players="tarocchi.bots.piedmont:PLAYERS",
    facts="tarocchi.research.followers.piedmont:facts",
    follower="tarocchi.research.followers.piedmont:PiedmontFollower",
    call_slots=16,
    utility_bound=165,  # a side's points are at most the pack's 146 and 19 tricks
    max_actions=82,  # 4 discards, 76 plays, a call and its answer
    card_points=sum(rules.VALUES),
)
"""Everything about Piedmont that the rest of tarocchi looks up (``core.manifest``): 16 call slots,
about twice the most calls a seat saw in random hands (7). Its bounds are worked out in
docs/research.md ("OpenSpiel"); Piedmont has no declaring side, so nothing is needed."""
