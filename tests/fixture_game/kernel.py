"""Trio's playout kernel (``core.kernel``): R4's duties (``rules.plays``), the Fool's settlement
(C4) and R5 (``rules.seat_scores``), the engine's own functions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixture_game.rules import FOOL, PAY_ORDER, PLAYERS, TABLE, TRICKS, VALUES, plays, seat_scores
from fixture_game.state import Phase, TrioState
from tarocchi.core.cards import points_of, value_masks
from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game

_VALUE_MASKS = value_masks(list(VALUES))


class TrioKernel(Kernel):
    """A Trio hand in trick play, played in place; side 0 is the Declarer."""

    def __init__(self, declarer: int) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        self.declarer = declarer
        self.side_of = [0 if seat == declarer else 1 for seat in range(PLAYERS)]

    def legal(self) -> int:
        return plays(self.hands[self.turn], self.led)

    def scores(self) -> list[int]:
        cards, _ = self.settle(self.side_of, 2, PAY_ORDER)
        return list(seat_scores(self.declarer, points_of(cards[0], _VALUE_MASKS)))


def kernel(state: TrioState) -> TrioKernel | None:
    """The kernel of a hand in trick play (None: still bidding, or over)."""
    if state.phase != Phase.PLAY:
        return None
    return loaded(TrioKernel(state.declarer), state)


def factory(game: Game[Any]) -> Callable[[TrioState], TrioKernel | None]:
    """The kernel of every hand of ``game`` (Trio has no options)."""
    return kernel
