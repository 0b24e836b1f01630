"""Taroinche's computer players: the heuristic and the phases the search
player leaves to the heuristic."""

from __future__ import annotations

from tarocchi.bots.heuristic.taroinche import TaroincheHeuristic, _choose_partner
from tarocchi.bots.registry import GamePlayers
from tarocchi.core.actions import Action, Call
from tarocchi.core.views import PlayerView
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroinche.rules import CAPOT, level
from tarocchi.games.taroinche.state import Phase


def bid_candidates(view: PlayerView, prior: Action) -> list[Action]:
    """The bids worth searching in the auction (B3): pass, coinche where it may, the prior, the
    cheapest bid in each trump with the partner the medium player would name, and the prior's
    bid one step higher (of hundreds of bids, ``bots.bidding_search``)."""
    seat = view.seat
    assert seat is not None
    legal = view.legal_actions
    bids = [a for a in legal if isinstance(a, Bid) and a.value != CAPOT]
    found: list[Action] = [prior, *(a for a in legal if isinstance(a, Call))]
    for trump in range(4):
        partner = _choose_partner(view, seat, trump)[0]
        mine = [b for b in bids if b.trump == trump and b.partner == partner]
        if mine:
            found.append(min(mine, key=lambda b: level(b.value, b.mode)))
    if isinstance(prior, Bid):
        same = (prior.trump, prior.mode, prior.partner)
        higher = [b for b in bids if (b.trump, b.mode, b.partner) == same and b.value > prior.value]
        if higher:
            found.append(min(higher, key=lambda b: b.value))
    return list(dict.fromkeys(found))


PLAYERS = GamePlayers(
    heuristic=TaroincheHeuristic,
    delegated=frozenset({Phase.AUCTION, Phase.SURCOINCHE, Phase.DISCARD}),
    hard_worlds=300,
    inferred_candidates=300,
    searched_bids=frozenset({Phase.AUCTION, Phase.SURCOINCHE}),
    bid_worlds=24,
    bid_candidates=bid_candidates,
)
"""The search player bids as the heuristic does. In the auction and the surcoinche (B3) there
are hundreds of bids and one pass: a random continuation of an auction climbs to the top, so
every bid looks alike, and scoring each of hundreds of bids with heuristic playouts would cost
seconds a decision. The taker's discard after the dog (B4 With) is left to the heuristic too,
as it has been since the search player came to this game (docs/bots.md); the card play
(B6) is searched: 300 worlds a decision at the hard level, weighed among 300 candidates (the
six-card hands replay cheaply, and 300 candidates did better than 80: docs/bots.md). The
searched bidding plays 24 worlds a bid (a heuristic playout of a whole hand costs about 15 ms)."""
