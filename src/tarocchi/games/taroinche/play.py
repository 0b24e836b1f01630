"""Trick play's phase handler (B6): what may be played and who is winning (``tricks.plays``,
``tricks.takes``), and the duty named when a card is refused."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Play
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import standing
from tarocchi.games.taroinche.rules import (
    CAPOT,
    CONTRACTS,
    DECK,
    KINGS_QUEENS,
    PLAYERS,
    SEAT_NAMES,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRICKS,
    WITH,
    side_of,
)
from tarocchi.games.taroinche.state import FIELD, Phase, TaroincheState
from tarocchi.games.taroinche.tricks import TABLES, plays, takes

PLAYS = tuple(Play(card) for card in DECK.cards)
_NEW: Final = tuple.__new__
_PHASE: Final = FIELD["phase"]
_HANDS: Final = FIELD["hands"]
_LEADER: Final = FIELD["leader"]
_TRICK: Final = FIELD["trick"]
_BEST: Final = FIELD["best"]
_TRICKS: Final = FIELD["tricks"]
_EVENTS: Final = FIELD["events"]


def play_mask(state: TaroincheState, seat: int) -> int:
    """The cards ``seat`` may play to the trick in progress (``tricks.plays``)."""
    hand = state.hands[seat]
    trick = state.trick
    if not trick:
        return hand
    assert state.bid is not None
    table = TABLES[state.bid.trump]
    led = table.suit_of[trick[0]]
    best = trick[state.best]
    winner = (state.leader + state.best) % PLAYERS
    attack = 1 << state.taker | 1 << state.partner
    return plays(
        table, hand, led, standing(table.suit_of[best], table.power[best], led), attack, winner, seat
    )


def shown(mask: int) -> str:
    """Cards as a player reads them, ``J♠ or 9♠``."""
    names = [_SHOWN[i] for i in range(DECK.size) if mask >> i & 1]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


_SYMBOL = {s.letter: s.symbol for s in SUITS}
_SHOWN = tuple(DECK.faces[card.index] + _SYMBOL[card.suit] for card in DECK.cards)


def duty(state: TaroincheState, seat: int) -> str:
    """The rule that decides what ``seat`` may play now, with the allowed cards (B6)."""
    trick = state.trick
    allowed = play_mask(state, seat)
    if not trick:
        return "you lead: any card"
    assert state.bid is not None
    contract = CONTRACTS[state.bid.trump]
    hand = state.hands[seat]
    led = SUIT_OF[trick[0]]
    best = trick[state.best]
    suit = SUITS[led].symbol
    if hand & SUIT_MASKS[led]:
        if contract.must_beat[led] and allowed & contract.beats[best]:
            return f"{suit} was led: you must follow and beat {_SHOWN[best]}: {shown(allowed)}"
        return f"{suit} was led: you must follow suit: {shown(allowed)}"
    if allowed == hand:
        if not hand & contract.trump_mask:
            return f"you have no {suit} and no trump: any card"
        return "your side is winning: any card"
    if contract.trump_mask >> best & 1:
        if allowed & contract.beats[best]:
            return f"you must overtrump: {shown(allowed)}"
        return f"you cannot beat {_SHOWN[best]} but must still trump (undertrump): {shown(allowed)}"
    return f"you have no {suit} and the opponents are winning: you must trump: {shown(allowed)}"


def refusal(state: TaroincheState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    if not state.hands[seat] >> card & 1:
        return f"{DECK.cards[card].code} is not in your hand; {duty(state, seat)} (B6)"
    return f"{duty(state, seat)} (B6)"


class Playing(TrickPlay[TaroincheState]):
    """B6 duties, C3 winner; B7: a Capot stops as soon as the defence wins a trick."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def place(self, state: TaroincheState, seat: int, card: int, hands: tuple[int, ...]) -> TaroincheState:
        bid = state.bid
        assert bid is not None
        events: EventLog = (self.play_events[seat][card], state.events)
        if seat == state.belote and KINGS_QUEENS >> card & 1 and SUIT_OF[card] == bid.trump:
            events = (Event(seat, None, PUBLIC, belote_note(state, card)), events)
        trick = state.trick
        best = state.best
        if trick and takes(TABLES[bid.trump], card, trick[best]):
            best = len(trick)
        trick = (*trick, card)
        fields: list[object] = list(state)
        fields[_HANDS] = hands
        if len(trick) < PLAYERS:
            fields[_TRICK] = trick
            fields[_BEST] = best
            fields[_EVENTS] = events
            return rebuilt(fields)
        winner = (state.leader + best) % PLAYERS
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        fields[_TRICK] = ()
        fields[_BEST] = 0
        fields[_TRICKS] = tricks
        fields[_LEADER] = winner
        if bid.value == CAPOT and side_of(winner, state.taker, state.partner):
            note = "takes a trick for the defence: the Capot has failed and the hand stops (B7)"
            return finish(state, fields, (Event(winner, None, PUBLIC, note), events))
        if len(tricks) == TRICKS:
            return finish(state, fields, events)
        fields[_EVENTS] = events
        return rebuilt(fields)


def belote_note(state: TaroincheState, card: int) -> str:
    """B5: what the belote's holder says as the first, then the second, of trump K and Q falls."""
    other = (SUIT_MASKS[SUIT_OF[card]] & KINGS_QUEENS) ^ (1 << card)  # the other of K and Q
    other = other.bit_length() - 1
    if state.hands[state.belote] >> other & 1:
        return f"says Belote: holds {DECK.cards[card].code} and {DECK.cards[other].code} (B5)"
    return f"says Rebelote with {DECK.cards[card].code} (B5)"


def finish(state: TaroincheState, fields: list[object], events: EventLog) -> TaroincheState:
    """The hand is over (``state`` changed to ``fields`` by its last trick, which leaves the bid,
    dog and discard as they were): what lay face down is turned up for everyone."""
    bid = state.bid
    assert bid is not None
    if bid.mode == WITH:
        note = f"the taker's discard is turned up: {DECK.codes(state.discard)}"
    else:
        note = f"the dog is turned up: {DECK.codes(state.dog)}"
    fields[_PHASE] = Phase.DONE
    fields[_EVENTS] = (Event(None, None, PUBLIC, note), events)
    return rebuilt(fields)


def rebuilt(fields: list[object]) -> TaroincheState:
    """The state of these field values (positions as ``FIELD``): by position, since
    ``NamedTuple._replace`` costs more than the rest of a step."""
    new: TaroincheState = _NEW(TaroincheState, fields)
    return new
