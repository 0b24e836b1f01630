"""The card-play phase as every game has it: the seat to play is the leader's plus the cards in
the trick; its legal cards are the pack's pre-built ``Play`` actions selected by one mask; ``apply``
checks one bit of that same mask; a refusal names whose turn it is, a card of another pack, or
the duty broken. A game supplies only what its rules decide: the mask, what a card does to its
state, and the words for a refused card."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Final, Generic, TypeVar

from tarocchi.core.actions import Action, Discard, Play
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.rows import row
from tarocchi.core.tricks import InTrickPlay, Trick

S = TypeVar("S", bound=InTrickPlay)
_ROW: Final = row
assert Trick._fields == ("leader", "cards", "winner")


@mypyc_attr(allow_interpreted_subclasses=True)  # each game's phase handler subclasses it
class TrickPlay(ABC, Generic[S]):
    """A game's card-play phase handler (``PhaseRules``): the part every game shares.

    ``mask(state, seat)`` is the game's duties, the one definition of what may be played;
    ``refusal(state, seat, card)`` says why a card of the pack that ``mask`` refuses is refused.
    """

    def __init__(
        self,
        plays: tuple[Play, ...],
        seat_names: tuple[str, ...],
        mask: Callable[[S, int], int],
        refusal: Callable[[S, int, int], str],
    ) -> None:
        self.plays = plays
        self.seat_names = seat_names
        self.players = len(seat_names)
        self.mask = mask
        self.card_refusal = refusal
        self.play_events = tuple(
            tuple(Event(seat, play, PUBLIC) for play in plays) for seat in range(self.players)
        )
        """Every card played is public: one shared event per seat and card, built once."""
        self._plays_of = MaskMap(plays)
        self.own = Positions(plays)
        """The plays found by identity (``card_of``)."""
        self.won_events = tuple(
            tuple(
                Event(seat, None, PUBLIC, f"wins trick {n}", n) for n in range(len(plays) // self.players + 1)
            )
            for seat in range(self.players)
        )
        """The public note that ``seat`` won trick ``n``: one shared event each, built once."""

    def rebuilt_with(self) -> tuple[object, ...]:
        """The arguments of the subclass's ``__init__`` that rebuild this handler."""
        return ()

    def __reduce__(self) -> tuple[type[TrickPlay[S]], tuple[object, ...]]:
        """Pickled as its constructor's arguments: compiled, a handler has no instance dict, and
        OpenSpiel pickles games."""
        return (type(self), self.rebuilt_with())

    def to_act(self, state: S) -> int:
        """The seat to play."""
        return (state.leader + len(state.trick)) % self.players

    def legal(self, state: S) -> tuple[Action, ...]:
        return self._plays_of.select(self.mask(state, (state.leader + len(state.trick)) % self.players))

    def apply(self, state: S, action: Action) -> S | None:
        # The hot path of every game: no call but the mask and ``place``.
        card = card_of(action, self.own, self.plays)
        if card < 0:
            return None
        seat = (state.leader + len(state.trick)) % self.players
        if not self.mask(state, seat) >> card & 1:
            return None
        hands = state.hands
        return self.place(state, seat, card, (*hands[:seat], hands[seat] ^ (1 << card), *hands[seat + 1 :]))

    @abstractmethod
    def place(self, state: S, seat: int, card: int, hands: tuple[int, ...]) -> S:
        """The state after ``seat`` played ``card`` (a legal card; ``hands`` are already without it),
        with the trick finished if it is complete."""

    def refusal(self, state: S, action: Action) -> str | None:
        seat = self.to_act(state)
        if not isinstance(action, Play):
            return f"it is {self.seat_names[seat]}'s turn to play a card"
        card = action.card
        if self.plays[card.index].card != card:
            return f"{card.code} is not a card of this pack"
        if self.mask(state, seat) >> card.index & 1:
            return None
        return self.card_refusal(state, seat, card.index)

    def won(
        self, tricks: tuple[Trick, ...], leader: int, cards: tuple[int, ...], winner: int, events: EventLog
    ) -> tuple[tuple[Trick, ...], EventLog]:
        """The tricks with the complete trick ``cards`` won by ``winner`` added, and the log with the
        public note that says so."""
        # Built by position, without the NamedTuples' Python-level __new__ (once a trick).
        tricks = tricks + (_ROW(Trick, leader, cards, winner),)  # noqa: RUF005 (one tuple built, not a list)
        number = len(tricks)
        return tricks, (self.won_events[winner][number], events)


def trick_with(trick: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``trick`` with ``card`` added (at most five cards before it: six seats): a tuple built at
    its size, the hottest step of card play in every game."""
    t: tuple[Any, ...] = trick  # its cards as objects: compiled, not unboxed and boxed
    n = len(trick)
    if n == 0:
        return (card,)
    if n == 1:
        return (t[0], card)
    if n == 2:
        return (t[0], t[1], card)
    if n == 3:
        return (t[0], t[1], t[2], card)
    return (t[0], t[1], t[2], t[3], card) if n == 4 else (t[0], t[1], t[2], t[3], t[4], card)


def card_of(action: Action, own: Positions, listed: tuple[Action, ...]) -> int:
    """The card ``action`` names if it is, or equals, the action of ``listed`` (a game's plays or
    discards, which ``own`` finds by identity) for that card; else -1: another action, or a card
    of another pack."""
    card = own.find(action)
    if card >= 0:
        return card
    if not isinstance(action, Play | Discard):
        return -1
    card = action.card.index
    if not 0 <= card < len(listed) or listed[card] != action:
        return -1
    return card
