"""Taroinche's playout kernel (``core.kernel``): B6 duties under a suit, No-trump or All-trump
(``tricks.plays``, over the contract's ``tricks.TABLES``), B7's Capot that stops at the
defence's first trick, B4's dog, B5's belote and B7's score. There is no Fool.
"""

from __future__ import annotations

from tarocchi.core.kernel import Kernel
from tarocchi.games.taroinche.rules import (
    BELOTE,
    CAPOT,
    CONTRACTS,
    LAST_TRICK,
    PLAYERS,
    TRICKS,
    WITH,
    WITHOUT,
    scored_value,
)
from tarocchi.games.taroinche.scoring import MULTIPLIERS
from tarocchi.games.taroinche.state import Phase, TaroincheState
from tarocchi.games.taroinche.tricks import TABLES, plays


def _value_masks(trump: int) -> tuple[list[int], list[int]]:
    """The contract's card values as (values, cards of each value), for popcounts."""
    pairs: dict[int, int] = {}
    for card, value in enumerate(CONTRACTS[trump].values):
        if value:
            pairs[value] = pairs.get(value, 0) | 1 << card
    return list(pairs), list(pairs.values())


_VALUES = [_value_masks(trump) for trump in range(len(CONTRACTS))]


class TaroincheKernel(Kernel):
    """A Taroinche hand in trick play, played in place; side 0 is the attack."""

    def __init__(self, state: TaroincheState) -> None:
        bid = state.bid
        assert bid is not None
        table = TABLES[bid.trump]
        super().__init__(PLAYERS, TRICKS, table.suit_of, table.power, -1)
        self.table = table
        self.values, self.value_masks = _VALUES[bid.trump]
        self.taker = state.taker
        self.partner = state.partner
        self.side_of = [0 if seat in (state.taker, state.partner) else 1 for seat in range(PLAYERS)]
        self.attack = 1 << state.taker | 1 << state.partner
        """The attack's seats, as a mask."""
        self.capot = bid.value == CAPOT
        self.value = bid.value
        self.stake = MULTIPLIERS[state.coinche] * scored_value(bid.value)
        bonus = BELOTE if state.belote >= 0 else 0
        if bid.mode == WITH:
            bonus += self.points(state.discard)
        elif bid.mode == WITHOUT:
            bonus += self.points(state.dog)
        self.bonus = bonus
        """What the attack counts besides its tricks: the dog or the discard (B4), the belote (B5)."""

    def points(self, mask: int) -> int:
        """The card points of ``mask`` under the contract."""
        total = 0
        for i in range(len(self.values)):
            total += self.values[i] * (mask & self.value_masks[i]).bit_count()
        return total

    def done(self) -> bool:
        """All six tricks played, or (B7) the defence has taken a trick against a Capot."""
        return self.tricks == self.total_tricks or (
            self.capot and self.tricks > 0 and self.side_of[self.winners[-1]] == 1
        )

    def legal(self) -> int:
        turn = self.turn
        return plays(self.table, self.hands[turn], self.led, self.best, self.attack, self.best_seat, turn)

    def scores(self) -> list[int]:
        """B7: the attack's tricks, the last trick's 10, the dog or discard and the belote against
        the value (at Capot, every trick); the value times the coinche, twice to the taker
        (four times solo), once to the partner, against each defender."""
        side_of = self.side_of
        taker = self.taker
        partner = self.partner
        if self.capot:
            made = self.tricks_won[taker] + (self.tricks_won[partner] if partner != taker else 0) == TRICKS
        else:
            total = self.points(self.won[taker] | self.won[partner]) + self.bonus
            if self.tricks == TRICKS and side_of[self.winners[-1]] == 0:
                total += LAST_TRICK
            made = total >= self.value
        unit = self.stake if made else -self.stake
        scores = [-unit] * PLAYERS
        if taker == partner:
            scores[taker] = 4 * unit
        else:
            scores[taker] = 2 * unit
            scores[partner] = unit
        return scores


def kernel(state: TaroincheState) -> TaroincheKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    if state.phase != Phase.PLAY:
        return None
    k = TaroincheKernel(state)
    k.load(
        list(state.hands),
        state.leader,
        list(state.trick),
        [(t.leader, list(t.cards), t.winner) for t in state.tricks],
    )
    return k
