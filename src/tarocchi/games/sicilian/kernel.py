"""The Sicilian game's playout kernel (``core.kernel``): S8 duties (``rules.plays``), the Fool's
settlement (C4), S9 and S10. Who is the hidden partner (S7) changes only what seats know, not the play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.cards import points_of, value_masks
from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game
from tarocchi.games.sicilian.rules import (
    FOOL,
    PAY_ORDER,
    PLAYERS,
    TABLE,
    TRICKS,
    VALUES,
    plays,
    seat_scores,
    side_total,
)
from tarocchi.games.sicilian.scoring import declarers
from tarocchi.games.sicilian.state import Phase, SicilianState

_VALUE_MASKS = value_masks(list(VALUES))


class SicilianKernel(Kernel):
    """A Sicilian hand in trick play, played in place; side 0 is the Declarer's."""

    def __init__(self, team: tuple[int, ...], discarder: int, discard: int) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        self.side_of = [0 if seat in team else 1 for seat in range(PLAYERS)]
        self.team = team
        self.discarder = discarder
        self.discard = discard

    def legal(self) -> int:
        return plays(self.hands[self.turn], self.led)

    def scores(self) -> list[int]:
        """S9: card points (the discard for its side), a point a trick and 5 for the last;
        S10: d = the Declarers' total - 63, times 3 for a Declarer alone (``rules.side_total``,
        ``rules.seat_scores``)."""
        side_of = self.side_of
        cards, tricks = self.settle(side_of, 2, PAY_ORDER)
        cards[side_of[self.discarder]] |= self.discard
        total = side_total(points_of(cards[0], _VALUE_MASKS), tricks[0], side_of[self.winners[-1]] == 0)
        return list(seat_scores(total, self.team))


def kernel(state: SicilianState) -> SicilianKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    if state.phase != Phase.PLAY:
        return None
    return loaded(SicilianKernel(declarers(state), state.discarder, state.discard), state)


def factory(game: Game[Any]) -> Callable[[SicilianState], SicilianKernel | None]:
    """The kernel of every hand of ``game`` (no option changes the play): ``kernel``."""
    return kernel
