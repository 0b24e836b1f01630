"""Trick play (S8, C3, C4) and the moment the hidden partner is revealed (S7)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import duty_refusal, legal_plays, winning_seat
from tarocchi.games.sicilian.auction import PLAYS
from tarocchi.games.sicilian.rules import DECK, DUTIES, PLAYERS, SEAT_NAMES, TABLE, TRICKS
from tarocchi.games.sicilian.state import Phase, SicilianState

_LEADS: Final = TABLE.leads
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE
_NEW: Final = tuple.__new__
_HANDS: Final = SicilianState._fields.index("hands")
_REVEALED: Final = SicilianState._fields.index("revealed")
_TRICKS: Final = SicilianState._fields.index("tricks")
_EVENTS: Final = SicilianState._fields.index("events")
_TAIL_FIELDS = ("revealed", "leader", "trick", "led", "tricks", "thrown_in", "events", "actor", "legal")
assert SicilianState._fields[_REVEALED:] == _TAIL_FIELDS, "place() builds these fields by position"


MENUS = tuple(MaskMap(PLAYS if phase == Phase.PLAY else ()) for phase in Phase)
"""Each phase's actions selected by a state's ``legal`` mask: only trick play keeps one."""


def play_mask(state: SicilianState, seat: int) -> int:
    """S8: follow suit, else trump, else any card; no duty to overtrump; the Fool (C4)."""
    return legal_plays(DUTIES, TABLE, state.hands[seat], state.led)


def refusal(state: SicilianState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    return duty_refusal(DECK, TABLE, DUTIES, state.hands[seat], card, state.led, play_mask(state, seat))


class Playing(TrickPlay[SicilianState]):
    """S8 and C4 (``play_mask``); C3, the trick's winner; S7, the rallied card reveals its holder."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        if state.actor < -1:
            return super().apply(state, action)  # the first card, or a state built by hand
        if type(action) is not Play:
            return None
        card = action.card.index
        if not state.legal >> card & 1:
            return None
        play = PLAYS[card]
        if play is not action and play != action:
            return None  # a card of another pack
        seat = state.actor
        hands = state.hands
        return self.place(state, seat, card, (*hands[:seat], hands[seat] ^ (1 << card), *hands[seat + 1 :]))

    def place(self, state: SicilianState, seat: int, card: int, hands: tuple[int, ...]) -> SicilianState:
        led = state.led
        if led is None:
            led = _LEADS[card]
        events: EventLog = (self.play_events[seat][card], state.events)
        revealed = state.revealed
        if card == state.rallied:
            revealed = True
            text = f"holds the rallied {DECK.cards[card].code}: the Declarer's partner (S7)"
            events = (Event(seat, None, PUBLIC, text), events)
        trick = (*state.trick, card)
        nxt = seat + 1 if seat < PLAYERS - 1 else 0
        # The hottest lines of random play: one positional build, the unchanged fields as slices.
        if len(trick) < PLAYERS:
            return _NEW(
                SicilianState,
                (
                    *state[:_HANDS],
                    hands,
                    *state[_HANDS + 1 : _REVEALED],
                    revealed,
                    state.leader,
                    trick,
                    led,
                    *state[_TRICKS:_EVENTS],
                    events,
                    nxt,
                    legal_plays(DUTIES, TABLE, hands[nxt], led),
                ),
            )
        winner = winning_seat(TABLE, trick, state.leader, led, PLAYERS)  # C3; the Fool never wins
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        done = len(tricks) == TRICKS
        return _NEW(
            SicilianState,
            (
                _DONE if done else _PLAY,
                *state[1:_HANDS],
                hands,
                *state[_HANDS + 1 : _REVEALED],
                revealed,
                winner,
                (),
                None,
                tricks,
                state.thrown_in,
                events,
                -1 if done else winner,
                0 if done else hands[winner],  # C3: any card leads
            ),
        )
