"""The auction and the surcoinche round (B3), and the steps from them to card play (B4, B5):
compiled by mypyc where it can be, since random play makes about half its decisions here.

Each step makes its state with ``positional.replaced``, not ``NamedTuple._replace``.
"""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action, Discard, FaceDown
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.core.positional import replaced
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.core.rows import row
from tarocchi.core.trickplay import card_of
from tarocchi.games.taroinche.bidding import (
    AUCTION_LEGAL,
    BY_LEVEL,
    COINCHE,
    LEVEL_OF,
    PASS,
    SURCOINCHE,
    SURCOINCHE_LEGAL,
    Bid,
)
from tarocchi.games.taroinche.rules import (
    CAPOT,
    DECK,
    DOG_SIZE,
    PLAYERS,
    SEAT_NAMES,
    TRUMP_CODES,
    VALUES,
    WITH,
    auction_over,
    first_player,
    holds_belote,
    surcoinche_speakers,
    surcoinched,
)
from tarocchi.games.taroinche.scoring import describe
from tarocchi.games.taroinche.state import (
    I_ACTOR,
    I_BELOTE,
    I_BEST,
    I_BID,
    I_COINCHE,
    I_COINCHER,
    I_CONTEXT,
    I_DISCARD,
    I_DOG,
    I_EVENTS,
    I_HANDS,
    I_LEADER,
    I_LEGAL,
    I_PARTNER,
    I_PASSES,
    I_PHASE,
    I_SHOWN_DOG,
    I_SPEAKERS,
    I_TAKER,
    I_TRICK,
    I_TURN,
    Phase,
    TaroincheFields,
    TaroincheState,
)

_AUCTION: Final = Phase.AUCTION
_SURCOINCHE: Final = Phase.SURCOINCHE
_DISCARD: Final = Phase.DISCARD
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE
_BIDS: Final = tuple(bid for group in BY_LEVEL for bid in group)
_BID_AT: Final = Positions(_BIDS)
_LEVELS: Final = tuple(n for n, group in enumerate(BY_LEVEL) for _ in group)
_PARTNERS: Final = tuple(bid.partner for bid in _BIDS)
"""The pre-built bids found by identity (``_BID_AT``), and each one's level and partner: hashing
a frozen dataclass is the dearest part of a bid's step, reading its field a Python attribute's,
and a bid chosen from the legal actions is one of these objects."""
_BID: Final = Bid
_PASS: Final = PASS
_COINCHE: Final = COINCHE
_SURCOINCHE_CALL: Final = SURCOINCHE
_AUCTION_LEGAL: Final = AUCTION_LEGAL
_SURCOINCHE_LEGAL: Final = SURCOINCHE_LEGAL
_ROW: Final = row
_EVENT: Final = Event
"""The classes, calls and tables the steps use, read from C statics when compiled (a name
imported from a module that is not compiled is a lookup in the module's dict each time)."""
_PASSED: Final = tuple(row(Event, seat, PASS, PUBLIC, "", 0) for seat in range(PLAYERS))
_COINCHED: Final = tuple(row(Event, seat, COINCHE, PUBLIC, "", 0) for seat in range(PLAYERS))
_SURCOINCHED: Final = tuple(row(Event, seat, SURCOINCHE, PUBLIC, "", 0) for seat in range(PLAYERS))
"""Each seat's pass, coinche and surcoinche, public: one shared event each, built once."""
_EITHER: Final = 0b11
"""The surcoinche round's legal mask over ``SURCOINCHE_LEGAL``: pass or surcoinche."""
DISCARDS = tuple(Discard(card) for card in DECK.cards)
_DISCARD_AT: Final = Positions(DISCARDS)
DISCARD_MENU: Final = MaskMap(DISCARDS)
"""The taker's discards, selected by a mask of cards."""
_LAID_NOTE = "has laid 2 cards aside face down; they count for the attack (B4)"


def level_of(bid: object) -> int:
    """The level of a bid of this game (-1: no bid yet, or ``bid`` is not one of this game's)."""
    if bid is None:
        return -1
    n = _BID_AT.find(bid)
    if n >= 0:
        return _LEVELS[n]
    if type(bid) is _BID:
        found = LEVEL_OF.get(bid)  # an equal bid built elsewhere
        if found is not None:
            return found
    return -1


def own_call(action: Action) -> Action | None:
    """The game's own pass, coinche or surcoinche that ``action`` is, or equals (None: another
    action): found by identity first, since comparing calls is a Python-level ``__eq__``."""
    if action is _PASS or action is _COINCHE or action is _SURCOINCHE_CALL:
        return action
    for call in (_PASS, _COINCHE, _SURCOINCHE_CALL):
        if action == call:
            return call
    return None


def _contract_note(state: TaroincheState) -> str:
    """The note that the taker takes the contract (``describe``), worded once for each contract
    and pair of seats: the words depend on nothing else."""
    s: TaroincheFields = state
    bid = s.bid
    assert bid is not None
    n = level_of(bid)
    taker, partner = s.taker, s.partner
    if n < 0 or not (0 <= taker < PLAYERS and 0 <= partner < PLAYERS):  # a state built by hand
        return f"takes the contract: {describe(state)}"
    at = ((n * _TRUMPS + bid.trump) * PLAYERS + taker) * PLAYERS + partner
    note = _CONTRACT_NOTES[at]
    if note is None:
        note = _CONTRACT_NOTES[at] = f"takes the contract: {describe(state)}"
    return note


_TRUMPS: Final = len(TRUMP_CODES)
_CONTRACT_NOTES: Final[list[str | None]] = [None] * (len(BY_LEVEL) * _TRUMPS * PLAYERS * PLAYERS)


_OPENING: Final = TaroincheState(
    phase=_AUCTION,
    context=HandContext(1, 0, (0,) * PLAYERS),
    hands=(0,) * PLAYERS,
    dog=0,
    shown_dog=0,
    discard=0,
    turn=0,
    passes=0,
    bid=None,
    taker=-1,
    partner=-1,
    coinche=0,
    coincher=-1,
    speakers=(),
    belote=-1,
    leader=0,
    trick=(),
    best=0,
    tricks=(),
    events=None,
)
"""Every hand's first state but for the deal, the context and the first player (``opening``):
the NamedTuple's own ``__new__`` by keyword is a Python function, a tenth of a hand's work."""


def opening(deal: Deal, context: HandContext, masks: tuple[int, ...]) -> TaroincheState:
    """B2: the first state of the hand dealt as ``deal`` (its piles' ``masks``: each hand's, then
    the dog's): the first player after the dealer speaks first. The game's ``start``: compiled,
    no Python frame between ``initial_state`` and the state."""
    first = first_player(context.dealer)
    hands = (masks[0], masks[1], masks[2], masks[3], masks[4])
    # fmt: off
    return replaced(
        _OPENING, I_CONTEXT, context, I_HANDS, hands, I_DOG, masks[PLAYERS], I_TURN, first, I_LEADER, first,
    )
    # fmt: on


def end_auction(state: TaroincheState, events: EventLog) -> TaroincheState:
    """B3/B4: the contract stands; With: the dog is shown and taken, else play begins."""
    s: TaroincheFields = state
    bid = s.bid
    assert bid is not None
    taker = s.taker
    events = (_ROW(_EVENT, taker, None, PUBLIC, _contract_note(state), 0), events)
    if bid.mode == WITH:
        note = f"takes the dog, shown to all: {DECK.codes(state.dog)} (B4)"
        hands = list(state.hands)
        hands[taker] |= state.dog
        # fmt: off
        return replaced(
            state, I_PHASE, _DISCARD, I_HANDS, tuple(hands), I_DOG, 0, I_SHOWN_DOG, state.dog,
            I_EVENTS, (_ROW(_EVENT, taker, None, PUBLIC, note, 0), events),
            I_ACTOR, taker, I_LEGAL, hands[taker],
        )
        # fmt: on
    return start_play(replaced(state, I_EVENTS, events))


def start_play(state: TaroincheState) -> TaroincheState:
    """B5: the attack's belote is fixed now; B2: the first player leads."""
    s: TaroincheFields = state
    bid = s.bid
    assert bid is not None
    hands = s.hands
    belote = -1
    if bid.value != CAPOT:
        for seat in (s.taker, s.partner):
            if holds_belote(hands[seat], bid.trump):
                belote = seat
    leader = first_player(s.context.dealer)
    # fmt: off
    return replaced(
        state, I_PHASE, _PLAY, I_BELOTE, belote, I_LEADER, leader, I_TRICK, (), I_BEST, 0,
        I_ACTOR, leader, I_LEGAL, hands[leader],
    )
    # fmt: on


class Auction:
    """B3: from the first player, bid (strictly stronger), pass or coinche; four passes after a bid
    end it, five passes without one throw the hand in."""

    @staticmethod
    def may_coinche(state: TaroincheState) -> bool:
        s: TaroincheFields = state
        turn = s.turn
        return s.bid is not None and turn != s.taker and turn != s.partner

    def to_act(self, state: TaroincheState) -> int:
        s: TaroincheFields = state
        return s.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        s: TaroincheFields = state
        return _AUCTION_LEGAL[level_of(s.bid) + 1][self.may_coinche(state)]

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        s: TaroincheFields = state
        seat = s.turn
        after = seat + 1 if seat < PLAYERS - 1 else 0
        if type(action) is _BID:
            at = _BID_AT.find(action)
            n = _LEVELS[at] if at >= 0 else level_of(action)
            if n < 0 or n <= level_of(s.bid):
                return None
            # fmt: off
            return replaced(
                state, I_TURN, after, I_PASSES, 0, I_BID, action, I_TAKER, seat,
                I_PARTNER, _PARTNERS[at] if at >= 0 else action.partner,
                I_EVENTS, (_ROW(_EVENT, seat, action, PUBLIC, "", 0), s.events),
            )
            # fmt: on
        call = own_call(action)
        if call is _PASS:
            events: EventLog = (_PASSED[seat], s.events)
            passes = s.passes + 1
            over = auction_over(passes, s.bid is not None)
            if over and s.bid is None:
                note = "the hand is thrown in: all five passed; it counts as a hand (B3, C2)"
                # fmt: off
                return replaced(
                    state, I_PASSES, passes, I_PHASE, _DONE,
                    I_EVENTS, (_ROW(_EVENT, None, None, PUBLIC, note, 0), events), I_ACTOR, -1, I_LEGAL, 0,
                )
                # fmt: on
            passed = replaced(state, I_PASSES, passes, I_TURN, after, I_EVENTS, events)
            if over:
                return end_auction(passed, events)
            return passed
        if call is _COINCHE and self.may_coinche(state):
            members = surcoinche_speakers(seat, s.taker, s.partner)
            # fmt: off
            return replaced(
                state, I_PHASE, _SURCOINCHE, I_TURN, members[0], I_PASSES, 0, I_COINCHE, 1,
                I_COINCHER, seat, I_SPEAKERS, members,
                I_EVENTS, (_COINCHED[seat], s.events), I_ACTOR, members[0], I_LEGAL, _EITHER,
            )
            # fmt: on
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
        s: TaroincheFields = state
        return s.turn

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        return _SURCOINCHE_LEGAL

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        s: TaroincheFields = state
        seat = s.turn
        call = own_call(action)
        if call is _PASS:
            events: EventLog = (_PASSED[seat], s.events)
            speakers = s.speakers[1:]
            passes = s.passes + 1
            if not speakers:
                return end_auction(
                    replaced(state, I_PASSES, passes, I_SPEAKERS, speakers, I_EVENTS, events), events
                )
            # fmt: off
            return replaced(
                state, I_PASSES, passes, I_SPEAKERS, speakers, I_EVENTS, events, I_TURN, speakers[0],
                I_ACTOR, speakers[0], I_LEGAL, _EITHER,
            )
            # fmt: on
        if call is _SURCOINCHE_CALL:
            events = (_SURCOINCHED[seat], s.events)
            taker, partner = surcoinched(seat, s.taker, s.partner)
            if taker != s.taker:
                note = f"surcoinches and becomes the taker; {SEAT_NAMES[partner]} is now his partner (B3)"
                events = (_ROW(_EVENT, seat, None, PUBLIC, note, 0), events)
            # fmt: off
            doubled = replaced(
                state, I_COINCHE, 2, I_SPEAKERS, (), I_TAKER, taker, I_PARTNER, partner, I_EVENTS, events,
            )
            # fmt: on
            return end_auction(doubled, events)
        return None

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if action in (PASS, SURCOINCHE):
            return None
        if type(action) is Bid:
            return "after a coinche no more bids: the taker and partner may only surcoinche or pass (B3)"
        if action == COINCHE:
            return "the contract is already coinched: the taker and partner may surcoinche or pass (B3)"
        return "the contract is coinched: surcoinche or pass (B3)"


class Discarding:
    """B4 With: the taker, holding eight cards, lays any two aside face down."""

    def to_act(self, state: TaroincheState) -> int:
        s: TaroincheFields = state
        return s.taker

    def legal(self, state: TaroincheState) -> tuple[Action, ...]:
        s: TaroincheFields = state
        return DISCARD_MENU.select(s.hands[s.taker])

    def apply(self, state: TaroincheState, action: Action) -> TaroincheState | None:
        s: TaroincheFields = state
        card = card_of(action, _DISCARD_AT, DISCARDS)
        if card < 0 or type(action) is not Discard:
            return None
        taker = s.taker
        if not s.hands[taker] >> card & 1:
            return None
        bit = 1 << card
        hands = list(s.hands)
        hands[taker] ^= bit
        held = tuple(hands)
        discard = s.discard | bit
        events: EventLog = (_ROW(_EVENT, taker, action, only(taker), "", 0), s.events)
        if discard.bit_count() < DOG_SIZE:
            # fmt: off
            return replaced(
                state, I_HANDS, held, I_DISCARD, discard, I_EVENTS, events,
                I_ACTOR, taker, I_LEGAL, held[taker],
            )
            # fmt: on
        laid = _ROW(_EVENT, taker, FaceDown(DOG_SIZE), PUBLIC, _LAID_NOTE, 0)
        return start_play(replaced(state, I_HANDS, held, I_DISCARD, discard, I_EVENTS, (laid, events)))

    def refusal(self, state: TaroincheState, action: Action) -> str | None:
        if type(action) is not Discard:
            return f"the taker ({SEAT_NAMES[state.taker]}) must first lay 2 cards aside (B4)"
        if self.apply(state, action) is not None:
            return None
        return f"{action.card.code} is not in your hand"
