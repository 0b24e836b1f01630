"""Trio, a small tarot-family game written only as a test fixture: three players, a 15-card
pack, one round to take or pass, five tricks (rulings R1-R5 in ``rules.py``). It shows what a
new game is: this one package and its manifest (docs/adding-a-game.md)."""

from fixture_game.rules import DECK, HALF, PLAYERS, TOTAL
from tarocchi.core.manifest import Manifest

MANIFEST = Manifest(
    game="fixture_game.game:TrioGame",
    kernel="fixture_game.kernel:factory",
    placer="fixture_game.worlds:place",
    revealed="fixture_game.worlds:revealed",
    players="fixture_game.players:PLAYERS",
    facts="fixture_game.research:facts",
    follower="fixture_game.research:TrioFollower",
    call_slots=8,
    utility_bound=2 * HALF,  # the Declarer's 2d, d between -16 and 16 (R5)
    max_actions=PLAYERS + DECK.size,  # three calls at most (R3), then every card (R4)
    card_points=TOTAL,  # every card's (R5)
    needed=HALF + 1,  # more than the half, with nothing won yet
)
"""Everything about Trio that the rest of tarocchi looks up (``core.manifest``): 8 call slots,
more than the three calls of a bid."""

GAME_ID = "trio"
"""The id Trio's rules name it by, which it is registered under."""
