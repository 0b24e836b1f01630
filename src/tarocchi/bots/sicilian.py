"""The Sicilian game's computer players: the heuristic and the phases the
search player leaves to the heuristic."""

from __future__ import annotations

from tarocchi.bots.heuristic.sicilian import SicilianHeuristic
from tarocchi.bots.registry import GamePlayers
from tarocchi.games.sicilian.state import Phase

PLAYERS = GamePlayers(
    heuristic=SicilianHeuristic,
    delegated=frozenset({Phase.BARGAIN, Phase.SOLO, Phase.PROP, Phase.COP}),
    hard_worlds=100,
    searched_bids=frozenset({Phase.SOLO, Phase.PROP, Phase.COP}),
    bid_worlds=8,
)
"""The search player bargains and bids as the heuristic does. The bargain (S3) alone offers 129
actions, and scoring each with heuristic playouts would cost seconds a decision; Solo, Prop and
Cop (S4-S6) are bids, and as in every auction a random continuation of the bidding cannot tell
one bid from another (the reason the search player left the bids to the heuristic when it came
to this game, with random playouts: docs/bots.md). The exchange (S4, S5), the rally (S7) and
the card play (S8) are searched. The hard level plays 100 worlds a trick-play decision
(docs/bots.md). The searched bidding decides the Solo, Prop and Cop rounds, each a few actions,
in 8 worlds a bid (a playout of a whole hand costs tens of milliseconds)."""
