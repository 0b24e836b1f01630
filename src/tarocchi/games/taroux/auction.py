"""The auction (T3, T4): bids, passes, Contra and the out-of-turn Re-contra window."""

from __future__ import annotations

from tarocchi.core.actions import Action, Call
from tarocchi.core.events import PUBLIC, Event
from tarocchi.games.taroux.play import declarers
from tarocchi.games.taroux.rules import (
    AGAINST,
    BID_NAMES,
    BID_WORDS,
    DECK,
    HONOURS,
    PASSES_TO_END,
    PLAYERS,
    SEAT_NAMES,
    STAND,
    STOCK_SIZE,
    TAKE,
    partner_of,
)
from tarocchi.games.taroux.state import Phase, TarouxState

PASS, CONTRA, RECONTRA, DECLINE = (Call(w) for w in ("pass", "contra", "recontra", "decline"))
BIDS = (PASS, *(Call(word) for word in BID_WORDS[1:]))
"""Indexed by bid level; index 0 is the pass."""
FIRST, SECOND = Call("first"), Call("second")

# (high, honour held, contra allowed) -> the legal calls, built once.
_LEGAL: dict[tuple[int, bool, bool], tuple[Action, ...]] = {}
for _high in range(AGAINST + 1):
    for _honour in (False, True):
        for _contra in (False, True):
            _bids = tuple(BIDS[b] for b in range(_high + 1, AGAINST + 1) if _honour or b > STAND)
            _LEGAL[_high, _honour, _contra] = (PASS, *_bids, *((CONTRA,) if _contra else ()))
_WINDOW = {True: (RECONTRA, DECLINE), False: (DECLINE,)}
_STOCK_CHOICE = (FIRST, SECOND)
_AUCTION_WORDS = (*BID_WORDS[1:], "pass", "contra")


def contra_allowed(state: TarouxState, seat: int) -> bool:
    """T3: against a real bid not yet contra'd, from outside the bidder's partnership."""
    return (
        state.high >= TAKE
        and state.contra == 0
        and not declarers(state.bidder) >> seat & 1
        and bool(state.hands[seat] & HONOURS)
    )


def _said(state: TarouxState, seat: int, action: Call) -> TarouxState:
    return state._replace(
        auction=(*state.auction, (seat, action.word)),
        events=(Event(seat, action, PUBLIC), state.events),
    )


class Bidding:
    """T3: on his turn a player passes, bids higher (Prop and Stand need an Honour) or calls Contra."""

    def to_act(self, state: TarouxState) -> int:
        return state.turn

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        seat = state.turn
        return _LEGAL[state.high, bool(state.hands[seat] & HONOURS), contra_allowed(state, seat)]

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        if type(action) is not Call or action not in self.legal(state):
            return None
        seat = state.turn
        state = _said(state, seat, action)
        if action == CONTRA:
            return state._replace(phase=Phase.RECONTRA, contra=1, contra_by=seat, passes=0, turn=state.bidder)
        if action == PASS:
            passes = state.passes + 1
            if passes == PASSES_TO_END + (state.high == 0):
                return end_auction(state._replace(passes=passes))
            return state._replace(passes=passes, turn=(seat + 1) % PLAYERS)
        level = BIDS.index(action)
        return state._replace(
            high=level, bidder=seat, contra=0, contra_by=-1, passes=0, turn=(seat + 1) % PLAYERS
        )

    def refusal(self, state: TarouxState, action: Action) -> str:
        seat = state.turn
        name = SEAT_NAMES[seat]
        if not isinstance(action, Call) or action.word not in _AUCTION_WORDS:
            return f"it is {name}'s turn in the auction: pass, bid higher, or contra (T3)"
        if action.word == "contra":
            if state.high < TAKE:
                return "Contra needs a real bid (We'll Take, Without or Against) to challenge (T3)"
            if state.contra:
                return f"{BID_NAMES[state.high]} has already been contra'd (T3)"
            if declarers(state.bidder) >> seat & 1:
                return "you may not contra your own partnership's bid (T3)"
            return "Contra needs at least one Honour (the Magician, the World or the Fool) in hand (T3)"
        level = BID_WORDS.index(action.word)
        if level <= state.high:
            return f"a bid must be higher than {BID_NAMES[state.high]} (T3)"
        return f"{BID_NAMES[level]} needs at least one Honour in hand (T3)"


class Recontra:
    """T3: right after a Contra, out of turn, the bidder and then his partner may Re-contra."""

    def to_act(self, state: TarouxState) -> int:
        return state.turn

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        return _WINDOW[bool(state.hands[state.turn] & HONOURS)]

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        if type(action) is not Call or action not in self.legal(state):
            return None
        seat = state.turn
        state = _said(state, seat, action)
        if action == DECLINE and seat == state.bidder:
            return state._replace(turn=partner_of(seat))
        resume = (state.contra_by + 1) % PLAYERS
        contra = 2 if action == RECONTRA else state.contra
        return state._replace(phase=Phase.AUCTION, contra=contra, turn=resume)

    def refusal(self, state: TarouxState, action: Action) -> str:
        if isinstance(action, Call) and action.word == "recontra":
            return "Re-contra needs at least one Honour in hand (T3)"
        return f"{SEAT_NAMES[state.turn]} may now 'recontra' or 'decline', out of turn (T3)"


def end_auction(state: TarouxState) -> TarouxState:
    """T3/T4: no real bid left highest -> thrown in; else the contract starts."""
    if state.high < TAKE:
        why = "nobody bid" if state.high == 0 else f"{BID_NAMES[state.high]} cannot win the auction"
        note = f"the hand is thrown in: {why} (T3, C2)"
        return state._replace(phase=Phase.DONE, events=(Event(None, None, PUBLIC, note), state.events))
    bidder = state.bidder
    contra = ("", ", contra'd", ", re-contra'd")[state.contra]
    note = f"plays {BID_NAMES[state.high]}{contra}, with {SEAT_NAMES[partner_of(bidder)]} (T4)"
    events = (Event(bidder, None, PUBLIC, note), state.events)
    if state.high == TAKE:
        first, second = DECK.codes(_mask(state.stock[:3])), DECK.codes(_mask(state.stock[3:]))
        shown = f"the stock is turned up: first three {first}; second three {second} (T5)"
        return state._replace(phase=Phase.STOCK, events=(Event(None, None, PUBLIC, shown), events))
    return state._replace(phase=Phase.DECLARE, turn=bidder, declared=0, events=events)


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


class StockChoice:
    """T5 We'll Take: the bidding Declarer takes the first or the second three, his partner the rest."""

    def to_act(self, state: TarouxState) -> int:
        return state.bidder

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        return _STOCK_CHOICE

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        if action not in _STOCK_CHOICE:
            return None
        half = STOCK_SIZE // 2
        first, second = _mask(state.stock[:half]), _mask(state.stock[half:])
        mine, theirs = (first, second) if action == FIRST else (second, first)
        bidder = state.bidder
        partner = partner_of(bidder)
        hands = list(state.hands)
        hands[bidder] |= mine
        hands[partner] |= theirs
        note = f"{SEAT_NAMES[bidder]} takes {DECK.codes(mine)}, {SEAT_NAMES[partner]} {DECK.codes(theirs)}"
        return state._replace(
            phase=Phase.DISCARD,
            hands=tuple(hands),
            stock_left=0,
            events=(Event(None, None, PUBLIC, note), (Event(bidder, action, PUBLIC), state.events)),
        )

    def refusal(self, state: TarouxState, action: Action) -> str:
        return f"{SEAT_NAMES[state.bidder]} must take the 'first' or the 'second' three of the stock (T5)"
