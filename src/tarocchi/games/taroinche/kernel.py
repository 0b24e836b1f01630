"""Taroinche's playout kernel (``core.kernel``): B6 duties under a suit, No-trump or All-trump
(``tricks.plays``, over the contract's ``tricks.TABLES``), B7's Capot that stops at the
defence's first trick, B4's dog, B5's belote and B7's score. There is no Fool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game
from tarocchi.games.taroinche.rules import (
    CAPOT,
    PLAYERS,
    TRICKS,
    set_aside,
    side_of,
)
from tarocchi.games.taroinche.scoring import attack_scores
from tarocchi.games.taroinche.state import Phase, TaroincheState
from tarocchi.games.taroinche.tricks import TABLES, plays


class TaroincheKernel(Kernel):
    """A Taroinche hand in trick play, played in place; side 0 is the attack."""

    def __init__(self, state: TaroincheState) -> None:
        bid = state.bid
        assert bid is not None
        table = TABLES[bid.trump]
        super().__init__(PLAYERS, TRICKS, table.suit_of, table.power, -1)
        self.table = table
        self.trump = bid.trump
        self.taker = state.taker
        self.partner = state.partner
        self.side_of = [side_of(seat, state.taker, state.partner) for seat in range(PLAYERS)]
        self.attack = 1 << state.taker | 1 << state.partner
        """The attack's seats, as a mask."""
        self.capot = bid.value == CAPOT
        self.value = bid.value
        self.coinche = state.coinche
        laid, side = set_aside(bid.mode, state.discard, state.dog)
        self.laid_aside = laid if side == 0 else 0
        """The cards laid aside that count for the attack (B4)."""
        self.belote = state.belote >= 0

    def done(self) -> bool:
        """All six tricks played, or (B7) the defence has taken a trick against a Capot."""
        return self.tricks == self.total_tricks or (
            self.capot and self.tricks > 0 and self.side_of[self.winners[-1]] == 1
        )

    def legal(self) -> int:
        turn = self.turn
        return plays(self.table, self.hands[turn], self.led, self.best, self.attack, self.best_seat, turn)

    def scores(self) -> list[int]:
        """B7 as the score sheet counts it (``scoring.attack_scores``): the attack's points or, at
        Capot, its tricks against the contract."""
        taker = self.taker
        partner = self.partner
        tricks = self.tricks_won[taker] + (self.tricks_won[partner] if partner != taker else 0)
        last = self.tricks == TRICKS and self.side_of[self.winners[-1]] == 0
        won = self.won[taker] | self.won[partner]
        scores = attack_scores(
            won,
            tricks,
            last,
            self.laid_aside,
            self.belote,
            self.trump,
            self.value,
            self.coinche,
            taker,
            partner,
        )[2]
        return list(scores)


def kernel(state: TaroincheState) -> TaroincheKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    return loaded(TaroincheKernel(state), state) if state.phase == Phase.PLAY else None


def factory(game: Game[Any]) -> Callable[[TaroincheState], TaroincheKernel | None]:
    """The kernel of every hand of ``game`` (no option changes the play): ``kernel``."""
    return kernel
