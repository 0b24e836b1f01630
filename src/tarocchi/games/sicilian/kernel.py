"""The Sicilian game's playout kernel (``core.kernel``): S8 duties (``rules.plays``), the Fool's
settlement (C4), S9 and S10. Who is the hidden partner (S7) changes only what seats know, not the play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game
from tarocchi.games.sicilian.rules import (
    FOOL,
    PAY_ORDER,
    PLAYERS,
    TABLE,
    TRICKS,
    plays,
)
from tarocchi.games.sicilian.scoring import declarers, hand_scores
from tarocchi.games.sicilian.state import Phase, SicilianState


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
        """C4 (``Kernel.settle``), then the score sheet's count (``scoring.hand_scores``: S4/S5,
        S9, S10)."""
        side_of = self.side_of
        cards, tricks = self.settle(side_of, 2, PAY_ORDER)
        last = side_of[self.winners[-1]]
        return list(hand_scores(cards, tricks, last, self.discard, side_of[self.discarder], self.team)[2])


def kernel(state: SicilianState) -> SicilianKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    if state.phase != Phase.PLAY:
        return None
    return loaded(SicilianKernel(declarers(state), state.discarder, state.discard), state)


def factory(game: Game[Any]) -> Callable[[SicilianState], SicilianKernel | None]:
    """The kernel of every hand of ``game`` (no option changes the play): ``kernel``."""
    return kernel
