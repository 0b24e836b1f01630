"""Taroux's playout kernel (``core.kernel``): T7 duties (``rules.plays``), T9's Fool in the last
trick (``rules.fool_takes_last``), the Fool's settlement (C4), T5, T8 and T10."""

from __future__ import annotations

from tarocchi.core.kernel import Kernel, points_of, value_masks
from tarocchi.games.taroux.play import declarers
from tarocchi.games.taroux.rules import (
    AGAINST,
    BID_MULTIPLIER,
    CONTRA_MULTIPLIER,
    FOOL,
    HONOURS,
    MAGICIAN,
    PAY_ORDER,
    PLAYERS,
    SLAM_ANNOUNCED,
    SLAM_UNANNOUNCED,
    SPARROW_ANNOUNCED,
    SPARROW_UNANNOUNCED,
    TABLE,
    TARGETS,
    TRICKS,
    VALUES,
    WIN_BONUS,
    abundance,
    fool_takes_last,
    plays,
)
from tarocchi.games.taroux.state import Phase, TarouxState

_VALUE_MASKS = value_masks(list(VALUES))


class TarouxKernel(Kernel):
    """A Taroux hand in trick play, played in place; side 0 is the Declarers'."""

    def __init__(self, state: TarouxState) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        side = declarers(state.bidder)
        self.side_of = [0 if side >> seat & 1 else 1 for seat in range(PLAYERS)]
        set_aside = state.stock_left
        for mask in state.discards:
            set_aside |= mask
        self.set_aside = set_aside
        self.contract = state.high
        self.contra = state.contra
        self.sparrow = state.sparrow
        self.slam = state.slam
        self.abundances = [abundance(shown.bit_count())[0] for shown in state.shown if shown]

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
        """T5 the set-aside cards, T8 pairs and target, T10 the score, Sparrow, Abundances, Slam."""
        side_of = self.side_of
        cards, tricks = self.settle(side_of, 2, PAY_ORDER)
        if self.set_aside:
            owner = 1 if self.contract == AGAINST else 0
            if tricks[owner] == 0:
                owner = 1 - owner
            cards[owner] |= self.set_aside
        pile = cards[0]
        points = points_of(pile, _VALUE_MASKS) - pile.bit_count() // 2
        target = TARGETS[(pile & HONOURS).bit_count()]
        made = points >= target
        base = WIN_BONUS + abs(points - target)
        r = base if made else -base
        r += self._sparrow()
        r *= BID_MULTIPLIER[self.contract]
        if self.contra:
            r *= CONTRA_MULTIPLIER[self.contra]
        for value in self.abundances:
            r += value if made else -value
        if self.slam >= 0:
            r += SLAM_ANNOUNCED if tricks[0] == TRICKS else -SLAM_ANNOUNCED
        elif tricks[0] == TRICKS:
            r += SLAM_UNANNOUNCED
        elif tricks[1] == TRICKS:
            r -= SLAM_UNANNOUNCED
        return [2 * r if side_of[seat] == 0 else -r for seat in range(PLAYERS)]

    def _sparrow(self) -> int:
        """T9/T10: the Magician in the last trick, won by its holder's side; for the Declarers."""
        side_of = self.side_of
        start = len(self.cards) - PLAYERS
        achieved = -1
        for pos in range(start, len(self.cards)):
            if self.cards[pos] == MAGICIAN and side_of[self.seats[pos]] == side_of[self.winners[-1]]:
                achieved = self.seats[pos]
        if self.sparrow >= 0:
            sign = 1 if side_of[self.sparrow] == 0 else -1
            return sign * SPARROW_ANNOUNCED if achieved == self.sparrow else -sign * SPARROW_ANNOUNCED
        if achieved >= 0:
            return SPARROW_UNANNOUNCED if side_of[achieved] == 0 else -SPARROW_UNANNOUNCED
        return 0


def kernel(state: TarouxState) -> TarouxKernel | None:
    """The kernel for a hand in trick play (None: not in trick play)."""
    if state.phase != Phase.PLAY:
        return None
    k = TarouxKernel(state)
    k.load(
        list(state.hands),
        state.leader,
        list(state.trick),
        [(t.leader, list(t.cards), t.winner) for t in state.tricks],
    )
    return k
