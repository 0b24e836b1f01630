"""A mutable trick-play kernel for playouts: cards as int masks, ``play``/``undo``, no views or events.

The search player's strength grows with the playouts it affords, and the engine's immutable
states, actions and events cost most of a playout's time. A kernel is built from an engine state
in trick play and plays the rest of the hand in place: ``legal()`` is the mask the engine's
``play_mask`` gives, ``play(card)`` places a card and finishes the trick, ``undo()`` takes the
last card back exactly, ``scores()`` is what the engine's scoring gives once every trick is
played. A kernel holds only what is its own, the mutable state, its undo and the playout loop:
a game's subclass answers ``legal``, its trick winner's exceptions and ``scores`` by calling the
same rule functions as the engine (the game's ``plays``, ``core.tricks.standing``, its scoring),
and the differential tests hold each to the engine.

Plain ints and lists only, no closures, no dynamic attributes: the module compiles with mypyc.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.fool import settle_fool
from tarocchi.core.tricks import InTrickPlay, Trick, standing

_HALF: Final = 40
_LOW: Final = (1 << 40) - 1


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th lowest card of ``mask`` (from 0), found in halves of 40 bits: compiled, a
    mask past 62 bits is a big int, and every operation on it allocates; a half is a machine
    word. Packs of up to 80 cards."""
    half = mask
    base = 0
    if mask > _LOW:  # a mask within the low half (any of a 32-card pack) is walked as it is
        half = mask & _LOW
        below = half.bit_count()
        if k >= below:
            half = mask >> _HALF
            k -= below
            base = _HALF
    while k:
        half &= half - 1
        k -= 1
    return base + (half & -half).bit_length() - 1


@mypyc_attr(allow_interpreted_subclasses=True)  # a game outside the compiled build has a kernel too
class Kernel:
    """Trick play of one hand in place: the seat to play, the suit led and the trick's best card
    by its ``standing`` (C3); the Fool may always be played, never wins and stays with its
    owner's side until the settlement (C4)."""

    def __init__(
        self, players: int, total_tricks: int, suit_of: tuple[int, ...], power: tuple[int, ...], fool: int
    ) -> None:
        self.players = players
        self.total_tricks = total_tricks
        self.suit_of = suit_of
        self.power = power
        """Each card's suit id and strength (``core.tricks.TrickTable``)."""
        self.fool = fool
        self.fool_bit = 1 << fool if fool >= 0 else 0
        self.bits = [1 << card for card in range(len(suit_of))]
        """``1 << card`` for every card, made once."""
        self.hands: list[int] = [0] * players
        self.won: list[int] = [0] * players
        """Cards each seat won in tricks, the Fool never among them."""
        self.tricks_won: list[int] = [0] * players
        self.winners: list[int] = []
        """The winner of every finished trick, in order."""
        self.tricks = 0
        self.leader = 0
        self.turn = 0
        self.count = 0
        """Cards in the trick in progress."""
        self.led = -1
        self.best_seat = -1
        self.best = -1
        """The ``standing`` of the trick's best card (-1: none yet)."""
        self.trick_mask = 0
        self.fool_seat = -1
        self.fool_trick = -1
        self.fool_winner = -1
        self.cards: list[int] = []
        """Every card played in the kernel, in order (the trick in progress is the last ``count``)."""
        self.seats: list[int] = []
        self._saved: list[int] = []
        self._leaders: list[int] = []
        self._masks: list[int] = []

    # --- building from an engine state --------------------------------------------------------

    def load(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], finished: Sequence[Trick]
    ) -> None:
        """Take the hand from an engine state: ``hands`` now, the ``trick`` in progress from
        ``leader``, and the ``finished`` tricks."""
        players = self.players
        fool = self.fool
        for number in range(len(finished)):
            first, cards, winner = finished[number]
            mask = 0
            for pos in range(len(cards)):
                card = cards[pos]
                if card == fool:
                    self.fool_seat = (first + pos) % players
                    self.fool_trick = number
                    self.fool_winner = winner
                else:
                    mask |= 1 << card
            self.won[winner] |= mask
            self.tricks_won[winner] += 1
            self.winners.append(winner)
        self.tricks = len(finished)
        self.hands = list(hands)
        for pos in range(len(trick)):
            self.hands[(leader + pos) % players] |= 1 << trick[pos]
        self.leader = leader
        self.turn = leader
        for card in trick:
            self.play(card)

    # --- play ---------------------------------------------------------------------------------

    def done(self) -> bool:
        return self.tricks == self.total_tricks

    def legal(self) -> int:
        """The mask of moves the seat to act may make: the game's ``plays``, as the engine's."""
        raise NotImplementedError

    def play(self, card: int) -> None:
        """The seat to play plays ``card`` (legal: not checked); a complete trick is won at once."""
        seat = self.turn
        bit = self.bits[card]
        self.hands[seat] ^= bit
        self._saved.append((self.led + 1) | (self.best_seat + 1) << 4 | (self.best + 1) << 8)
        self.cards.append(card)
        self.seats.append(seat)
        if card == self.fool:
            self.fool_seat = seat
            self.fool_trick = self.tricks
        else:
            self.trick_mask |= bit
            suit = self.suit_of[card]
            if self.led < 0:
                self.led = suit
            here = standing(suit, self.power[card], self.led)
            if here > self.best:
                self.best_seat = seat
                self.best = here
        self.count += 1
        if self.count < self.players:
            self.turn = (seat + 1) % self.players
            return
        winner = self.trick_winner()
        self._leaders.append(self.leader)
        self._masks.append(self.trick_mask)
        self.won[winner] |= self.trick_mask
        self.tricks_won[winner] += 1
        self.winners.append(winner)
        if self.fool_trick == self.tricks:
            self.fool_winner = winner
        self.tricks += 1
        self.leader = winner
        self.turn = winner
        self.count = 0
        self.led = -1
        self.best_seat = -1
        self.best = -1
        self.trick_mask = 0

    def trick_winner(self) -> int:
        """The seat that wins the complete trick: the best ``standing`` (C3; the Fool never wins).
        Games with exceptions override."""
        return self.best_seat

    def call_move(self, word: str) -> int:
        """The move of the spoken call ``word`` in trick play (a game whose calls interrupt the
        play numbers them after its cards); ValueError in a game without such calls."""
        raise ValueError(f"no call '{word}' in this game's trick play")

    def undo(self) -> None:
        """Take back the last card played (and the trick it finished)."""
        card = self.cards.pop()
        seat = self.seats.pop()
        saved = self._saved.pop()
        if self.count == 0:
            winner = self.winners.pop()
            self.tricks -= 1
            mask = self._masks.pop()
            self.won[winner] ^= mask
            self.tricks_won[winner] -= 1
            self.leader = self._leaders.pop()
            self.trick_mask = mask
            self.count = self.players
            if self.fool_trick == self.tricks:
                self.fool_winner = -1
        self.count -= 1
        self.turn = seat
        bit = self.bits[card]
        self.hands[seat] |= bit
        if card == self.fool:
            self.fool_seat = -1
            self.fool_trick = -1
            self.fool_winner = -1
        else:
            self.trick_mask ^= bit
        self.led = (saved & 15) - 1
        self.best_seat = (saved >> 4 & 15) - 1
        self.best = (saved >> 8 & 255) - 1

    def undo_to(self, mark: int) -> None:
        """Take back cards until ``mark`` cards (``len(self.cards)``) are played."""
        while len(self.cards) > mark:
            self.undo()

    def random_playout(self, rng: random.Random) -> None:
        """Play the hand to its end (``done``), each move uniformly among the legal ones."""
        rand = rng.random
        if self.done():
            return
        while True:
            m = self.legal()
            self.play(nth_card(m, int(rand() * m.bit_count())))
            if self.count == 0 and self.done():  # the hand can end only with a trick
                return

    # --- the end of the hand ------------------------------------------------------------------

    def settle(self, side_of: list[int], sides: int, order: tuple[int, ...]) -> tuple[list[int], list[int]]:
        """Each side's won cards and tricks after the Fool's settlement (C4, ``fool.settle_fool``
        by the game's ``order``): ``side_of`` a seat's side."""
        cards = [0] * sides
        won = [0] * sides
        for seat in range(self.players):
            cards[side_of[seat]] |= self.won[seat]
            won[side_of[seat]] += self.tricks_won[seat]
        if self.fool_seat >= 0:
            settle_fool(cards, won, self.fool, side_of[self.fool_seat], side_of[self.fool_winner], order)
        return cards, won

    def scores(self) -> list[int]:
        """Every seat's game points for the finished hand, as the engine scores it."""
        raise NotImplementedError


K = TypeVar("K", bound=Kernel)


def loaded(kernel: K, state: InTrickPlay) -> K:
    """``kernel`` with the hand of ``state`` loaded (``Kernel.load``): every game's kernel builder
    ends with it."""
    kernel.load(state.hands, state.leader, state.trick, state.tricks)
    return kernel
