"""Trio's two phases: the bid (R3) and the tricks (R4, on ``core.trickplay``)."""

from __future__ import annotations

from fixture_game.rules import DECK, DUTIES, PLAYERS, SEAT_NAMES, TABLE, TRICKS, plays
from fixture_game.state import Phase, TrioState
from tarocchi.core.actions import Action, Call, Play
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import best_position, duty_refusal

TAKE = Call("take")
PASS = Call("pass")
PLAYS = tuple(Play(card) for card in DECK.cards)
"""Every card's play, built once (the engine hands out these objects)."""


class Bidding:
    """R3: from the dealer's left, each takes or passes; the first to take plays alone; the
    dealer, last, must take when the other two passed."""

    def to_act(self, state: TrioState) -> int:
        return state.speaker

    def legal(self, state: TrioState) -> tuple[Action, ...]:
        return (TAKE,) if state.speaker == state.context.dealer else (TAKE, PASS)

    def apply(self, state: TrioState, action: Action) -> TrioState | None:
        if action not in self.legal(state):
            return None
        seat = state.speaker
        events = (Event(seat, TAKE if action == TAKE else PASS, PUBLIC), state.events)
        if action == PASS:
            return state._replace(speaker=(seat + 1) % PLAYERS, events=events)
        return state._replace(phase=Phase.PLAY, declarer=seat, leader=seat, events=events)

    def refusal(self, state: TrioState, action: Action) -> str:
        name = SEAT_NAMES[state.speaker]
        if action == PASS:
            return f"both others passed: {name}, the dealer, must take (R3)"
        return f"it is {name}'s turn to take or pass (R3)"


def play_mask(state: TrioState, seat: int) -> int:
    """The cards ``seat`` may play now (``rules.plays``)."""
    led = state.led
    return plays(state.hands[seat], -1 if led is None else led)


def refusal(state: TrioState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    return duty_refusal(DECK, TABLE, DUTIES, state.hands[seat], card, state.led, play_mask(state, seat))


class Playing(TrickPlay[TrioState]):
    """R4 and C4 (``play_mask``); C3, the trick's winner (``core.tricks.best_position``)."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def place(self, state: TrioState, seat: int, card: int, hands: tuple[int, ...]) -> TrioState:
        led = state.led if state.led is not None else TABLE.leads[card]
        events: EventLog = (self.play_events[seat][card], state.events)
        trick = (*state.trick, card)
        if len(trick) < PLAYERS:
            return state._replace(hands=hands, trick=trick, led=led, events=events)
        best = best_position(trick, -1 if led is None else led, TABLE.suit_of, TABLE.power, 0)
        winner = (state.leader + best) % PLAYERS  # C3; the Fool never wins
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        return state._replace(
            phase=Phase.DONE if len(tricks) == TRICKS else Phase.PLAY,
            hands=hands,
            leader=winner,
            trick=(),
            led=None,
            tricks=tricks,
            events=events,
        )
