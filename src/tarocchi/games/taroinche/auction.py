"""The auction and the surcoinche round (B3), and the steps from them to card play (B4, B5):
compiled by mypyc where it can be, since random play makes about half its decisions here.

States are built by field position (``play.rebuilt``), not by ``NamedTuple._replace``.
"""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.protocol import HandContext
from tarocchi.games.taroinche.bidding import (
    AUCTION_LEGAL,
    COINCHE,
    LEVEL_OF,
    PASS,
    SURCOINCHE,
    SURCOINCHE_LEGAL,
    Bid,
)
from tarocchi.games.taroinche.play import rebuilt
from tarocchi.games.taroinche.rules import (
    CAPOT,
    DECK,
    PLAYERS,
    SEAT_NAMES,
    VALUES,
    WITH,
    belote_pair,
)
from tarocchi.games.taroinche.scoring import describe
from tarocchi.games.taroinche.state import FIELD, Phase, TaroincheState

_AUCTION, _SURCOINCHE, _DISCARD, _PLAY, _DONE = (
    Phase.AUCTION,
    Phase.SURCOINCHE,
    Phase.DISCARD,
    Phase.PLAY,
    Phase.DONE,
)
_PHASE: Final = FIELD["phase"]
_HANDS: Final = FIELD["hands"]
_DOG: Final = FIELD["dog"]
_SHOWN_DOG: Final = FIELD["shown_dog"]
_TURN: Final = FIELD["turn"]
_PASSES: Final = FIELD["passes"]
_BID: Final = FIELD["bid"]
_TAKER: Final = FIELD["taker"]
_PARTNER: Final = FIELD["partner"]
_COINCHE: Final = FIELD["coinche"]
_COINCHER: Final = FIELD["coincher"]
_SPEAKERS: Final = FIELD["speakers"]
_BELOTE: Final = FIELD["belote"]
_LEADER: Final = FIELD["leader"]
_TRICK: Final = FIELD["trick"]
_BEST: Final = FIELD["best"]
_EVENTS: Final = FIELD["events"]
_LEVEL_BY_ID: Final = {id(bid): n for bid, n in LEVEL_OF.items()}
"""The pre-built bids' levels by identity: hashing a frozen dataclass is the dearest part of a
bid's step, and a bid chosen from the legal actions is one of these objects."""


def level_of(bid: object) -> int:
    """The level of a bid of this game (-1: no bid yet, or ``bid`` is not one of this game's)."""
    if bid is None:
        return -1
    n = _LEVEL_BY_ID.get(id(bid))
    if n is None and type(bid) is Bid:
        n = LEVEL_OF.get(bid)  # an equal bid built elsewhere
    return -1 if n is None else n


def opening(hands: tuple[int, ...], dog: int, context: HandContext) -> TaroincheState:
    """B2: the first state of a hand: the first player after the dealer speaks first."""
    first = (context.dealer + 1) % PLAYERS
    return rebuilt(
        [_AUCTION, context, hands, dog, 0, 0, first, 0, None, -1, -1, 0, -1, (), -1, first, (), 0, (), None]
    )


def end_auction(state: TaroincheState, events: EventLog) -> TaroincheState:
    """B3/B4: the contract stands; With: the dog is shown and taken, else play begins."""
    bid = state.bid
    assert bid is not None
    taker = state.taker
    events = (Event(taker, None, PUBLIC, f"takes the contract: {describe(state)}"), events)
    fields: list[object] = list(state)
    if bid.mode == WITH:
        note = f"takes the dog, shown to all: {DECK.codes(state.dog)} (B4)"
        hands = list(state.hands)
        hands[taker] |= state.dog
        fields[_PHASE] = _DISCARD
        fields[_HANDS] = tuple(hands)
        fields[_DOG] = 0
        fields[_SHOWN_DOG] = state.dog
        fields[_EVENTS] = (Event(taker, None, PUBLIC, note), events)
        return rebuilt(fields)
    fields[_EVENTS] = events
    return start_play(rebuilt(fields))


def start_play(state: TaroincheState) -> TaroincheState:
    """B5: the attack's belote is fixed now; B2: the first player leads."""
    bid = state.bid
    assert bid is not None
    belote = -1
    if bid.value != CAPOT:
        pair = belote_pair(bid.trump)
        for seat in (state.taker, state.partner):
            if state.hands[seat] & pair == pair:
                belote = seat
    fields: list[object] = list(state)
    fields[_PHASE] = _PLAY
    fields[_BELOTE] = belote
    fields[_LEADER] = (state.context.dealer + 1) % PLAYERS
    fields[_TRICK] = ()
    fields[_BEST] = 0
    return rebuilt(fields)


class Auction:
    """B3: from the first player, bid (strictly stronger), pass or coinche; four passes after a bid
    end it, five passes without one throw the hand in."""

    @staticmethod
    def may_coinche(state: TaroincheState) -> bool:
        return state.bid is not None and state.turn != state.taker and state.turn != state.partner

    def to_act(self, state: TaroincheState) -> int:
        return state.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return AUCTION_LEGAL[level_of(state.bid) + 1][self.may_coinche(state)]

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        seat = state.turn
        after = seat + 1 if seat < PLAYERS - 1 else 0
        fields: list[object] = list(state)
        if type(action) is Bid:
            n = level_of(action)
            if n < 0 or n <= level_of(state.bid):
                return None
            fields[_TURN] = after
            fields[_PASSES] = 0
            fields[_BID] = action
            fields[_TAKER] = seat
            fields[_PARTNER] = action.partner
            fields[_EVENTS] = (Event(seat, action, PUBLIC), state.events)
            return rebuilt(fields)
        if action is PASS or action == PASS:
            events: EventLog = (Event(seat, PASS, PUBLIC), state.events)
            passes = state.passes + 1
            fields[_PASSES] = passes
            if state.bid is None and passes == PLAYERS:
                note = "the hand is thrown in: all five passed; it counts as a hand (B3, C2)"
                fields[_PHASE] = _DONE
                fields[_EVENTS] = (Event(None, None, PUBLIC, note), events)
                return rebuilt(fields)
            fields[_TURN] = after
            fields[_EVENTS] = events
            if state.bid is not None and passes == PLAYERS - 1:
                return end_auction(rebuilt(fields), events)
            return rebuilt(fields)
        if (action is COINCHE or action == COINCHE) and self.may_coinche(state):
            # B3: the taker and partner then speak in clockwise order from the coincher
            members = sorted({state.taker, state.partner}, key=lambda s: (s - seat) % PLAYERS)
            fields[_PHASE] = _SURCOINCHE
            fields[_TURN] = members[0]
            fields[_PASSES] = 0
            fields[_COINCHE] = 1
            fields[_COINCHER] = seat
            fields[_SPEAKERS] = tuple(members)
            fields[_EVENTS] = (Event(seat, COINCHE, PUBLIC), state.events)
            return rebuilt(fields)
        return None

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if type(action) is Bid:
            n = level_of(action)
            if n < 0:
                if action.trump in (4, 5) and action.value != CAPOT and action.value in VALUES:
                    return "No-trump and All-trump may only be bid at Capot (B3)"
                return f"{action!r} is not a bid of this game: values 82, 90 ... 180, Capot; seats 0-4 (B3)"
            if n <= level_of(state.bid):
                return (
                    f"a bid must be stronger than the contract ({state.bid}): a higher value, or the "
                    "same value with a stronger dog mode (With < Without < Against); "
                    "trump and partner do not count (B3)"
                )
            return None
        if action == PASS:
            return None
        if action == COINCHE:
            if state.bid is None:
                return "there is no bid to coinche yet (B3)"
            if self.may_coinche(state):
                return None
            role = "the taker" if state.turn == state.taker else "the taker's partner"
            return f"you are {role}: only a player outside the contract may coinche (B3)"
        if action == SURCOINCHE:
            return "nobody has coinched: there is nothing to surcoinche (B3)"
        return "the auction is on: bid, pass or coinche (B3)"


class Surcoinche:
    """B3: after a coinche only the taker and partner speak: surcoinche (which ends the auction,
    a surcoinching partner becoming the taker) or pass; once each, one only in a solo."""

    def to_act(self, state: TaroincheState) -> int:
        return state.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return SURCOINCHE_LEGAL

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        seat = state.turn
        fields: list[object] = list(state)
        if action == PASS:
            events: EventLog = (Event(seat, PASS, PUBLIC), state.events)
            speakers = state.speakers[1:]
            fields[_PASSES] = state.passes + 1
            fields[_SPEAKERS] = speakers
            fields[_EVENTS] = events
            if not speakers:
                return end_auction(rebuilt(fields), events)
            fields[_TURN] = speakers[0]
            return rebuilt(fields)
        if action == SURCOINCHE:
            events = (Event(seat, SURCOINCHE, PUBLIC), state.events)
            taker, partner = state.taker, state.partner
            if seat != taker:
                note = f"surcoinches and becomes the taker; {SEAT_NAMES[taker]} is now his partner (B3)"
                events = (Event(seat, None, PUBLIC, note), events)
                taker, partner = seat, taker
            fields[_COINCHE] = 2
            fields[_SPEAKERS] = ()
            fields[_TAKER] = taker
            fields[_PARTNER] = partner
            fields[_EVENTS] = events
            return end_auction(rebuilt(fields), events)
        return None

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if action in (PASS, SURCOINCHE):
            return None
        if type(action) is Bid:
            return "after a coinche no more bids: the taker and partner may only surcoinche or pass (B3)"
        if action == COINCHE:
            return "the contract is already coinched: the taker and partner may surcoinche or pass (B3)"
        return "the contract is coinched: surcoinche or pass (B3)"
