"""Taroux of Six (rulings C1-C7, T1-T11)."""

from tarocchi.core.manifest import Manifest, Several
from tarocchi.games.taroux import rules
from tarocchi.games.taroux.game import TarouxGame
from tarocchi.games.taroux.state import Phase, TarouxState

__all__ = ["MANIFEST", "Phase", "TarouxGame", "TarouxState"]

MANIFEST = Manifest(
    game="tarocchi.games.taroux.game:TarouxGame",
    kernel="tarocchi.games.taroux.kernel:factory",
    placer="tarocchi.games.taroux.worlds:place",
    revealed="tarocchi.games.taroux.worlds:revealed",
    players="tarocchi.bots.taroux:PLAYERS",
    facts="tarocchi.research.followers.taroux:facts",
    follower="tarocchi.research.followers.taroux:TarouxFollower",
    call_slots=96,
    utility_bound=5_788,  # a Declarer's 2R, R <= (25 + 56 + 20) * 6 * 4 + 70 (Abundances) + 400 (Slam)
    max_actions=175,  # an auction of at most 67, a stock choice, 6 discards, 29 declarations, 72 plays
    card_points=sum(rules.VALUES),
    needed=max(rules.TARGETS),
    several=Several(
        verbs=("show", "abundance"),
        name="shown trumps",
        help="An Abundance's trumps too: show T1 T2 ...",
    ),
)
"""Everything about Taroux that the rest of tarocchi looks up (``core.manifest``): 96 call slots,
about twice the most calls a seat saw in random hands (37). Its bounds are worked out in
docs/research.md ("OpenSpiel"); the most points needed is the highest target."""
