"""Bargaining (S3), the Solo round (S4), the exchange (S4, S5), Prop (S5), Cop (S6), the rally (S7)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tarocchi.core.actions import Action, Call, Discard, FaceDown, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.core.positional import UNSETTLED, replaced
from tarocchi.games.sicilian.actions import PAY, THROW, Offer, Rally, Take
from tarocchi.games.sicilian.rally import discard_mask, rally_choices
from tarocchi.games.sicilian.rules import (
    COP_STRENGTH,
    COP_TURNS,
    DECK,
    OFFER_CAP,
    PLAYERS,
    PROP_STRENGTH,
    ROUND_TURNS,
    SEAT_NAMES,
    SHOWN_DISCARDS,
    STOCK_SIZE,
    STRONG,
    bargain_played,
    discard_shown,
    eldest_of,
    strength,
)
from tarocchi.games.sicilian.state import (
    I_ACTOR,
    I_DECLARER,
    I_DISCARD,
    I_DISCARDER,
    I_EVENTS,
    I_HANDS,
    I_HELD,
    I_LEADER,
    I_LED,
    I_MODE,
    I_OFFERS,
    I_PARTNER,
    I_PHASE,
    I_RALLIED,
    I_REVEALED,
    I_SHOWN_STOCK,
    I_SPEAKER,
    I_SPOKEN,
    I_STOCK,
    I_TAKEN,
    I_THROWN_IN,
    I_TRICK,
    Bargain,
    Mode,
    Phase,
    SicilianState,
    ThrownIn,
)

PLAYS = tuple(Play(card) for card in DECK.cards)
DISCARDS = tuple(Discard(card) for card in DECK.cards)
RALLIES = tuple(Rally(card) for card in DECK.cards)
SILENT, HOLD, SOLO, PROP, COP, PASS = (Call(w) for w in ("silent", "hold", "solo", "prop", "cop", "pass"))
WORDS = {call.word: call for call in (SILENT, HOLD, SOLO, PROP, COP, PASS)}
THROWS = tuple(Offer(THROW, n) for n in range(OFFER_CAP + 1))
PAYS = tuple(Offer(PAY, n) for n in range(OFFER_CAP + 1))
TAKES = tuple(Take(seat) for seat in range(PLAYERS))
_SPEAK = (SILENT, HOLD, *THROWS, *PAYS[1:])
_DISCARDS_OF = MaskMap(DISCARDS)
_MENUS: dict[tuple[int, ...], tuple[Action, ...]] = {}
"""The bargaining's menu for each order of open offers' seats, built once: a turn with an open
offer would otherwise copy the whole menu of offers."""


def _say(state: SicilianState, action: Action) -> EventLog:
    return (Event(state.speaker, action, PUBLIC), state.events)


def note(events: EventLog, seat: int | None, text: str, audience: int = PUBLIC) -> EventLog:
    return (Event(seat, None, audience, text), events)


def start_play(state: SicilianState, events: EventLog) -> SicilianState:
    """S8: the Declarer leads to the first trick."""
    return replaced(
        state, I_PHASE, Phase.PLAY, I_LEADER, state.declarer, I_TRICK, (), I_LED, None, I_EVENTS, events,
        I_ACTOR, UNSETTLED,
    )  # fmt: skip


class _Bargaining:
    """S3: one turn each from Eldest: silent, throw N, pay N, take an earlier open offer, hold."""

    def to_act(self, state: SicilianState) -> int:
        return state.speaker

    def legal(self, state: SicilianState) -> tuple[Action, ...]:
        open_seats = tuple(o.seat for o in state.offers if o.taker < 0)
        if not open_seats:
            return _SPEAK
        menu = _MENUS.get(open_seats)
        if menu is None:
            menu = _MENUS[open_seats] = (*(TAKES[seat] for seat in open_seats), *_SPEAK)
        return menu

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        seat = state.speaker
        offers, held = state.offers, state.held
        kind = type(action)
        if kind is Offer:
            assert isinstance(action, Offer)
            low = 0 if action.kind == THROW else 1
            if action.kind not in (THROW, PAY) or not low <= action.amount <= OFFER_CAP:
                return None
            offers = (*offers, Bargain(seat, action.kind, action.amount, -1))
        elif kind is Take:
            assert isinstance(action, Take)
            if TAKES[action.seat % PLAYERS] != action or action not in self.legal(state):
                return None
            offers = tuple(
                Bargain(o.seat, o.kind, o.amount, seat) if o.seat == action.seat else o for o in offers
            )
        elif action is HOLD or action == HOLD:
            held = True
        elif not (action is SILENT or action == SILENT):
            return None
        events = _say(state, action)
        spoken = state.spoken + 1
        if spoken < ROUND_TURNS:
            # the next turn, by position: as ``_replace``, the seat to act is left unsettled
            return replaced(
                state, I_SPEAKER, (seat + 1) % PLAYERS, I_SPOKEN, spoken, I_OFFERS, offers,
                I_HELD, held, I_EVENTS, events, I_ACTOR, UNSETTLED,
            )  # fmt: skip
        eldest = eldest_of(state.context.dealer)
        if not bargain_played(held, any(o.taker >= 0 for o in offers)):
            events = note(events, None, "the hand is thrown in: an offer was taken and nobody holds (S3)")
            return replaced(
                state, I_PHASE, Phase.DONE, I_OFFERS, offers, I_SPOKEN, spoken, I_THROWN_IN, ThrownIn.BARGAIN,
                I_EVENTS, events, I_ACTOR, UNSETTLED,
            )  # fmt: skip
        why = "somebody holds" if held else "no offer was taken"
        events = note(events, None, f"the hand is played: {why} (S3)")
        return replaced(
            state, I_PHASE, Phase.SOLO, I_SPEAKER, eldest, I_SPOKEN, 0, I_OFFERS, offers, I_HELD, held,
            I_EVENTS, events, I_ACTOR, UNSETTLED,
        )  # fmt: skip

    def refusal(self, state: SicilianState, action: Action) -> str:
        if isinstance(action, Offer):
            if action.kind not in (THROW, PAY):
                return f"an offer is 'throw N' or 'pay N' (S3), not '{action.kind}'"
            if action.kind == PAY and action.amount < 1:
                return f"you may offer to pay 1 to {OFFER_CAP} game points (S3), not {action.amount}"
            if action.amount < 0:
                return f"you may throw for 0 to {OFFER_CAP} game points (S3), not {action.amount}"
            return f"offers are capped at {OFFER_CAP} game points (S3), not {action.amount}"
        if isinstance(action, Take):
            seat = action.seat
            if not 0 <= seat < PLAYERS:
                return f"seats are 0..{PLAYERS - 1}; take names the seat of the offer you take (S3)"
            made = [o for o in state.offers if o.seat == seat]
            if seat == state.speaker:
                return "you cannot take your own offer (S3)"
            if not made:
                return f"{SEAT_NAMES[seat]} has made no offer to take (S3: only an earlier speaker's offer)"
            return f"{SEAT_NAMES[seat]}'s offer was already taken by {SEAT_NAMES[made[0].taker]} (S3)"
        return (
            f"it is {SEAT_NAMES[state.speaker]}'s turn to bargain (S3): "
            "silent, hold, throw N, pay N or take S"
        )


class _Round(ABC):
    """S4, S5, S6: one call each, in turn; the first bid ends the round."""

    bid: Call
    rounds: int = ROUND_TURNS
    threshold: int = 0
    ruling: str = ""

    def may_bid(self, state: SicilianState) -> bool:
        return strength(state.hands[state.speaker]) >= self.threshold

    def to_act(self, state: SicilianState) -> int:
        return state.speaker

    def legal(self, state: SicilianState) -> tuple[Action, ...]:
        return (self.bid, PASS) if self.may_bid(state) else (PASS,)

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        if action == self.bid and self.may_bid(state):
            return self.bid_made(state, _say(state, self.bid))
        if action != PASS:
            return None
        events = _say(state, PASS)
        spoken = state.spoken + 1
        if spoken == self.rounds:
            return self.all_passed(replaced(state, I_SPOKEN, spoken, I_ACTOR, UNSETTLED), events)
        return replaced(
            state, I_SPEAKER, (state.speaker + 1) % PLAYERS, I_SPOKEN, spoken, I_EVENTS, events,
            I_ACTOR, UNSETTLED,
        )  # fmt: skip

    @abstractmethod
    def bid_made(self, state: SicilianState, events: EventLog) -> SicilianState:
        """The state after the first bid of the round."""

    @abstractmethod
    def all_passed(self, state: SicilianState, events: EventLog) -> SicilianState:
        """The state when everyone has passed."""

    def refusal(self, state: SicilianState, action: Action) -> str:
        seat = SEAT_NAMES[state.speaker]
        if action == self.bid:
            return (
                f"{self.bid.word} needs cards worth 5 or 10 totalling at least {self.threshold}; "
                f"{seat} has {strength(state.hands[state.speaker])} ({self.ruling})"
            )
        return f"it is {seat}'s turn to call {self.bid.word} or pass ({self.ruling})"


class _Solo(_Round):
    bid = SOLO
    ruling = "S4"

    def bid_made(self, state: SicilianState, events: EventLog) -> SicilianState:
        seat = state.speaker
        hands = list(state.hands)
        hands[seat] |= state.stock
        events = note(events, seat, f"shows the stock, {DECK.codes(state.stock)}, and takes it (S4)")
        return replaced(
            state, I_PHASE, Phase.EXCHANGE, I_HANDS, tuple(hands), I_STOCK, 0, I_SHOWN_STOCK, state.stock,
            I_DECLARER, seat, I_MODE, Mode.SOLO, I_DISCARDER, seat, I_EVENTS, events, I_ACTOR, UNSETTLED,
        )  # fmt: skip

    def all_passed(self, state: SicilianState, events: EventLog) -> SicilianState:
        dealer = state.context.dealer
        hands = list(state.hands)
        hands[dealer] |= state.stock
        events = note(events, dealer, f"takes the stock, {DECK.codes(state.stock)} (S5)", only(dealer))
        events = note(events, dealer, "takes the stock unseen: nobody said Solo (S5)")
        return replaced(
            state, I_PHASE, Phase.EXCHANGE, I_HANDS, tuple(hands), I_STOCK, 0, I_DISCARDER, dealer,
            I_EVENTS, events, I_TAKEN, state.stock, I_ACTOR, UNSETTLED,
        )  # fmt: skip


class _Prop(_Round):
    bid = PROP
    threshold = PROP_STRENGTH
    ruling = "S5"

    def bid_made(self, state: SicilianState, events: EventLog) -> SicilianState:
        seat = state.speaker
        return replaced(
            state, I_PHASE, Phase.COP, I_DECLARER, seat, I_SPEAKER, (seat + 1) % PLAYERS, I_SPOKEN, 0,
            I_EVENTS, events, I_ACTOR, UNSETTLED,
        )  # fmt: skip

    def all_passed(self, state: SicilianState, events: EventLog) -> SicilianState:
        events = note(events, None, "the hand is thrown in: nobody props (S5)")
        return replaced(
            state, I_PHASE, Phase.DONE, I_THROWN_IN, ThrownIn.NO_PROP, I_EVENTS, events, I_ACTOR, UNSETTLED
        )


class _Cop(_Round):
    bid = COP
    rounds = COP_TURNS
    threshold = COP_STRENGTH
    ruling = "S6"

    def bid_made(self, state: SicilianState, events: EventLog) -> SicilianState:
        state = replaced(state, I_MODE, Mode.COP, I_PARTNER, state.speaker, I_REVEALED, True)
        return start_play(state, events)

    def all_passed(self, state: SicilianState, events: EventLog) -> SicilianState:
        if not RALLYING.legal(state):
            events = note(events, state.declarer, "holds all sixteen courts: no rally, he plays alone (S7)")
            return start_play(replaced(state, I_MODE, Mode.ALONE), events)
        return replaced(state, I_PHASE, Phase.RALLY, I_EVENTS, events, I_ACTOR, UNSETTLED)


class _Exchanging:
    """S4, S5: three discards, never a card worth 5 or more; a trump only when unavoidable, shown."""

    def _mask(self, state: SicilianState) -> int:
        return discard_mask(state.hands[state.discarder], STOCK_SIZE - state.discard.bit_count())

    def to_act(self, state: SicilianState) -> int:
        return state.discarder

    def legal(self, state: SicilianState) -> tuple[Action, ...]:
        return _DISCARDS_OF.select(self._mask(state))

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        if type(action) is not Discard:
            return None
        card = action.card.index
        if not self._mask(state) >> card & 1 or DISCARDS[card] != action:
            return None
        seat = state.discarder
        bit = 1 << card
        hands = list(state.hands)
        hands[seat] ^= bit
        discard = state.discard | bit
        shown = discard_shown(card)
        events: EventLog = (Event(seat, action, PUBLIC if shown else only(seat)), state.events)
        if shown:
            events = note(events, seat, "must discard a trump, shown to all (S4)")
        state = replaced(
            state, I_HANDS, tuple(hands), I_DISCARD, discard, I_EVENTS, events, I_ACTOR, UNSETTLED
        )
        if discard.bit_count() < STOCK_SIZE:
            return state
        unseen = (discard & ~SHOWN_DISCARDS).bit_count()
        laid = f"has laid {STOCK_SIZE} cards aside"
        events = (Event(seat, FaceDown(unseen), PUBLIC, laid), events) if unseen else note(events, seat, laid)
        if state.mode is Mode.SOLO:
            return start_play(state, events)
        eldest = eldest_of(state.context.dealer)
        return replaced(
            state, I_PHASE, Phase.PROP, I_SPEAKER, eldest, I_SPOKEN, 0, I_EVENTS, events, I_ACTOR, UNSETTLED
        )

    def refusal(self, state: SicilianState, action: Action) -> str:
        seat = state.discarder
        if not isinstance(action, Discard):
            return f"{SEAT_NAMES[seat]} must first discard {STOCK_SIZE} cards (S4, S5)"
        card = action.card
        if DECK.cards[card.index] != card or not state.hands[seat] >> card.index & 1:
            return f"{card.code} is not in your hand"
        if STRONG >> card.index & 1:
            return f"{card.code} is worth 5 or more: it may never be discarded (S4)"
        allowed = DECK.codes(self._mask(state))
        return f"a trump may be discarded only when unavoidable: discard {allowed} first (S4)"


class _Rallying:
    """S7: the Declarer names the card of his hidden partner; only the legal choices are offered."""

    def to_act(self, state: SicilianState) -> int:
        return state.declarer

    def legal(self, state: SicilianState) -> tuple[Action, ...]:
        return tuple(RALLIES[card] for card in rally_choices(held_by_declarer(state))[0])

    def apply(self, state: SicilianState, action: Action) -> SicilianState | None:
        if type(action) is not Rally or action not in self.legal(state):
            return None
        card = action.card.index
        holder = next((seat for seat in range(PLAYERS) if state.hands[seat] >> card & 1), -1)
        state = replaced(state, I_MODE, Mode.RALLY, I_RALLIED, card, I_PARTNER, holder)
        return start_play(state, (Event(state.declarer, action, PUBLIC), state.events))

    def refusal(self, state: SicilianState, action: Action) -> str:
        choices, step = rally_choices(held_by_declarer(state))
        allowed = " or ".join(f"rally {DECK.cards[c].code}" for c in choices)
        return f"{SEAT_NAMES[state.declarer]} must rally now: {allowed} (S7: {step})"


def held_by_declarer(state: SicilianState) -> int:
    """S7 finer point: the Declarer's own discard counts as held."""
    held = state.hands[state.declarer]
    if state.discarder == state.declarer:
        held |= state.discard
    return held


BARGAINING = _Bargaining()
SOLOING = _Solo()
EXCHANGING = _Exchanging()
PROPPING = _Prop()
COPPING = _Cop()
RALLYING = _Rallying()
