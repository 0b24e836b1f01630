"""The phase handlers of the discard (P2), the cards and Allegiance's calls (P4), and the first
state (P2); what may be played and who wins are ``rules.plays`` and ``rules.trick_winner``.
Compiled by mypyc where it can be: random play spends its time here, so each step reads the
state through ``PiedmontFields`` and makes the new one with ``positional.replaced`` (``state.I_*``),
from Final tables."""

from __future__ import annotations

from typing import Any, Final

from tarocchi.core.actions import Action, Call, Discard, FaceDown, Play
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.core.positional import replaced
from tarocchi.core.protocol import HandContext
from tarocchi.core.rows import row
from tarocchi.core.trickplay import TrickPlay, card_of, trick_with
from tarocchi.core.tricks import duty_refusal
from tarocchi.games.piedmont.rules import (
    DECK,
    DUTIES,
    EVIL,
    GOOD,
    GOOD_EVIL,
    PLAYERS,
    SEAT_NAMES,
    STOCK_SIZE,
    TABLE,
    TRICKS,
    plays,
    side_of,
    trick_winner,
)
from tarocchi.games.piedmont.state import (
    I_ACTOR,
    I_CALLER,
    I_CONTEXT,
    I_DEAD,
    I_DISCARD,
    I_EVENTS,
    I_FORCED,
    I_HANDS,
    I_LEADER,
    I_LED,
    I_LEGAL,
    I_PENDING,
    I_PHASE,
    I_SEGMENTS,
    I_TRICK,
    I_TRICKS,
    Phase,
    PiedmontFields,
    PiedmontState,
)

PLAYS: Final = tuple(Play(card) for card in DECK.cards)
DISCARDS: Final = tuple(Discard(card) for card in DECK.cards)
OURS: Final = Call("ours")
YOURS: Final = Call("yours")
CONFIRM: Final = Call("confirm")
REVERSE: Final = Call("reverse")
CALL_MENU = (OURS, YOURS, CONFIRM, REVERSE)
FIRST_CALL: Final = (OURS, YOURS)
ANSWER: Final = (CONFIRM, REVERSE)
FIRST_CALL_BITS: Final = 0b0011
"""P4: the first player of Good or Evil calls ``ours`` or ``yours``..."""
ANSWER_BITS: Final = 0b1100
"""... an opponent who plays the other card ``confirm``s or ``reverse``s the call."""
MENUS = (MaskMap(DISCARDS), MaskMap(PLAYS), MaskMap(CALL_MENU), MaskMap(()))
"""Each phase's actions, which a state's ``legal`` mask selects (phases DISCARD, PLAY, CALL, DONE)."""

# The hot path's tables, Final so that compiled code reads them from C statics, not through the
# module's dict (nor through ``TABLE``'s and ``DUTIES``' attributes, a frozen dataclass's each).
_SIZE: Final = DECK.size
_BITS: Final = tuple(1 << card for card in range(DECK.size))
_DISCARD_AT: Final = Positions(DISCARDS)
_LEADS: Final = TABLE.leads
_DISCARD: Final = Phase.DISCARD
_PLAY: Final = Phase.PLAY
_CALL: Final = Phase.CALL
_DONE: Final = Phase.DONE
_ROW: Final = row
_EVENT: Final = Event
"""The phases, classes and builders the hot path uses, read from C statics (compiled, a name
at module level is a lookup in the module's dict each time, an IntEnum's member another)."""
assert PLAYERS == 4, "the hot path rebuilds four hands"


def _without(hands: tuple[int, ...], seat: int, bit: int) -> tuple[int, ...]:
    """``hands`` with ``bit`` taken out of ``seat``'s (four hands, built at once)."""
    kept: tuple[Any, ...] = hands  # the other three as objects: compiled, not unboxed and boxed
    if seat == 0:
        return (hands[0] ^ bit, kept[1], kept[2], kept[3])
    if seat == 1:
        return (kept[0], hands[1] ^ bit, kept[2], kept[3])
    if seat == 2:
        return (kept[0], kept[1], hands[2] ^ bit, kept[3])
    return (kept[0], kept[1], kept[2], hands[3] ^ bit)


_STARTED: Final = PiedmontState(
    phase=_DISCARD,
    context=HandContext(1, 0, (0,) * PLAYERS),
    hands=(0,) * PLAYERS,
    discard=0,
    leader=0,
    trick=(),
    led=None,
    tricks=(),
    caller=-1,
    segments=(),
    pending=-1,
    forced=-1,
    dead=0,
    events=None,
    actor=0,
    legal=0,
)
"""Every hand's first state but for the deal, the context and the seats (``started``): the
NamedTuple's own ``__new__`` by keyword is a Python function, several times ``replaced``."""


def started(context: HandContext, dealt: tuple[int, ...], stock: int, not_discardable: int) -> PiedmontState:
    """The hand's first state: the dealer holds the stock and is to discard (P2)."""
    dealer = context.dealer
    hands = _without(dealt, dealer, stock)  # the stock's cards are not in his hand: xor adds them
    return replaced(
        _STARTED, I_CONTEXT, context, I_HANDS, hands, I_LEADER, (dealer + 1) % PLAYERS,
        I_ACTOR, dealer, I_LEGAL, hands[dealer] & ~not_discardable,
    )  # fmt: skip


def settled(state: PiedmontState, not_discardable: int) -> PiedmontState:
    """``state`` with its seat to act and legal mask worked out from the rest (after the rarer
    transitions: discards, calls; card play sets them itself)."""
    phase = state.phase
    if phase == _DISCARD:
        actor = state.context.dealer
        legal = state.hands[actor] & ~not_discardable
    elif phase == _PLAY:
        actor = (state.leader + len(state.trick)) % PLAYERS
        legal = plays(state.hands[actor], state.forced, -1 if state.led is None else state.led)
    elif phase == _CALL:
        actor = state.pending
        legal = FIRST_CALL_BITS if state.caller < 0 else ANSWER_BITS
    else:
        actor, legal = -1, 0
    return state._replace(actor=actor, legal=legal)


def play_mask(state: PiedmontState, seat: int) -> int:
    """The cards ``seat`` may play now."""
    return plays(state.hands[seat], state.forced, -1 if state.led is None else state.led)


def refusal(state: PiedmontState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    hand = state.hands[seat]
    forced = state.forced
    if hand >> card & 1 and forced >= 0 and hand >> forced & 1:
        code = DECK.cards[forced].code
        return (
            f"you must play {code} now: your partner played the other of Good and Evil, "
            f"so {code} leaves play at once and has no effect (P4)"
        )
    return duty_refusal(DECK, TABLE, DUTIES, hand, card, state.led, play_mask(state, seat))


class Playing(TrickPlay[PiedmontState]):
    """P3 (follow, else trump, else anything; no overtrump), C4 (the Fool), P4 (Good and Evil).

    The hottest code of random play: fields are read through ``PiedmontFields`` (by position,
    compiled) and the new state is ``replaced`` in one step (see docs/performance.md)."""

    def __init__(self, allegiance: bool) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)
        self.allegiance = allegiance

    def rebuilt_with(self) -> tuple[object, ...]:
        return (self.allegiance,)

    def apply(self, state: PiedmontState, action: Action) -> PiedmontState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        card = card_of(action, self.own, PLAYS)
        if card < 0:
            return None
        s: PiedmontFields = state
        seat = s.actor
        if seat < -1:
            state = s = settled(state, 0)  # built by hand: seat and mask not worked out yet
            seat = s.actor
        bit = _BITS[card]
        if not s.legal & bit:
            return None
        return self.place(state, seat, card, _without(s.hands, seat, bit))

    def place(self, state: PiedmontState, seat: int, card: int, hands: tuple[int, ...]) -> PiedmontState:
        s: PiedmontFields = state
        led = s.led
        if led is None:
            led = _LEADS[card]
        trick = trick_with(s.trick, card)
        events = (self.play_events[seat][card], s.events)
        forced = s.forced
        if card == forced or len(trick) == PLAYERS or (self.allegiance and card in (GOOD, EVIL)):
            return self.placed(state, seat, card, hands, trick, led, events)
        actor = seat + 1 if seat < PLAYERS - 1 else 0
        legal = plays(hands[actor], forced, -1 if led is None else led)
        # The hottest line of random play: the changed fields by position, in one call.
        # fmt: off
        return replaced(
            state, I_HANDS, hands, I_TRICK, trick, I_LED, led, I_EVENTS, events,
            I_ACTOR, actor, I_LEGAL, legal,
        )
        # fmt: on

    def placed(
        self,
        state: PiedmontState,
        seat: int,
        card: int,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        led: int | None,
        events: EventLog,
    ) -> PiedmontState:
        """``place`` of a card that does more than join the trick: the forced card played dead,
        Good or Evil under Allegiance (a call, P4), or the trick's last card."""
        s: PiedmontFields = state
        forced = s.forced
        dead = s.dead
        calling = False
        if card == forced:
            forced, dead = -1, dead | _BITS[card]
        elif card in (GOOD, EVIL) and self.allegiance:
            caller = s.caller
            calling = caller < 0 or side_of(seat) != side_of(caller)  # P4: a first call, or an answer
        if calling:
            legal = FIRST_CALL_BITS if s.caller < 0 else ANSWER_BITS
            # fmt: off
            return replaced(
                state, I_PHASE, _CALL, I_PENDING, seat, I_HANDS, hands, I_TRICK, trick, I_LED, led,
                I_FORCED, forced, I_DEAD, dead, I_EVENTS, events, I_ACTOR, seat, I_LEGAL, legal,
            )
            # fmt: on
        if len(trick) == PLAYERS:
            return self.closed(state, hands, trick, led, forced, dead, events)
        actor = seat + 1 if seat < PLAYERS - 1 else 0
        legal = plays(hands[actor], forced, -1 if led is None else led)
        # fmt: off
        return replaced(
            state, I_HANDS, hands, I_TRICK, trick, I_LED, led, I_FORCED, forced, I_DEAD, dead,
            I_EVENTS, events, I_ACTOR, actor, I_LEGAL, legal,
        )
        # fmt: on

    def closed(
        self,
        state: PiedmontState,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        led: int | None,
        forced: int,
        dead: int,
        events: EventLog,
    ) -> PiedmontState:
        """The state after the complete ``trick`` (the rest of ``state``'s fields as they are): won,
        added to the tricks with its public note, and the winner to lead (or the hand over)."""
        s: PiedmontFields = state
        leader = s.leader
        winner = trick_winner(trick, leader, -1 if led is None else led, self.allegiance, dead)
        tricks, events = self.won(s.tricks, leader, trick, winner, events)
        done = len(tricks) == TRICKS
        # fmt: off
        return replaced(
            state, I_PHASE, _DONE if done else _PLAY, I_HANDS, hands, I_LEADER, winner, I_TRICK, (),
            I_LED, None, I_TRICKS, tricks, I_FORCED, forced, I_DEAD, dead, I_EVENTS, events,
            I_ACTOR, -1 if done else winner, I_LEGAL, 0 if done else plays(hands[winner], forced, -1),
        )
        # fmt: on

    def finish(self, state: PiedmontState) -> PiedmontState:
        """Finish the trick if it is complete (and no call is pending); the seat to act and its
        legal mask set either way."""
        if len(state.trick) < PLAYERS or state.phase == _CALL:
            return settled(state, 0)
        return self.closed(state, state.hands, state.trick, state.led, state.forced, state.dead, state.events)


_LAID_ASIDE: Final = tuple(
    Event(dealer, FaceDown(STOCK_SIZE), PUBLIC, f"has laid {STOCK_SIZE} cards aside face down (P2)")
    for dealer in range(PLAYERS)
)
"""The public note of each dealer's last discard, built once (an action's constructor checks its
fields: a quarter of the discards' time)."""


class Discarding:
    """P2: the dealer lays aside four cards, no Kings, Aces or Honours (nor Good or Evil
    under Allegiance); they score for his side at the end. Compiled, like card play: four
    decisions a hand, each a whole new state."""

    def __init__(self, not_discardable: int) -> None:
        self.not_discardable = not_discardable

    def __reduce__(self) -> tuple[type[Discarding], tuple[int]]:
        """Pickled as its constructor's argument (compiled, it has no instance dict)."""
        return (Discarding, (self.not_discardable,))

    def to_act(self, state: PiedmontState) -> int:
        return state.context.dealer

    def _mask(self, state: PiedmontState) -> int:
        return state.hands[state.context.dealer] & ~self.not_discardable

    def legal(self, state: PiedmontState) -> tuple[Action, ...]:
        return MENUS[0].select(self._mask(state))

    def apply(self, state: PiedmontState, action: Action) -> PiedmontState | None:
        card = card_of(action, _DISCARD_AT, DISCARDS)
        if card < 0:
            return None
        not_discardable = self.not_discardable
        s: PiedmontFields = state
        dealer = s.context.dealer
        bit = _BITS[card]
        if not s.hands[dealer] & ~not_discardable & bit:
            return None
        hands = _without(s.hands, dealer, bit)
        discard = s.discard | bit
        events: EventLog = (_ROW(_EVENT, dealer, action, only(dealer), "", 0), s.events)
        if discard.bit_count() == STOCK_SIZE:
            events = (_LAID_ASIDE[dealer], events)
            led = s.led
            phase, actor = _PLAY, (s.leader + len(s.trick)) % PLAYERS
            legal = plays(hands[actor], s.forced, -1 if led is None else led)
        else:
            phase, actor = _DISCARD, dealer
            legal = hands[dealer] & ~not_discardable
        # fmt: off
        return replaced(
            state, I_PHASE, phase, I_HANDS, hands, I_DISCARD, discard, I_EVENTS, events,
            I_ACTOR, actor, I_LEGAL, legal,
        )
        # fmt: on

    def refusal(self, state: PiedmontState, action: Action) -> str:
        if not isinstance(action, Discard):
            return f"the dealer ({SEAT_NAMES[state.context.dealer]}) must first discard 4 cards"
        card = action.card
        if not state.hands[state.context.dealer] >> card.index & 1 or DECK.cards[card.index] != card:
            return f"{card.code} is not in your hand"
        if GOOD_EVIL >> card.index & 1:
            return "Good and Evil may not be discarded under Allegiance (P2)"
        return "Kings, Aces and Honours (the Magician, the World, the Fool) may not be discarded (P2)"


class Calling:
    """P4 Allegiance: the first player of Good or Evil calls ``ours`` or ``yours``; an opponent
    who later plays the other card ``confirm``s or ``reverse``s the call. Compiled, and the new
    state built by position, as card play's is (a call or two a hand, each a whole new state)."""

    def __init__(self, playing: Playing) -> None:
        self.playing = playing

    def __reduce__(self) -> tuple[type[Calling], tuple[Playing]]:
        """Pickled as its constructor's argument (compiled, it has no instance dict)."""
        return (Calling, (self.playing,))

    def to_act(self, state: PiedmontState) -> int:
        return state.pending

    def legal(self, state: PiedmontState) -> tuple[Action, ...]:
        return FIRST_CALL if state.caller < 0 else ANSWER

    def apply(self, state: PiedmontState, action: Action) -> PiedmontState | None:
        if action not in self.legal(state):
            return None
        s: PiedmontFields = state
        seat = s.pending
        events: EventLog = (_ROW(_EVENT, seat, action, PUBLIC, "", 0), s.events)
        hands = s.hands
        trick = s.trick
        leader = s.leader
        caller = s.caller
        segments = s.segments
        forced = s.forced
        dead = s.dead
        if caller >= 0:
            if action == REVERSE:
                earth_air = 1 - segments[-1][1]
                segments = (*segments, (len(s.tricks), earth_air))
        else:
            played = trick[-1]
            good_for_caller = (played == GOOD) == (action == OURS)
            earth_air = side_of(seat) if good_for_caller else 1 - side_of(seat)
            caller, segments = seat, ((0, earth_air),)
            partner = (seat + 2) % PLAYERS
            other = EVIL if played == GOOD else GOOD
            if hands[partner] >> other & 1:
                position = (partner - leader) % PLAYERS
                if position >= len(trick):
                    forced = other  # he plays it dead at his turn
                else:  # he already played: the card comes back and the other goes dead in its place
                    returned = trick[position]
                    hands = _without(hands, partner, (1 << other) | (1 << returned))
                    cards = list(trick)
                    cards[position] = other
                    trick = tuple(cards)
                    dead |= 1 << other
                    note = (
                        f"takes back {DECK.cards[returned].code} and plays {DECK.cards[other].code} dead (P4)"
                    )
                    events = (_ROW(_EVENT, partner, None, PUBLIC, note, 0), events)
        led = s.led
        # as ``Playing.finish`` after ``settled``: the seat to play next, or the trick closed
        actor = (leader + len(trick)) % PLAYERS
        # fmt: off
        new = replaced(
            state, I_PHASE, _PLAY, I_HANDS, hands, I_TRICK, trick, I_CALLER, caller,
            I_SEGMENTS, segments, I_PENDING, -1, I_FORCED, forced, I_DEAD, dead, I_EVENTS, events,
            I_ACTOR, actor, I_LEGAL, plays(hands[actor], forced, -1 if led is None else led),
        )
        # fmt: on
        if len(trick) < PLAYERS:
            return new
        return self.playing.closed(new, hands, trick, led, forced, dead, events)

    def refusal(self, state: PiedmontState, action: Action) -> str:
        card = "Good" if state.trick[-1] == GOOD else "Evil"
        if state.caller < 0:
            return f"you played {card} first: call 'ours' or 'yours' (P4)"
        return f"you played {card} after the opponents' call: 'confirm' or 'reverse' it (P4)"
