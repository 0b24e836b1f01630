"""After the auction: the Declarers' discards (T5) and the round of declarations (T6)."""

from __future__ import annotations

from tarocchi.core.actions import Action, Call, Discard, FaceDown
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import PUBLIC, Event, EventLog, only
from tarocchi.games.taroux.actions import Show
from tarocchi.games.taroux.play import declarers
from tarocchi.games.taroux.rules import (
    DECK,
    DISCARDS_EACH,
    HONOURS,
    KINGS,
    MAGICIAN,
    PLAIN_DISCARDABLE,
    PLAYERS,
    SEAT_NAMES,
    TRUMP_CARDS,
    abundance,
    partner_of,
)
from tarocchi.games.taroux.state import Phase, TarouxState

DISCARDS = tuple(Discard(card) for card in DECK.cards)
SHOWS = tuple(Show(card) for card in DECK.cards)
SPARROW, SLAM, DONE = Call("sparrow"), Call("slam"), Call("done")
_DISCARDS_OF = MaskMap(DISCARDS)
_SHOWS_OF = MaskMap(SHOWS)
FACE_DOWN = "discards a card face down (T5)"
ONE_FACE_DOWN = FaceDown(1)
"""The public note of a face-down discard (the card itself only its player sees); the world
sampler finds these discards by it."""
_TRUMP_SHOWN = "had to discard a trump: it is shown to all (T5)"
MIN_ABUNDANCE = 6


def discarder(state: TarouxState) -> int:
    """T5: the bidding Declarer discards first, then his partner."""
    bidder = state.bidder
    if state.discards[bidder].bit_count() < DISCARDS_EACH:
        return bidder
    return partner_of(bidder)


def discard_mask(state: TarouxState, seat: int) -> int:
    """T5: never Kings or Honours; a trump only while fewer other discardable cards are held
    than cards still to discard."""
    hand = state.hands[seat]
    plain = hand & PLAIN_DISCARDABLE
    if plain.bit_count() < DISCARDS_EACH - state.discards[seat].bit_count():
        return plain | (hand & TRUMP_CARDS & ~HONOURS)
    return plain


class Discarding:
    """T5 We'll Take: three discards each, one card an action; discarded trumps are shown."""

    def to_act(self, state: TarouxState) -> int:
        return discarder(state)

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        return _DISCARDS_OF.select(discard_mask(state, discarder(state)))

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        if type(action) is not Discard:
            return None
        card = action.card.index
        seat = discarder(state)
        if not discard_mask(state, seat) >> card & 1 or DISCARDS[card] != action:
            return None
        bit = 1 << card
        hands = list(state.hands)
        hands[seat] ^= bit
        discards = list(state.discards)
        discards[seat] |= bit
        shown = state.shown_discards
        events: EventLog
        if bit & TRUMP_CARDS:
            shown |= bit
            events = (Event(seat, action, PUBLIC, _TRUMP_SHOWN), state.events)
        else:
            own = (Event(seat, action, only(seat)), state.events)
            events = (Event(seat, ONE_FACE_DOWN, PUBLIC, FACE_DOWN), own)
        done = discards[partner_of(state.bidder)].bit_count() == DISCARDS_EACH
        return state._replace(
            phase=Phase.DECLARE if done else Phase.DISCARD,
            hands=tuple(hands),
            discards=tuple(discards),
            shown_discards=shown,
            turn=state.bidder,
            declared=0,
            events=events,
        )

    def refusal(self, state: TarouxState, action: Action) -> str:
        seat = discarder(state)
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


def _trumps(state: TarouxState, seat: int) -> int:
    return state.hands[seat] & TRUMP_CARDS


class Declaring:
    """T6: one round from the bidding Declarer: Abundance (trumps shown one by one), the
    Sparrow (the Magician's holder), a Slam (a Declarer, once a hand); ``done`` ends the turn."""

    def to_act(self, state: TarouxState) -> int:
        return state.turn

    def legal(self, state: TarouxState) -> tuple[Action, ...]:
        seat = state.turn
        trumps = _trumps(state, seat)
        shown = state.shown[seat]
        legal: tuple[Action, ...] = ()
        if trumps.bit_count() >= MIN_ABUNDANCE:
            legal = _SHOWS_OF.select(trumps & ~shown)
        if state.sparrow < 0 and state.hands[seat] >> MAGICIAN & 1:
            legal += (SPARROW,)
        if state.slam < 0 and declarers(state.bidder) >> seat & 1:
            legal += (SLAM,)
        if not shown or shown.bit_count() >= MIN_ABUNDANCE:
            legal += (DONE,)
        return legal

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        if action not in self.legal(state):
            return None
        seat = state.turn
        events: EventLog = (Event(seat, action, PUBLIC), state.events)
        if type(action) is Show:
            shown = list(state.shown)
            shown[seat] |= 1 << action.card.index
            return state._replace(shown=tuple(shown), events=events)
        if action == SPARROW:
            return state._replace(sparrow=seat, events=events)
        if action == SLAM:
            return state._replace(slam=seat, events=events)
        count = state.shown[seat].bit_count()
        if count:
            points, name = abundance(count)
            note = f"shows a {name} Abundance of {count} trumps, {points} points (T6)"
            events = (Event(seat, None, PUBLIC, note), events)
        declared = state.declared + 1
        if declared == PLAYERS:
            bidder = state.bidder
            return state._replace(phase=Phase.PLAY, declared=declared, leader=bidder, events=events)
        return state._replace(declared=declared, turn=(seat + 1) % PLAYERS, events=events)

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
