"""The Sicilian game (rulings C1-C7, S1-S10)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.sicilian import rules
from tarocchi.games.sicilian.game import SicilianGame
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState

__all__ = ["MANIFEST", "Mode", "Phase", "SicilianGame", "SicilianState"]

MANIFEST = Manifest(
    game="tarocchi.games.sicilian.game:SicilianGame",
    kernel="tarocchi.games.sicilian.kernel:factory",
    placer="tarocchi.games.sicilian.worlds:place",
    revealed="tarocchi.games.sicilian.worlds:revealed",
    players="tarocchi.bots.sicilian:PLAYERS",
    facts="tarocchi.research.followers.sicilian:facts",
    follower="tarocchi.research.followers.sicilian:SicilianFollower",
    call_slots=48,
    utility_bound=189,  # the Declarer alone wins 3*d, d <= 126 - 63; a bargain is at most 63
    max_actions=79,  # 4 bargains, 4 Solo turns, 3 discards, 4 Props, 3 Cops, a rally, 60 plays
    card_points=sum(rules.VALUES),
    needed=rules.HALF + 1,  # more than the half, with nothing won yet
)
"""Everything about Sicilian that the rest of tarocchi looks up (``core.manifest``): 48 call slots,
about twice the most calls a seat saw in random hands (20). Its bounds are worked out in
docs/research.md ("OpenSpiel")."""
