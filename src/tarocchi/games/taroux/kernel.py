"""Taroux's playout kernel (``core.kernel``): T7 duties (``rules.plays``), T9's Fool in the last
trick (``rules.fool_takes_last``), the Fool's settlement (C4), T5, T8 and T10."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game
from tarocchi.games.taroux.rules import (
    FOOL,
    MAGICIAN,
    PAY_ORDER,
    PLAYERS,
    TABLE,
    TRICKS,
    declarers,
    fool_takes_last,
    plays,
    seat_scores,
)
from tarocchi.games.taroux.scoring import abundances, set_aside_cards, tally
from tarocchi.games.taroux.state import Phase, TarouxState


class TarouxKernel(Kernel):
    """A Taroux hand in trick play, played in place; side 0 is the Declarers'."""

    def __init__(self, state: TarouxState) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        side = declarers(state.bidder)
        self.side = side
        self.side_of = [0 if side >> seat & 1 else 1 for seat in range(PLAYERS)]
        self.set_aside = set_aside_cards(state)
        self.contract = state.high
        self.contra = state.contra
        self.sparrow = state.sparrow
        self.slam = state.slam
        self.abundances = abundances(state.shown)

    def legal(self) -> int:
        return plays(self.hands[self.turn], self.led, self.best)

    def trick_winner(self) -> int:
        """C3 by the best ``standing``, unless the Fool takes the twelfth trick (T9)."""
        if self.fool_trick == self.tricks:
            side_of = self.side_of
            mine = side_of[self.fool_seat]
            won = 0
            for seat in range(PLAYERS):
                if side_of[seat] == mine:
                    won += self.tricks_won[seat]
            if fool_takes_last(self.tricks, won):
                return self.fool_seat
        return self.best_seat

    def scores(self) -> list[int]:
        """C4 (``Kernel.settle``), then the score sheet's count (``scoring.tally``: T5, T8, T9,
        T10)."""
        cards, won = self.settle(self.side_of, 2, PAY_ORDER)
        magician_by = -1
        for pos in range(len(self.cards) - PLAYERS, len(self.cards)):
            if self.cards[pos] == MAGICIAN:
                magician_by = self.seats[pos]
        counts = tally(
            cards, (won[0], won[1]), self.set_aside, self.contract, self.contra, self.side, self.sparrow,
            magician_by, self.winners[-1], self.abundances, self.slam,
        )  # fmt: skip
        return list(seat_scores(counts.r, self.side))


def kernel(state: TarouxState) -> TarouxKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    return loaded(TarouxKernel(state), state) if state.phase == Phase.PLAY else None


def factory(game: Game[Any]) -> Callable[[TarouxState], TarouxKernel | None]:
    """The kernel of every hand of ``game`` (no option changes the play): ``kernel``."""
    return kernel
