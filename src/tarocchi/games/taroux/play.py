"""Trick play's phase handler: what may be played (T7, C4: ``rules.plays``) and who wins (C3,
T9: ``core.tricks.best_position``, ``rules.fool_takes_last``)."""

from __future__ import annotations

from typing import Any, Final

from tarocchi.core.actions import Action, Play
from tarocchi.core.events import EventLog
from tarocchi.core.positional import replaced
from tarocchi.core.trickplay import TrickPlay, card_of, trick_with
from tarocchi.core.tricks import TRUMP, TRUMPED, best_position, best_standing, duty_refusal
from tarocchi.games.taroux.rules import (
    DECK,
    DUTIES,
    FOOL,
    PLAYERS,
    SEAT_NAMES,
    TABLE,
    TRICKS,
    declarers,
    fool_takes_last,
    plays,
)
from tarocchi.games.taroux.state import (
    I_ACTOR,
    I_EVENTS,
    I_HANDS,
    I_LEADER,
    I_LED,
    I_LEGAL,
    I_PHASE,
    I_TRICK,
    I_TRICKS,
    Phase,
    TarouxFields,
    TarouxState,
)

PLAYS: Final = tuple(Play(card) for card in DECK.cards)
# The hot path's tables, Final so that compiled code reads them from C statics, not through the
# module's dict (nor through ``TABLE``'s and ``DUTIES``' attributes, a frozen dataclass's each).
_SUIT_OF: Final = TABLE.suit_of
_POWER: Final = TABLE.power
_LEADS: Final = TABLE.leads
_BITS: Final = tuple(1 << card for card in range(DECK.size))
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE
assert PLAYERS == 6, "the hot path rebuilds six hands and tricks of up to six cards"


def _without(hands: tuple[int, ...], seat: int, bit: int) -> tuple[int, ...]:
    """``hands`` with ``bit`` taken out of ``seat``'s (six hands, built at once)."""
    h: tuple[Any, ...] = hands  # the other five as objects: compiled, not unboxed and boxed
    if seat == 0:
        return (hands[0] ^ bit, h[1], h[2], h[3], h[4], h[5])
    if seat == 1:
        return (h[0], hands[1] ^ bit, h[2], h[3], h[4], h[5])
    if seat == 2:
        return (h[0], h[1], hands[2] ^ bit, h[3], h[4], h[5])
    if seat == 3:
        return (h[0], h[1], h[2], hands[3] ^ bit, h[4], h[5])
    if seat == 4:
        return (h[0], h[1], h[2], h[3], hands[4] ^ bit, h[5])
    return (h[0], h[1], h[2], h[3], h[4], hands[5] ^ bit)


def hand_mask(hand: int, led: int | None, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (``rules.plays``), its suit to follow
    ``led`` (None: none set)."""
    if led is None:
        return hand
    return plays(hand, led, best_standing(trick, led, _SUIT_OF, _POWER))


def play_mask(state: TarouxState, seat: int) -> int:
    """The cards ``seat`` may play now (T7: follow, else trump, always beat a trump if able)."""
    return hand_mask(state.hands[seat], state.led, state.trick)


def trick_winner(state: TarouxFields, cards: tuple[int, ...], led: int | None) -> int:
    """The seat that wins a complete trick: C3, the best card (``best_position``), unless the
    Fool takes the twelfth (T9, ``rules.fool_takes_last``)."""
    leader = state.leader
    if FOOL in cards:
        seat = (leader + cards.index(FOOL)) % PLAYERS
        side = declarers(state.bidder)
        mine = side >> seat & 1
        won = 0
        for done in state.tricks:
            if side >> done.winner & 1 == mine:
                won += 1
        if fool_takes_last(len(state.tricks), won):
            return seat
    pos = best_position(cards, -1 if led is None else led, _SUIT_OF, _POWER, 0)
    if pos < 0:
        raise AssertionError(f"no card can win the trick of card indices {cards}")
    return (leader + pos) % PLAYERS


def refusal(state: TarouxState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    hand = state.hands[seat]
    led = state.led
    allowed = play_mask(state, seat)
    top = best_standing(state.trick, -1 if led is None else led, _SUIT_OF, _POWER) - TRUMPED
    following = led is not None and led != TRUMP and hand & TABLE.suit_masks[led]
    if hand >> card & 1 and not following and top >= 0 and _SUIT_OF[card] == TRUMP and _POWER[card] < top:
        codes = DECK.codes(allowed)
        return f"trump {top} is in the trick and you can beat it: you must overtrump ({codes}) (T7)"
    return duty_refusal(DECK, TABLE, DUTIES, hand, card, led, allowed)


class Playing(TrickPlay[TarouxState]):
    """T7 (follow, else trump; beat a trump in the trick if able), C4 (the Fool), T9."""

    def __init__(self) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)

    def apply(self, state: TarouxState, action: Action) -> TarouxState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        s: TarouxFields = state
        seat = s.actor
        if seat < -1:
            return super().apply(state, action)  # the first card, or a state built by hand
        card = card_of(action, self.own, PLAYS)
        if card < 0:
            return None
        bit = _BITS[card]
        if not s.legal & bit:
            return None
        return self.place(state, seat, card, _without(s.hands, seat, bit))

    def place(self, state: TarouxState, seat: int, card: int, hands: tuple[int, ...]) -> TarouxState:
        s: TarouxFields = state
        led = s.led
        if led is None:
            led = _LEADS[card]
        trick = trick_with(s.trick, card)
        events: EventLog = (self.play_events[seat][card], s.events)
        if len(trick) == PLAYERS:
            return self.finish(state, hands, trick, led, events)
        nxt = seat + 1 if seat < PLAYERS - 1 else 0
        # The hottest line of random play: the changed fields by position, in one call.
        # fmt: off
        new: TarouxState = replaced(
            state, I_HANDS, hands, I_TRICK, trick, I_LED, led, I_EVENTS, events,
            I_ACTOR, nxt, I_LEGAL, hand_mask(hands[nxt], led, trick),
        )
        # fmt: on
        return new

    def finish(
        self,
        state: TarouxState,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        led: int | None,
        events: EventLog,
    ) -> TarouxState:
        """The complete trick goes to its winner, who leads the next."""
        s: TarouxFields = state
        winner = trick_winner(s, trick, led)
        tricks, events = self.won(s.tricks, s.leader, trick, winner, events)
        done = len(tricks) == TRICKS
        # the winner leads the next trick (any card, C3), or nobody acts once the last is won
        # fmt: off
        new: TarouxState = replaced(
            state, I_PHASE, _DONE if done else _PLAY, I_HANDS, hands, I_LEADER, winner, I_TRICK, (),
            I_LED, None, I_TRICKS, tricks, I_EVENTS, events,
            I_ACTOR, -1 if done else winner, I_LEGAL, 0 if done else hands[winner],
        )
        # fmt: on
        return new
