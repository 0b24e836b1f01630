"""Taroux's computer players: the heuristic and the phases the search player
leaves to the heuristic."""

from __future__ import annotations

from tarocchi.bots.heuristic.taroux import TarouxHeuristic
from tarocchi.bots.registry import GamePlayers
from tarocchi.games.taroux.state import Phase

PLAYERS = GamePlayers(
    heuristic=TarouxHeuristic,
    delegated=frozenset({Phase.AUCTION, Phase.RECONTRA, Phase.STOCK, Phase.DISCARD, Phase.DECLARE}),
    hard_worlds=40,
    searched_bids=frozenset({Phase.AUCTION, Phase.RECONTRA}),
    bid_worlds=8,
)
"""The search player bids as the heuristic does: in the auction and the re-contra (T3) there
are many bids and one pass, a random continuation of an auction climbs to the top, so every bid
looks alike, and scoring each bid with heuristic playouts would cost seconds a decision. Every
decision before the card play goes to the heuristic too, as it has since the search player came
to this game (docs/bots.md): the stock the bidding Declarer takes and the Declarers' discards
(T5), and the declarations (T6). The card play (T7) is searched, 40 worlds a decision at the
hard level (docs/bots.md). The searched bidding decides the auction and the re-contra in 8
worlds a bid (a heuristic playout of a whole hand costs about 40 ms)."""
