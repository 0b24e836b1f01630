"""Taroinche's playout kernel (``core.kernel``): B6 duties under a suit, No-trump or All-trump,
the side's exception to cutting, B7's Capot that stops at the defence's first trick, B4's dog,
B5's belote and B7's score.

The contract's trump suit becomes the kernel's trump suit (id 4) with the trump order as its
power; the other suits keep their ids with the plain order. There is no Fool.
"""

from __future__ import annotations

import random
from typing import Final

from tarocchi.core.kernel import TRUMP, Kernel, Table
from tarocchi.games.taroinche.rules import (
    ALL_TRUMP,
    BELOTE,
    CAPOT,
    CONTRACTS,
    DECK,
    LAST_TRICK,
    PLAIN_ORDER,
    PLAYERS,
    SUIT_MASKS,
    SUIT_OF,
    TRICKS,
    TRUMP_ORDER,
    WITH,
    WITHOUT,
    scored_value,
)
from tarocchi.games.taroinche.scoring import MULTIPLIERS
from tarocchi.games.taroinche.state import Phase, TaroincheState

_STRIDE: Final = 9
"""``beat[led * _STRIDE + power + 1]``: powers run 0..7, and -1 before any card."""


class _Contract:
    """One trump choice as the kernel reads it: the remapped trick table, the cards a follower
    must beat with, and the card values as (value, cards) pairs for popcounts."""

    def __init__(self, trump: int) -> None:
        contract = CONTRACTS[trump]
        suit_of: list[int] = []
        power: list[int] = []
        for card in range(DECK.size):
            suit = SUIT_OF[card]
            trumpish = suit == trump or trump == ALL_TRUMP
            order = TRUMP_ORDER if trumpish else PLAIN_ORDER
            suit_of.append(TRUMP if suit == trump else suit)
            power.append(len(order) - 1 - order.index(DECK.faces[card]))
        masks = [SUIT_MASKS[s] if s != trump else 0 for s in range(4)] + [contract.trump_mask, 0]
        self.table = Table(tuple(suit_of), tuple(power), tuple(masks))
        beat = [0] * (6 * _STRIDE)
        for card in range(DECK.size):
            suit = suit_of[card]
            if suit == TRUMP or trump == ALL_TRUMP:  # B6: following these, beat the best if able
                for p in range(-1, power[card]):
                    beat[suit * _STRIDE + p + 1] |= 1 << card
        self.beat = beat
        pairs: dict[int, int] = {}
        for card, value in enumerate(contract.values):
            if value:
                pairs[value] = pairs.get(value, 0) | 1 << card
        self.values = list(pairs)
        self.value_masks = list(pairs.values())


_CONTRACTS = [_Contract(trump) for trump in range(6)]
_TRICKS: Final = 6
"""TRICKS, Final: compiled, a constant in the hot loop rather than a module lookup."""
assert TRICKS == _TRICKS


class TaroincheKernel(Kernel):
    """A Taroinche hand in trick play, played in place; side 0 is the attack."""

    def __init__(self, state: TaroincheState) -> None:
        bid = state.bid
        assert bid is not None
        contract = _CONTRACTS[bid.trump]
        table = contract.table
        super().__init__(PLAYERS, TRICKS, table.suit_of, table.power, table.suit_masks, table.above, True, -1)
        self.beat = contract.beat
        self.values = contract.values
        self.value_masks = contract.value_masks
        self.taker = state.taker
        self.partner = state.partner
        self.side_of = [0 if seat in (state.taker, state.partner) else 1 for seat in range(PLAYERS)]
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
        """``play.play_mask``: follow (beating the best card where B6 says so), else cut unless
        one's own side is winning, overtrumping if able, else any card."""
        turn = self.turn
        hand = self.hands[turn]
        led = self.led
        if led < 0:
            return hand
        m = hand & self.suit_masks[led]
        if m:
            higher = m & self.beat[led * _STRIDE + self.best_power + 1]
            return higher if higher else m
        m = hand & self.trump_mask
        if not m or self.side_of[self.best_seat] == self.side_of[turn]:
            return hand
        if self.best_trump:
            higher = m & self.above[self.best_power + 1]
            if higher:
                return higher
        return m

    def random_playout(self, rng: random.Random) -> None:
        """Play the hand to its end (``done``), each card uniformly among the legal ones."""
        rand = rng.random
        hands = self.hands
        suit_masks = self.suit_masks
        trumps = self.trump_mask
        beat = self.beat
        above = self.above
        side_of = self.side_of
        capot = self.capot
        if self.done():
            return
        while True:
            # ``legal()`` inlined: the hottest line of every playout.
            turn = self.turn
            hand = hands[turn]
            led = self.led
            m = hand
            if led >= 0:
                m = hand & suit_masks[led]
                if m:
                    higher = m & beat[led * _STRIDE + self.best_power + 1]
                    if higher:
                        m = higher
                else:
                    m = hand & trumps
                    if not m or side_of[self.best_seat] == side_of[turn]:
                        m = hand
                    elif self.best_trump:
                        higher = m & above[self.best_power + 1]
                        if higher:
                            m = higher
            k = int(rand() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            self.play((m & -m).bit_length() - 1)
            if self.count == 0 and (self.tricks == _TRICKS or (capot and side_of[self.leader] == 1)):
                return

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
