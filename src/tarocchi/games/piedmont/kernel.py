"""Piedmont's playout kernels (``core.kernel``): P3 duties and P4's winner (``rules.plays``,
``rules.trick_winner``), the Fool's settlement (C4) and P5's score, with P4's Good and Evil under
the trumps option (``PiedmontKernel``) or the Game of Allegiance (``AllegianceKernel``: the calls
are moves of the kernel, the partner's card played dead or taken back, cards scored by the call
in force for their trick)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tarocchi.core.kernel import Kernel, loaded
from tarocchi.core.protocol import Game
from tarocchi.games.piedmont.rules import (
    DECK,
    EVIL,
    FOOL,
    GOOD,
    GOOD_EVIL,
    PAY_ORDER,
    PLAYERS,
    TABLE,
    TRICKS,
    plays,
    trick_winner,
)
from tarocchi.games.piedmont.scoring import allegiance_scored, hand_scores
from tarocchi.games.piedmont.state import Phase, PiedmontState

_SIDE_OF = [seat & 1 for seat in range(PLAYERS)]

OURS: Final = 80
"""Allegiance's calls as moves after the cards: ``ours``, ``yours``, ``confirm``, ``reverse``.
The hot paths' constants are Final, so that compiled they are constants, not module lookups."""
YOURS: Final = 81
CONFIRM: Final = 82
REVERSE: Final = 83
_N: Final = 4
_LAST: Final = 19
_GOOD: Final = GOOD
_EVIL: Final = EVIL
_FOOL: Final = FOOL
_FINISHED: Final = 1 << 29
_GOOD_EVIL: Final = GOOD_EVIL
assert (DECK.size, PLAYERS, TRICKS) == (OURS, _N, _LAST)


class PiedmontKernel(Kernel):
    """A Piedmont hand under the trumps option, played in place."""

    def __init__(self, dealer: int, discard: int) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        self.dealer = dealer
        self.discard = discard

    def legal(self) -> int:
        return plays(self.hands[self.turn], -1, self.led)

    def trick_winner(self) -> int:
        """C3 by the best ``standing``, unless Good and Evil are both in the trick (P4)."""
        if self.trick_mask & _GOOD_EVIL != _GOOD_EVIL:
            return self.best_seat
        cards = self.cards
        return trick_winner(tuple(cards[len(cards) - _N :]), self.leader, self.led, False, 0)

    def scores(self) -> list[int]:
        """C4 (``Kernel.settle``), then P2 and P5 as the score sheet counts them
        (``scoring.hand_scores``)."""
        cards, tricks = self.settle(_SIDE_OF, 2, PAY_ORDER)
        return list(hand_scores(cards, tricks, self.dealer & 1, self.discard)[2])


CALL_MOVES = {"ours": OURS, "yours": YOURS, "confirm": CONFIRM, "reverse": REVERSE}
_FIRST_CALL = 1 << OURS | 1 << YOURS
_ANSWER = 1 << CONFIRM | 1 << REVERSE


class AllegianceKernel(Kernel):
    """A Piedmont hand under Allegiance, played in place. Moves are cards and, after the cards,
    the four calls; a pending call is the caller's only move, a forced dead card his partner's.

    The trick in progress is a list of its cards by position (a take-back changes a card in it),
    and its winner is found when it is complete. Every move saves one int for ``undo``: the suit
    led, forced card, caller, number of scoring segments and any take-back before it."""

    def __init__(self, state: PiedmontState) -> None:
        super().__init__(PLAYERS, TRICKS, TABLE.suit_of, TABLE.power, FOOL)
        self.dealer = state.context.dealer
        self.discard = state.discard
        self.hands = list(state.hands)
        self.leader = state.leader
        self.trick: list[int] = list(state.trick)
        self.count = len(self.trick)
        self.led = -1 if state.led is None else state.led
        self.caller = state.caller
        self.seg_start = [start for start, _ in state.segments]
        self.seg_side = [side for _, side in state.segments]
        """The scoring segments (P4): from trick ``seg_start[i]``, side ``seg_side[i]`` scores Earth
        and Air."""
        self.pending = state.pending
        self.forced = state.forced
        self.dead = state.dead
        self.trick_masks: list[int] = []
        """Every finished trick's cards (the Fool apart), in order."""
        self._finished: list[list[int]] = []
        for number, done in enumerate(state.tricks):
            self._settle_fool(done.cards, done.leader, done.winner, number)
            self.trick_masks.append(sum(1 << card for card in done.cards if card != FOOL))
            self.winners.append(done.winner)
            self.tricks_won[done.winner] += 1
        self.tricks = len(state.tricks)
        self.turn = self.pending if self.pending >= 0 else (self.leader + self.count) % PLAYERS

    def _settle_fool(self, cards: tuple[int, ...] | list[int], leader: int, winner: int, number: int) -> None:
        for pos in range(len(cards)):
            if cards[pos] == _FOOL:
                self.fool_seat = (leader + pos) % _N
                self.fool_trick = number
                self.fool_winner = winner

    def call_move(self, word: str) -> int:
        return CALL_MOVES[word]

    def legal(self) -> int:
        """``play.play_mask`` and the call phase's actions, as one mask of moves."""
        if self.pending >= 0:
            return _FIRST_CALL if self.caller < 0 else _ANSWER
        return plays(self.hands[self.turn], self.forced, self.led)

    def play(self, move: int) -> None:
        """The seat to act makes ``move`` (legal: not checked): a card, or the pending call."""
        saved = (self.led + 1) | (self.forced + 1) << 4 | (self.caller + 1) << 11 | len(self.seg_start) << 14
        seat = self.turn
        self.cards.append(move)
        self.seats.append(seat)
        if move >= OURS:
            saved = self._call(seat, move, saved)
        else:
            bit = self.bits[move]
            self.hands[seat] ^= bit
            self.trick.append(move)
            self.count += 1
            if self.led < 0 and move != _FOOL:
                self.led = self.suit_of[move]
            if move == self.forced:
                self.forced = -1
                self.dead |= bit
            elif move in (_GOOD, _EVIL) and (self.caller < 0 or (seat ^ self.caller) & 1):
                self.pending = seat  # P4: the first call, or an opponent's answer
                self._saved.append(saved)
                return
        if self.count == _N:
            self._finish()
            saved |= _FINISHED
        else:
            self.turn = (self.leader + self.count) % _N
        self._saved.append(saved)

    def _call(self, seat: int, move: int, saved: int) -> int:
        """P4: a first call sets the scoring and sends the partner's other card dead (forced now,
        or in place of the card he already played); ``reverse`` starts a new segment."""
        self.pending = -1
        if move == REVERSE:
            self.seg_start.append(self.tricks)
            self.seg_side.append(1 - self.seg_side[-1])
        elif move < CONFIRM:
            played = self.trick[-1]
            mine = seat & 1
            self.caller = seat
            self.seg_start = [0]
            self.seg_side = [mine if (played == _GOOD) == (move == OURS) else 1 - mine]
            partner = (seat + 2) % _N
            other = _EVIL if played == _GOOD else _GOOD
            if self.hands[partner] >> other & 1:
                position = (partner - self.leader) % _N
                if position >= self.count:
                    self.forced = other
                else:
                    returned = self.trick[position]
                    self.hands[partner] ^= 1 << other | 1 << returned
                    self.trick[position] = other
                    self.dead |= 1 << other
                    saved |= (position + 1) << 19 | (returned + 1) << 22
        return saved

    def _finish(self) -> None:
        """The complete trick to its winner (``rules.trick_winner``: dead cards and the Fool never
        win)."""
        trick = self.trick
        leader = self.leader
        winner = trick_winner(tuple(trick), leader, self.led, True, self.dead)
        mask = 0
        bits = self.bits
        for pos in range(_N):
            card = trick[pos]
            if card == _FOOL:
                self.fool_seat = (leader + pos) % _N
                self.fool_trick = self.tricks
                self.fool_winner = winner
            else:
                mask |= bits[card]
        self.trick_masks.append(mask)
        self.winners.append(winner)
        self.tricks_won[winner] += 1
        self._leaders.append(leader)
        self._finished.append(trick)
        self.tricks += 1
        self.leader = winner
        self.turn = winner
        self.trick = []
        self.count = 0
        self.led = -1

    def undo(self) -> None:
        """Take back the last move (and the trick it finished)."""
        move = self.cards.pop()
        seat = self.seats.pop()
        saved = self._saved.pop()
        if saved & _FINISHED:
            self.trick = self._finished.pop()
            self.trick_masks.pop()
            winner = self.winners.pop()
            self.tricks_won[winner] -= 1
            self.tricks -= 1
            self.leader = self._leaders.pop()
            self.count = _N
            if self.fool_trick == self.tricks:
                self.fool_seat = -1
                self.fool_trick = -1
                self.fool_winner = -1
        self.led = (saved & 15) - 1
        forced = (saved >> 4 & 127) - 1
        self.forced = forced
        self.turn = seat
        if move >= OURS:
            position = (saved >> 19 & 7) - 1
            if position >= 0:
                other = self.trick[position]
                returned = (saved >> 22 & 127) - 1
                self.hands[(seat + 2) % _N] ^= 1 << other | 1 << returned
                self.trick[position] = returned
                self.dead ^= 1 << other
            self.caller = (saved >> 11 & 7) - 1
            segments = saved >> 14 & 31
            del self.seg_start[segments:]
            del self.seg_side[segments:]
            self.pending = seat
        else:
            bit = self.bits[move]
            self.trick.pop()
            self.count -= 1
            self.hands[seat] |= bit
            self.pending = -1
            if move == forced:
                self.dead ^= bit

    def done(self) -> bool:
        return self.tricks == _LAST

    def scores(self) -> list[int]:
        """C4, P2 and P4 as the score sheet counts them (``scoring.allegiance_scored``), then P5
        (``scoring.hand_scores``)."""
        scored, won, _, _, aside = allegiance_scored(
            self.trick_masks,
            self.winners,
            self.seg_start,
            self.seg_side,
            self.fool_seat,
            self.fool_trick,
            self.discard,
            self.dealer,
        )
        return list(hand_scores(scored, won, self.dealer & 1, aside)[2])


def kernel(state: PiedmontState, allegiance: bool) -> Kernel | None:
    """The kernel for a hand in trick play, or a call in it (None: not in trick play)."""
    if allegiance:
        if state.phase != Phase.PLAY and state.phase != Phase.CALL:
            return None
        return AllegianceKernel(state)
    if state.phase != Phase.PLAY:
        return None
    return loaded(PiedmontKernel(state.context.dealer, state.discard), state)


def factory(game: Game[Any]) -> Callable[[PiedmontState], Kernel | None]:
    """The kernel of ``game``'s hands: P4's Good and Evil played under its Allegiance option."""
    allegiance = game.options["good_evil"] == "allegiance"
    return lambda state: kernel(state, allegiance)
