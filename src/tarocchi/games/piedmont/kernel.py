"""Piedmont's playout kernel (``core.kernel``): P3 duties, P4 Good and Evil under the trumps
option, the Fool's settlement (C4) and P5's score. Under Allegiance the calls interrupt trick
play and score cards by segment, so there is no kernel: the engine plays those hands out."""

from __future__ import annotations

from tarocchi.core.kernel import Kernel, Table, pay_order, points_of, value_masks
from tarocchi.games.piedmont.rules import (
    FOOL,
    GOOD_EVIL,
    HONOURS,
    PLAYERS,
    TABLE,
    TRICKS,
    VALUES,
)
from tarocchi.games.piedmont.state import Phase, PiedmontState

_SIDE_OF = [seat & 1 for seat in range(PLAYERS)]
_TABLE = Table(TABLE.suit_of, TABLE.power, TABLE.suit_masks)
_PAY_ORDER = pay_order(list(VALUES), HONOURS)
_VALUE_MASKS = value_masks(list(VALUES))


class PiedmontKernel(Kernel):
    """A Piedmont hand under the trumps option, played in place."""

    def __init__(self, dealer: int, discard: int) -> None:
        super().__init__(
            PLAYERS, TRICKS, _TABLE.suit_of, _TABLE.power, _TABLE.suit_masks, _TABLE.above, False, FOOL
        )
        self.dealer = dealer
        self.discard = discard

    def trick_winner(self) -> int:
        """P4 trumps option: Good and Evil from one side win for the player of the first; from
        opposing sides they are ignored, and if nothing else can win, the player of the first wins."""
        if self.trick_mask & GOOD_EVIL != GOOD_EVIL:
            return self.best_seat
        start = len(self.cards) - PLAYERS
        first = -1
        second = -1
        for pos in range(PLAYERS):
            if GOOD_EVIL >> self.cards[start + pos] & 1:
                if first < 0:
                    first = pos
                else:
                    second = pos
        leader = self.leader
        if (leader + first) & 1 == (leader + second) & 1:
            return (leader + first) % PLAYERS
        best = -1
        best_power = -1
        best_trump = False
        led = -1
        for pos in range(PLAYERS):
            card = self.cards[start + pos]
            suit = self.suit_of[card]
            if card == FOOL:
                continue
            if led < 0:
                led = suit
            if GOOD_EVIL >> card & 1:
                continue
            strength = self.power[card]
            if suit == 4:
                if not best_trump or strength > best_power:
                    best, best_power, best_trump = pos, strength, True
            elif suit == led and not best_trump and strength > best_power:
                best, best_power = pos, strength
        return (leader + (first if best < 0 else best)) % PLAYERS

    def scores(self) -> list[int]:
        """P2: the discard counts for the dealer's side; P5: card points and tricks, the
        difference to each winner and from each loser; a tie scores nothing."""
        cards, tricks = self.settle(_SIDE_OF, 2, _PAY_ORDER)
        cards[self.dealer & 1] |= self.discard
        points = [points_of(cards[side], _VALUE_MASKS) + tricks[side] for side in (0, 1)]
        diff = points[0] - points[1]
        return [diff if seat & 1 == 0 else -diff for seat in range(PLAYERS)]


def kernel(state: PiedmontState, allegiance: bool) -> PiedmontKernel | None:
    """The kernel for a hand in trick play (None: not in trick play, or under Allegiance)."""
    if allegiance or state.phase != Phase.PLAY:
        return None
    k = PiedmontKernel(state.context.dealer, state.discard)
    k.load(
        list(state.hands),
        state.leader,
        list(state.trick),
        [(t.leader, list(t.cards), t.winner) for t in state.tricks],
    )
    return k
