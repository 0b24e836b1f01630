"""The auction (T3, T4): bids, passes, Contra and the out-of-turn Re-contra window."""

from __future__ import annotations

from typing import Final, cast

from tarocchi.core.actions import Action, Call
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.events import PUBLIC, Event, EventLog
from tarocchi.core.positional import replaced
from tarocchi.games.taroux.rules import (
    BID_NAMES,
    BID_WORDS,
    DECK,
    PLAYERS,
    SEAT_NAMES,
    STOCK_SIZE,
    auction_over,
    declarers,
    partner_of,
    real_bid,
    takes_stock,
    window_passes_on,
)
from tarocchi.games.taroux.state import (
    I_AUCTION,
    I_BIDDER,
    I_CONTRA,
    I_CONTRA_BY,
    I_DECLARED,
    I_EVENTS,
    I_HANDS,
    I_HIGH,
    I_PASSES,
    I_PHASE,
    I_STOCK_LEFT,
    I_TURN,
    Phase,
    TarouxFields,
    TarouxState,
)
from tarocchi.games.taroux.turns import (
    CONTRA_AT,
    PASS_AT,
    RECONTRA_AT,
    auction_legal,
    settle,
    settled,
    window_legal,
)

PASS, CONTRA, RECONTRA, DECLINE = (Call(w) for w in ("pass", "contra", "recontra", "decline"))
BIDS = (PASS, *(Call(word) for word in BID_WORDS[1:]))
"""Indexed by bid level; index 0 is the pass."""
FIRST, SECOND = Call("first"), Call("second")
AUCTION_MENU: Final = (*BIDS, CONTRA)
"""The auction's calls, bit ``i`` of its legal mask selecting item ``i`` (``turns``)."""
WINDOW_MENU: Final = (RECONTRA, DECLINE)
STOCK_MENU: Final = (FIRST, SECOND)
_AUCTION_OF = MaskMap(AUCTION_MENU)
_WINDOW_OF = MaskMap(WINDOW_MENU)
_AUCTION_AT: Final = Positions(AUCTION_MENU)
_WINDOW_AT: Final = Positions(WINDOW_MENU)
_STOCK_AT: Final = Positions(STOCK_MENU)
"""Where a call stands in its menu, by identity first (``Positions.index``)."""
_AUCTION_WORDS = (*BID_WORDS[1:], "pass", "contra")
_CALL_TYPE: Final = Call
_EVENT: Final = Event
_SAID: Final = tuple(
    tuple(Event(seat, call, PUBLIC) for call in (*AUCTION_MENU, *WINDOW_MENU)) for seat in range(PLAYERS)
)
"""Each seat's public event of each call of the auction and the window: one shared event each."""
_WINDOW_SAID: Final = len(AUCTION_MENU)
_RECONTRA_PHASE: Final = Phase.RECONTRA
_AUCTION_PHASE: Final = Phase.AUCTION


def contra_allowed(state: TarouxState, seat: int) -> bool:
    """T3: against a real bid not yet contra'd, from outside the bidder's partnership."""
    return bool(
        auction_legal(state.high, state.contra, state.bidder, seat, state.hands[seat]) >> CONTRA_AT & 1
    )


def _called(state: TarouxState, action: Action, menu: Positions) -> tuple[TarouxFields, int] | None:
    """The state (its turn worked out) and the position in ``menu`` of ``action`` if it is one of
    the phase's calls and legal now (its bit in the state's mask); else None, refused."""
    if type(action) is not _CALL_TYPE:
        return None
    s: TarouxFields = settled(state)
    at = menu.index(action)
    if at < 0 or not s.legal >> at & 1:
        return None
    return s, at


def _said(s: TarouxFields, seat: int, action: Call, at: int) -> tuple[tuple[tuple[int, str], ...], EventLog]:
    """The auction and the log with the call ``action`` (item ``at`` of the two menus) added."""
    event = _SAID[seat][at]
    if event[1] is not action:  # an equal call of the caller's own
        event = _EVENT(seat, action, PUBLIC)
    return (*s.auction, (seat, action.word)), (event, s.events)


class Bidding:
    """T3: on his turn a player passes, bids higher (Prop and Stand need an Honour) or calls Contra."""

    def to_act(self, state: TarouxState) -> int:
        return state.turn

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        s: TarouxFields = state
        seat = s.turn
        return _AUCTION_OF.select(auction_legal(s.high, s.contra, s.bidder, seat, s.hands[seat]))

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        called = _called(state, action, _AUCTION_AT)
        if called is None:
            return None
        s, at = called
        seat = s.turn
        auction, events = _said(s, seat, cast(Call, action), at)
        if at == CONTRA_AT:
            # fmt: off
            return settle(replaced(
                state, I_AUCTION, auction, I_EVENTS, events, I_PHASE, _RECONTRA_PHASE, I_CONTRA, 1,
                I_CONTRA_BY, seat, I_PASSES, 0, I_TURN, s.bidder,
            ))
            # fmt: on
        if at == PASS_AT:
            passes = s.passes + 1
            if auction_over(passes, s.high):
                return end_auction(replaced(state, I_AUCTION, auction, I_EVENTS, events, I_PASSES, passes))
            # fmt: off
            return settle(replaced(
                state, I_AUCTION, auction, I_EVENTS, events, I_PASSES, passes,
                I_TURN, (seat + 1) % PLAYERS,
            ))
            # fmt: on
        # fmt: off
        return settle(replaced(
            state, I_AUCTION, auction, I_EVENTS, events, I_HIGH, at, I_BIDDER, seat, I_CONTRA, 0,
            I_CONTRA_BY, -1, I_PASSES, 0, I_TURN, (seat + 1) % PLAYERS,
        ))
        # fmt: on

    def refusal(self, state: TarouxState, action: Action) -> str:
        seat = state.turn
        name = SEAT_NAMES[seat]
        if not isinstance(action, Call) or action.word not in _AUCTION_WORDS:
            return f"it is {name}'s turn in the auction: pass, bid higher, or contra (T3)"
        if action.word == "contra":
            if not real_bid(state.high):
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
        s: TarouxFields = state
        return _WINDOW_OF.select(window_legal(s.hands[s.turn]))

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        called = _called(state, action, _WINDOW_AT)
        if called is None:
            return None
        s, at = called
        seat = s.turn
        auction, events = _said(s, seat, cast(Call, action), _WINDOW_SAID + at)
        if window_passes_on(seat, s.bidder, at == RECONTRA_AT):
            return settle(replaced(state, I_AUCTION, auction, I_EVENTS, events, I_TURN, partner_of(seat)))
        contra = 2 if at == RECONTRA_AT else s.contra
        # fmt: off
        return settle(replaced(
            state, I_AUCTION, auction, I_EVENTS, events, I_PHASE, _AUCTION_PHASE, I_CONTRA, contra,
            I_TURN, (s.contra_by + 1) % PLAYERS,
        ))
        # fmt: on

    def refusal(self, state: TarouxState, action: Action) -> str:
        if isinstance(action, Call) and action.word == "recontra":
            return "Re-contra needs at least one Honour in hand (T3)"
        return f"{SEAT_NAMES[state.turn]} may now 'recontra' or 'decline', out of turn (T3)"


def end_auction(state: TarouxState) -> TarouxState:
    """T3/T4, after the auction's last pass: no real bid left highest -> thrown in; else the
    contract starts."""
    s: TarouxFields = state
    high = s.high
    if not real_bid(high):
        why = "nobody bid" if high == 0 else f"{BID_NAMES[high]} cannot win the auction"
        note = f"the hand is thrown in: {why} (T3, C2)"
        thrown_in = (Event(None, None, PUBLIC, note), s.events)
        return settle(replaced(state, I_PHASE, Phase.DONE, I_EVENTS, thrown_in))
    bidder = s.bidder
    contra = ("", ", contra'd", ", re-contra'd")[s.contra]
    note = f"plays {BID_NAMES[high]}{contra}, with {SEAT_NAMES[partner_of(bidder)]} (T4)"
    events = (Event(bidder, None, PUBLIC, note), s.events)
    if takes_stock(high):
        stock = s.stock
        first, second = DECK.codes(_mask(stock[:3])), DECK.codes(_mask(stock[3:]))
        shown = f"the stock is turned up: first three {first}; second three {second} (T5)"
        turned_up = (Event(None, None, PUBLIC, shown), events)
        return settle(replaced(state, I_PHASE, Phase.STOCK, I_EVENTS, turned_up))
    # fmt: off
    return settle(replaced(
        state, I_PHASE, Phase.DECLARE, I_TURN, bidder, I_DECLARED, 0, I_EVENTS, events,
    ))
    # fmt: on


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
        return STOCK_MENU

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        at = _STOCK_AT.index(action)
        if at < 0:
            return None
        s: TarouxFields = state
        half = STOCK_SIZE // 2
        first, second = _mask(s.stock[:half]), _mask(s.stock[half:])
        mine, theirs = (first, second) if at == 0 else (second, first)
        bidder = s.bidder
        partner = partner_of(bidder)
        hands = list(s.hands)
        hands[bidder] |= mine
        hands[partner] |= theirs
        note = f"{SEAT_NAMES[bidder]} takes {DECK.codes(mine)}, {SEAT_NAMES[partner]} {DECK.codes(theirs)}"
        events = (Event(None, None, PUBLIC, note), (Event(bidder, action, PUBLIC), s.events))
        # fmt: off
        return settle(replaced(
            state, I_PHASE, Phase.DISCARD, I_HANDS, tuple(hands), I_STOCK_LEFT, 0, I_EVENTS, events,
        ))
        # fmt: on

    def refusal(self, state: TarouxState, action: Action) -> str:
        return f"{SEAT_NAMES[state.bidder]} must take the 'first' or the 'second' three of the stock (T5)"
