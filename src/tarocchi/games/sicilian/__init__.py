"""The Sicilian game (rulings C1-C7, S1-S10)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.sicilian.game import SicilianGame
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState

__all__ = ["MANIFEST", "Mode", "Phase", "SicilianGame", "SicilianState"]

MANIFEST = Manifest(
    game="tarocchi.games.sicilian.game:SicilianGame",
    kernel="tarocchi.games.sicilian.kernel:factory",
    placer="tarocchi.games.sicilian.worlds:place",
    players="tarocchi.bots.sicilian:PLAYERS",
    facts="tarocchi.research.encoding:sicilian_facts",
    follower="tarocchi.research.followers:SicilianFollower",
    call_slots=48,
)
"""Everything about Sicilian that the rest of tarocchi looks up (``core.manifest``): 48 call slots,
about twice the most calls a seat saw in random hands (20)."""
