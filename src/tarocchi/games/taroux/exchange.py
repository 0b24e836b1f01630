"""After the auction: the Declarers' discards (T5) and the round of declarations (T6)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action, Call, Discard, FaceDown
from tarocchi.core.cards import MaskMap, Positions
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.core.positional import replaced
from tarocchi.core.trickplay import card_of
from tarocchi.games.taroux.actions import Show
from tarocchi.games.taroux.rules import (
    DECK,
    DISCARDS_EACH,
    HONOURS,
    KINGS,
    MIN_ABUNDANCE,
    PLAYERS,
    SEAT_NAMES,
    TRUMP_CARDS,
    abundance,
    partner_of,
)
from tarocchi.games.taroux.state import (
    I_DECLARED,
    I_DISCARDS,
    I_EVENTS,
    I_HANDS,
    I_LEADER,
    I_PHASE,
    I_SHOWN,
    I_SHOWN_DISCARDS,
    I_SLAM,
    I_SPARROW,
    I_TURN,
    Phase,
    TarouxFields,
    TarouxState,
)
from tarocchi.games.taroux.turns import (
    SLAM_AT,
    SPARROW_AT,
    declare_legal,
    discard_legal,
    discarder,
    settle,
    settled,
)

DISCARDS = tuple(Discard(card) for card in DECK.cards)
SHOWS = tuple(Show(card) for card in DECK.cards)
SPARROW, SLAM, DONE = Call("sparrow"), Call("slam"), Call("done")
DECLARE_MENU: Final = (*SHOWS, SPARROW, SLAM, DONE)
"""The declarations, bit ``i`` of their legal mask selecting item ``i`` (``turns``)."""
_DECLARE_AT: Final = Positions(DECLARE_MENU)
_DISCARDS_AT: Final = Positions(DISCARDS)
_DISCARDS_OF = MaskMap(DISCARDS)
_DECLARE_OF = MaskMap(DECLARE_MENU)
FACE_DOWN = "discards a card face down (T5)"
ONE_FACE_DOWN = FaceDown(1)
"""The public note of a face-down discard (the card itself only its player sees); the world
sampler finds these discards by it."""
_TRUMP_SHOWN = "had to discard a trump: it is shown to all (T5)"
_EVENT: Final = Event
_DECLARED: Final = tuple(
    tuple(Event(seat, action, PUBLIC) for action in DECLARE_MENU) for seat in range(PLAYERS)
)
"""Each seat's public event of each declaration: one shared event each."""
_SIZE: Final = DECK.size
_PLAY_PHASE: Final = Phase.PLAY
_DECLARE_PHASE: Final = Phase.DECLARE
_DISCARD_PHASE: Final = Phase.DISCARD


def discard_mask(state: TarouxState, seat: int) -> int:
    """T5: the cards ``seat`` may discard now (``turns.discard_legal``)."""
    s: TarouxFields = state
    return discard_legal(s.hands[seat], s.discards[seat])


class Discarding:
    """T5 We'll Take: three discards each, one card an action; discarded trumps are shown."""

    def to_act(self, state: TarouxState) -> int:
        s: TarouxFields = state
        return discarder(s.bidder, s.discards)

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        return _DISCARDS_OF.select(discard_mask(state, self.to_act(state)))

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        card = card_of(action, _DISCARDS_AT, DISCARDS)
        if card < 0:
            return None
        s: TarouxFields = settled(state)
        seat = s.actor
        if not s.legal >> card & 1:
            return None
        bit = 1 << card
        hands = list(s.hands)
        hands[seat] ^= bit
        discards = list(s.discards)
        discards[seat] |= bit
        shown = s.shown_discards
        events: EventLog
        if bit & TRUMP_CARDS:
            shown |= bit
            events = (Event(seat, action, PUBLIC, _TRUMP_SHOWN), s.events)
        else:
            own = (Event(seat, action, only(seat)), s.events)
            events = (Event(seat, ONE_FACE_DOWN, PUBLIC, FACE_DOWN), own)
        done = discards[partner_of(s.bidder)].bit_count() == DISCARDS_EACH
        # fmt: off
        return settle(replaced(
            state, I_PHASE, _DECLARE_PHASE if done else _DISCARD_PHASE, I_HANDS, tuple(hands),
            I_DISCARDS, tuple(discards), I_SHOWN_DISCARDS, shown, I_TURN, s.bidder, I_DECLARED, 0,
            I_EVENTS, events,
        ))
        # fmt: on

    def refusal(self, state: TarouxState, action: Action) -> str:
        seat = self.to_act(state)
        if not isinstance(action, Discard):
            return f"{SEAT_NAMES[seat]} must first discard {DISCARDS_EACH} cards (T5)"
        card = action.card.index
        if not state.hands[seat] >> card & 1 or DECK.cards[card] != action.card:
            return f"{action.card.code} is not in your hand"
        if (1 << card) & (KINGS | HONOURS):
            return "Kings and Honours (the Magician, the World, the Fool) are never discarded (T5)"
        return (
            "a trump may be discarded only when you hold fewer other discardable cards "
            "than you still have to discard (T5)"
        )


class Declaring:
    """T6: one round from the bidding Declarer: Abundance (trumps shown one by one), the
    Sparrow (the Magician's holder), a Slam (a Declarer, once a hand); ``done`` ends the turn."""

    def to_act(self, state: TarouxState) -> int:
        return state.turn

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        s: TarouxFields = state
        seat = s.turn
        return _DECLARE_OF.select(
            declare_legal(s.hands[seat], s.shown[seat], s.sparrow, s.slam, s.bidder, seat)
        )

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        s: TarouxFields = settled(state)
        at = _DECLARE_AT.index(action)  # a Show's card index, or the calls after the pack's cards
        if at < 0 or not s.legal >> at & 1:
            return None
        seat = s.turn
        event = _DECLARED[seat][at]
        if event[1] is not action:  # an equal action of the caller's own
            event = _EVENT(seat, action, PUBLIC)
        events: EventLog = (event, s.events)
        if at < _SIZE:
            shown = list(s.shown)
            shown[seat] |= 1 << at
            return settle(replaced(state, I_SHOWN, tuple(shown), I_EVENTS, events))
        if at == SPARROW_AT:
            return settle(replaced(state, I_SPARROW, seat, I_EVENTS, events))
        if at == SLAM_AT:
            return settle(replaced(state, I_SLAM, seat, I_EVENTS, events))
        count = s.shown[seat].bit_count()
        if count:
            points, name = abundance(count)
            note = f"shows a {name} Abundance of {count} trumps, {points} points (T6)"
            events = (Event(seat, None, PUBLIC, note), events)
        declared = s.declared + 1
        if declared == PLAYERS:
            # fmt: off
            return settle(replaced(
                state, I_DECLARED, declared, I_PHASE, _PLAY_PHASE, I_LEADER, s.bidder, I_EVENTS, events,
            ))
            # fmt: on
        return settle(replaced(state, I_DECLARED, declared, I_TURN, (seat + 1) % PLAYERS, I_EVENTS, events))

    def refusal(self, state: TarouxState, action: Action) -> str:
        seat = state.turn
        name = SEAT_NAMES[seat]
        if isinstance(action, Show):
            card = action.card.index
            if not state.hands[seat] >> card & 1 or DECK.cards[card] != action.card:
                return f"{action.card.code} is not in your hand"
            if not (1 << card) & TRUMP_CARDS:
                return "an Abundance shows trumps 1..21 only; the Fool does not count (T6)"
            if state.shown[seat] >> card & 1:
                return f"{action.card.code} is already shown"
            return f"an Abundance needs at least {MIN_ABUNDANCE} trumps in hand (T6)"
        if action == SPARROW:
            if state.sparrow >= 0:
                return "the Sparrow is already announced (T6)"
            return "only the holder of the Magician may announce the Sparrow (T6)"
        if action == SLAM:
            if state.slam >= 0:
                return "a Slam is already announced: one per hand (T6)"
            return "only a Declarer may announce a Slam (T6)"
        if action == DONE:
            return f"an Abundance shows at least {MIN_ABUNDANCE} trumps: show more before 'done' (T6)"
        return f"it is {name}'s turn to declare: show trumps, sparrow, slam, or done (T6)"
