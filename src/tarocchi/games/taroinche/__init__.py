"""Taroinche as Board Game Arena plays it (rulings C1-C7, B1-B8)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroinche.game import TaroincheGame
from tarocchi.games.taroinche.state import Phase, TaroincheState

__all__ = ["MANIFEST", "Bid", "Phase", "TaroincheGame", "TaroincheState"]

MANIFEST = Manifest(
    game="tarocchi.games.taroinche.game:TaroincheGame",
    kernel="tarocchi.games.taroinche.kernel:factory",
    placer="tarocchi.games.taroinche.worlds:place",
    players="tarocchi.bots.taroinche:PLAYERS",
    facts="tarocchi.research.encoding:taroinche_facts",
    follower="tarocchi.research.followers:TaroincheFollower",
    call_slots=48,
)
"""Everything about Taroinche that the rest of tarocchi looks up (``core.manifest``): 48 call slots,
about twice the most calls a seat saw in random hands (15)."""
