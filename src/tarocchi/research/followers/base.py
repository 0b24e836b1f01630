"""What every game's follower shares: the facts slots, phase and running state a card play, a won
trick, a call or a note changes, written into a seat's tensor, or ``Resync`` where the follower
does not know (the tensor is then written from the seat's view: docs/research.md, "Tensors
without a view"). Each follower is read again from the view after every full encode (``sync``),
so it only ever carries on from what the view said.
"""

from __future__ import annotations

from typing import Any, Final

from tarocchi.core.actions import Action
from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder

_OFFSETS: dict[int, list[Any]] = {}


def offsets(size: int) -> list[Any]:
    """``list(range(size))``, shared by every encoder of a tensor that size: writing through a
    kept int object spares making one (mypyc boxes an offset past 256 anew at each write)."""
    found = _OFFSETS.get(size)
    if found is None:
        found = _OFFSETS[size] = list(range(size))
    return found


FLOATS: Final = 256
"""Counts up to this are written from float objects made once (``Follower.floats``)."""


class Resync(Exception):
    """The events cannot be followed one by one: encode the seat's view in full."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a game outside the compiled build has a follower too
class Follower:
    """A game's facts slots, phase and running state over the events followed (card plays, won
    tricks, and the calls and notes the game's subclass knows); raises ``Resync`` for whatever
    else would change them.

    The running state (tricks and card points per side, what the first side still needs) is
    kept from the sides the last view named; the game says what a card is worth to a side
    (``value``), what a side's cards count (``points``) and what the first side needs."""

    fool = -1
    """The card that stays with the side that played it (C4), if the game has one (else -1)."""
    follows_plays = False
    """Whether ``on_play`` writes anything (else it is not called)."""
    table: tuple[int, ...] | None = None
    """Each card's ``value`` where it is the same for every side and trick (else None)."""
    additive = True
    """Whether a side's card points are the sum of its cards' ``value`` (so a view's running
    state gives the sums as they are); else the cards are counted again from the view's tricks."""
    own_discards = False
    """Whether a discard of the seat's own, which only it sees, changes nothing but its hand,
    its size, its own discard and the calls (else the view is read)."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc
        layout = enc.observation_layout
        self.side_tricks = layout.slot("running_tricks").start
        self.side_points = layout.slot("running_points").start
        self.needed_at = layout.slot("running_needed").start
        self.running_at = layout.slot("running").start
        self.side_at = layout.slot("running_side").start
        self.ix: list[Any] = offsets(enc.information_state_layout.size)
        """Every offset of the tensor as an int object (``offsets``)."""
        slots = [self.side_tricks, self.side_tricks + 1, self.side_points, self.side_points + 1]
        self.running_slots: list[Any] = [self.ix[at] for at in (*slots, self.needed_at, self.needed_at + 1)]
        """The running state's offsets, as int objects (``ix``)."""
        self.written = [-1] * len(self.running_slots)
        """The running state's values as last written (-1: not since it was made public)."""
        self.floats: list[Any] = [float(value) for value in range(FLOATS)]
        """Float objects of the small counts written (a memoryview makes a float of an int
        first, the longer way)."""
        self.one: Any = 1.0
        self.zero: Any = 0.0
        """What the tensor's items are set to, as float objects: mypyc would box a float
        literal anew at each write, and the memoryview would make a float of an int."""
        self.rel: list[int] = []
        """Relative seats of the seat encoded (set by its tracker)."""
        self.seat = 0
        """The seat encoded (set at each start and sync)."""
        self.state: Any = None
        """The state followed to (set by the tracker): read only for what the seat's view
        holds as well (a followers' docstring says what)."""
        self.sizes: list[int] = []
        """The hands' sizes as the seat's tensor holds them (the tracker's list, set by it)."""
        self.sizes_at = layout.slot("hand_sizes").start
        self.hand_at = layout.slot("hand").start
        self.history: list[tuple[list[tuple[int, int]], int]] | None = None
        """The tricks won so far (plays, winner), where the running state may become public
        after the first trick (else None: ``Resync`` then)."""
        self.sides: tuple[tuple[int, ...], ...] | None = None
        self.side_of: list[int] = []
        """Each seat's side in ``sides`` (-1: none), indexed by seat."""
        self.won: list[int] = []
        self.sums: list[int] = []
        self.counts: list[int] = []

    # -- per game --------------------------------------------------------------------------
    def value(self, card: int, side: int, number: int) -> int:
        """What ``card`` won in trick ``number`` adds to ``side``'s sum."""
        raise NotImplementedError

    def points(self, side: int) -> int:
        """``side``'s card points from its sum and count of cards."""
        return self.sums[side]

    def needed(self) -> int | None:
        """What the first side still needs (None: the game has no such target)."""
        return None

    def public_sides(self, mv: memoryview) -> tuple[tuple[int, ...], ...] | None:
        """The sides of the running state as the last view's facts and the cards since show
        them, when the first trick is won (None: still hidden, no running state yet)."""
        raise Resync

    def sync_game(self, view: PlayerView) -> None:
        """Read the game's own facts from the view (after a full encode)."""

    def start(self, mv: memoryview, seat: int, dealer: int) -> None:
        """A hand's start as ``seat`` sees it before any event: write the phase and the game's
        facts (into a zeroed tensor) and forget the last hand; ``Resync`` if the follower does
        not know them. Only the rules and the dealer say them: nothing dealt is read."""
        raise Resync

    def _restart(self) -> None:
        """No running state yet (the hand's first trick is still to be won)."""
        self.sides = None
        self.won, self.sums, self.counts = [], [], []
        if self.history is not None:
            self.history = []

    def on_hidden(self, mv: memoryview, seat: int | None) -> None:
        """An event hidden from the seat: write its trace in the seat's view, or ``Resync``
        (the default: a game whose hidden events the follower does not know)."""
        raise Resync

    def on_own_discard(self, card: int) -> None:
        """One of the seat's own discards (its hand, size and own discard already written)."""

    def resize(self, mv: memoryview, seat: int, by: int) -> None:
        """``seat``'s hand grew (or shrank) by ``by`` cards."""
        self.sizes[seat] += by
        mv[self.sizes_at + self.rel[seat]] = self.sizes[seat]

    def on_play(self, mv: memoryview, seat: int, card: int, first: bool) -> None:
        """A card played (``first``: it leads the trick)."""

    def on_call(self, mv: memoryview, seat: int, action: Action) -> int | None:
        """Any other action seen (a bid, a pass): write the facts it changes, or ``Resync``;
        the seat to lead if it starts the play (its phase written)."""
        raise Resync

    def on_note(self, mv: memoryview, seat: int | None) -> int | None:
        """What the rules did by themselves, a note by ``seat`` (None: by nobody; no trick won):
        as ``on_call``."""
        raise Resync

    def on_trick(self, mv: memoryview, number: int) -> None:
        """Trick ``number`` (from 0) was won; the game's slots other than running."""

    # -- running state -----------------------------------------------------------------------
    def sync(self, view: PlayerView) -> None:
        running: Running | None = getattr(view.facts, "running", None)
        assert view.seat is not None
        self.seat = view.seat
        self.sync_game(view)
        if running is None:
            self.sides = None
            return
        self._start(running.sides)
        if self.additive:  # the view's sums are the follower's: no need to count them again
            self.won = list(running.tricks_won)
            self.sums = list(running.card_points)
            return
        for number, trick in enumerate(view.tricks):
            assert trick.winner is not None
            self._count(number, [(who, card.index) for who, card in trick.plays], trick.winner)

    def _start(self, sides: tuple[tuple[int, ...], ...]) -> None:
        self.sides = sides
        self.written = [-1] * len(self.running_slots)
        side_of = self.side_of = [-1] * self.enc.players
        for i, members in enumerate(sides):
            for seat in members:
                side_of[seat] = i
        self.won = [0] * len(sides)
        self.sums = [0] * len(sides)
        self.counts = [0] * len(sides)

    def _count(self, number: int, plays: list[tuple[int, int]], winner: int) -> None:
        """The trick's cards to the winner's side, the Fool to its own (C4): summed in locals
        and added once (each item set of a list of ints boxes the int anew, compiled)."""
        side_of = self.side_of
        side = side_of[winner]
        fool = self.fool
        table = self.table
        total = 0
        cards = 0
        for k in range(len(plays)):
            who, card = plays[k]
            owner = side_of[who] if card == fool else side
            if owner == side:
                total += table[card] if table is not None else self.value(card, side, number)
                cards += 1
            elif owner >= 0:  # the Fool, kept by the other side
                self._add(owner, self.value(card, owner, number) if table is None else table[card], 1)
        if side >= 0:
            won: int = self.won[side]  # not ``+=`` on the item: compiled, that is a generic add
            self.won[side] = won + 1
            self._add(side, total, cards)

    def _add(self, side: int, points: int, cards: int) -> None:
        sum_: int = self.sums[side]
        self.sums[side] = sum_ + points
        count: int = self.counts[side]
        self.counts[side] = count + cards

    def trick_won(self, mv: memoryview, number: int, plays: list[tuple[int, int]], winner: int) -> None:
        """Count the trick for the running state and write its slots."""
        if self.sides is None:
            sides = self.public_sides(mv)
            if sides is None:  # hidden: no running state yet
                self.on_trick(mv, number)
                return
            self._open(mv, sides, number)
        self._count(number, plays, winner)
        self._write_running(mv)
        self.on_trick(mv, number)

    def _open(self, mv: memoryview, sides: tuple[tuple[int, ...], ...], number: int) -> None:
        """The running state made public with ``number`` tricks won before (their piles from
        ``history``: else ``Resync``, the view counts them)."""
        if number and self.history is None:
            raise Resync
        self._start(sides)
        mv[self.running_at] = self.one
        for who in sides[0]:
            mv[self.side_at + self.rel[who]] = self.one
        if self.history is not None:
            for earlier, (pile, taker) in enumerate(self.history[:number]):
                self._count(earlier, pile, taker)

    def _write_running(self, mv: memoryview) -> None:
        """The running state's slots: tricks and points per side, what the first side needs."""
        self._put(mv, 0, self.won[0])
        self._put(mv, 1, self.won[1])
        self._put(mv, 2, self.points(0))
        self._put(mv, 3, self.points(1))
        needed = self.needed()
        self._put(mv, 4, 0 if needed is None else 1)
        self._put(mv, 5, 0 if needed is None else needed)

    def _put(self, mv: memoryview, k: int, value: int) -> None:
        """Running value ``k`` written if it changed (most of them do not, trick by trick)."""
        if self.written[k] != value:
            self.written[k] = value
            mv[self.running_slots[k]] = self.floats[value] if 0 <= value < FLOATS else value
