"""Trick play (S8, C3, C4) and the moment the hidden partner is revealed (S7)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.positional import replaced
from tarocchi.core.trickplay import TrickPlay, card_of
from tarocchi.core.tricks import best_position, duty_refusal
from tarocchi.games.sicilian.auction import PLAYS
from tarocchi.games.sicilian.rules import DECK, DUTIES, PLAYERS, SEAT_NAMES, TABLE, TRICKS, plays
from tarocchi.games.sicilian.state import (
    I_ACTOR,
    I_EVENTS,
    I_HANDS,
    I_LEADER,
    I_LED,
    I_LEGAL,
    I_PHASE,
    I_REVEALED,
    I_TRICK,
    I_TRICKS,
    Phase,
    SicilianFields,
    SicilianState,
)

_LEADS: Final = TABLE.leads
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE
_SUIT_OF: Final = TABLE.suit_of
_POWER: Final = TABLE.power


MENUS = tuple(MaskMap(PLAYS if phase == Phase.PLAY else ()) for phase in Phase)
"""Each phase's actions selected by a state's ``legal`` mask: only trick play keeps one."""


def play_mask(state: SicilianState, seat: int) -> int:
    """The cards ``seat`` may play now (``rules.plays``)."""
    led = state.led
    return plays(state.hands[seat], -1 if led is None else led)


def refusal(state: SicilianState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    return duty_refusal(DECK, TABLE, DUTIES, state.hands[seat], card, state.led, play_mask(state, seat))


class Playing(TrickPlay[SicilianState]):
    """S8 and C4 (``play_mask``); C3, the trick's winner; S7, the rallied card reveals its holder."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        s: SicilianFields = state
        seat = s.actor
        if seat < -1:
            return super().apply(state, action)  # the first card, or a state built by hand
        card = card_of(action, self.own, PLAYS)
        if card < 0 or not s.legal >> card & 1:
            return None
        hands = list(s.hands)
        hands[seat] ^= 1 << card
        return self.place(state, seat, card, tuple(hands))

    def place(self, state: SicilianState, seat: int, card: int, hands: tuple[int, ...]) -> SicilianState:
        s: SicilianFields = state
        led = s.led
        if led is None:
            led = _LEADS[card]
        events: EventLog = (self.play_events[seat][card], s.events)
        trick = (*s.trick, card)
        revealed = s.revealed
        if card == s.rallied:
            text = f"holds the rallied {DECK.cards[card].code}: the Declarer's partner (S7)"
            events = (Event(seat, None, PUBLIC, text), events)
            revealed = True
        # The hottest lines of random play: the changed fields by position, in one call.
        if len(trick) < PLAYERS:
            nxt = seat + 1 if seat < PLAYERS - 1 else 0
            # fmt: off
            new: SicilianState = replaced(
                state, I_HANDS, hands, I_REVEALED, revealed, I_TRICK, trick, I_LED, led,
                I_EVENTS, events, I_ACTOR, nxt, I_LEGAL, plays(hands[nxt], -1 if led is None else led),
            )
            # fmt: on
            return new
        best = best_position(trick, -1 if led is None else led, _SUIT_OF, _POWER, 0)
        winner = (s.leader + best) % PLAYERS  # C3; the Fool never wins
        tricks, events = self.won(s.tricks, s.leader, trick, winner, events)
        done = len(tricks) == TRICKS
        # the winner leads the next trick (any card, C3), or nobody acts once the last is won
        # fmt: off
        new = replaced(
            state, I_PHASE, _DONE if done else _PLAY, I_HANDS, hands, I_REVEALED, revealed,
            I_LEADER, winner, I_TRICK, (), I_LED, None, I_TRICKS, tricks, I_EVENTS, events,
            I_ACTOR, -1 if done else winner, I_LEGAL, 0 if done else hands[winner],
        )
        # fmt: on
        return new
