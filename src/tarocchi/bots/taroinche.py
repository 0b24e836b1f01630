"""Taroinche's computer players: the heuristic and the phases the search
player leaves to the heuristic."""

from __future__ import annotations

from tarocchi.bots.heuristic.taroinche import TaroincheHeuristic
from tarocchi.bots.registry import GamePlayers
from tarocchi.games.taroinche.state import Phase

PLAYERS = GamePlayers(
    game_id="taroinche",
    heuristic=TaroincheHeuristic,
    delegated=frozenset({Phase.AUCTION, Phase.SURCOINCHE, Phase.DISCARD}),
)
"""The search player bids as the heuristic does. In the auction and the surcoinche (B3) there
are hundreds of bids and one pass: a random continuation of an auction climbs to the top, so
every bid looks alike, and scoring each of hundreds of bids with heuristic playouts would cost
seconds a decision. The taker's discard after the dog (B4 With) is left to the heuristic too,
as it has been since the search player came to this game (docs/bots.md); the card play
(B6) is searched."""
