"""Taroinche as Board Game Arena plays it (rulings C1-C7, B1-B8)."""

from tarocchi.core.manifest import Manifest
from tarocchi.games.taroinche import rules
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroinche.game import TaroincheGame
from tarocchi.games.taroinche.state import Phase, TaroincheState

__all__ = ["MANIFEST", "Bid", "Phase", "TaroincheGame", "TaroincheState"]

MANIFEST = Manifest(
    game="tarocchi.games.taroinche.game:TaroincheGame",
    kernel="tarocchi.games.taroinche.kernel:factory",
    placer="tarocchi.games.taroinche.worlds:place",
    revealed="tarocchi.games.taroinche.worlds:revealed_of",
    players="tarocchi.bots.taroinche:PLAYERS",
    facts="tarocchi.research.followers.taroinche:facts",
    follower="tarocchi.research.followers.taroinche:TaroincheFollower",
    call_slots=48,
    utility_bound=4_000,  # a solo taker's 4*M*V at Capot surcoinched: 4*4*250
    max_actions=183,  # an auction of at most 151, 2 discards, 30 plays
    card_points=max(sum(contract.values) for contract in rules.CONTRACTS),
    needed=max(max(value for value in rules.VALUES if value != rules.CAPOT), rules.TRICKS),
)
"""Everything about Taroinche that the rest of tarocchi looks up (``core.manifest``): 48 call slots,
about twice the most calls a seat saw in random hands (15). Its bounds are worked out in
docs/research.md ("OpenSpiel"): at most the highest bid's points, or every trick for Capot."""
