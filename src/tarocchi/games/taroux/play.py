"""Trick play: what may be played (T7, C4) and who wins (C3, T9)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import EventLog
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import TRUMP, duty_refusal, legal_plays, winning_seat
from tarocchi.games.taroux.rules import DECK, DUTIES, FOOL, PLAYERS, SEAT_NAMES, TABLE, TRICKS, partner_of
from tarocchi.games.taroux.state import Phase, TarouxFields, TarouxState

PLAYS: Final = tuple(Play(card) for card in DECK.cards)
MENUS = tuple(MaskMap(PLAYS if phase == Phase.PLAY else ()) for phase in Phase)
"""Each phase's actions selected by a state's ``legal`` mask: only trick play keeps one."""
_SUIT_OF: Final = TABLE.suit_of
_POWER: Final = TABLE.power
_LEADS: Final = TABLE.leads
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE
_NEW: Final = tuple.__new__
_HANDS: Final = TarouxState._fields.index("hands")
_TRICK: Final = TarouxState._fields.index("trick")
_PHASE: Final = 0
_LEADER: Final = _TRICK - 1
_LED: Final = _TRICK + 1
_TRICKS: Final = _TRICK + 2
_EVENTS: Final = _TRICK + 3
_ACTOR: Final = _TRICK + 4
_LEGAL: Final = _TRICK + 5
assert TarouxState._fields[0] == "phase"
assert TarouxState._fields[_LEADER:] == ("leader", "trick", "led", "tricks", "events", "actor", "legal")


def best_trump(trick: tuple[int, ...]) -> int:
    """Strength of the highest trump in ``trick`` (-1: none)."""
    best = -1
    for card in trick:
        if _SUIT_OF[card] == TRUMP and _POWER[card] > best:
            best = _POWER[card]
    return best


def play_mask(state: TarouxState, seat: int) -> int:
    """The cards ``seat`` may play now (T7: follow, else trump, always beat a trump if able)."""
    return legal_plays(DUTIES, TABLE, state.hands[seat], state.led, best_trump(state.trick))


def declarers(bidder: int) -> int:
    """Mask of the seats of the bidding Declarer's partnership."""
    return (1 << bidder) | (1 << partner_of(bidder))


def trick_winner(state: TarouxFields, cards: tuple[int, ...], led: int | None) -> int:
    """The seat that wins a complete trick.

    C3: highest trump, else highest card of the suit led; the Fool never wins, except T9: at the
    twelfth trick, a Fool played by a player whose side (Declarers or Defenders) won the eleven
    tricks before wins it.
    """
    leader = state.leader
    if len(state.tricks) == TRICKS - 1 and FOOL in cards:
        seat = (leader + cards.index(FOOL)) % PLAYERS
        side = declarers(state.bidder)
        mine = bool(side >> seat & 1)
        if all(bool(side >> t.winner & 1) == mine for t in state.tricks):
            return seat
    return winning_seat(TABLE, cards, leader, led, PLAYERS)


def refusal(state: TarouxState, seat: int, card: int) -> str:
    """Why ``card`` may not be played by ``seat`` now (the card is known to be refused)."""
    hand = state.hands[seat]
    led = state.led
    allowed = play_mask(state, seat)
    top = best_trump(state.trick)
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
        if type(action) is not Play:
            return None
        card = action.card.index
        if not s.legal >> card & 1:
            return None
        play = PLAYS[card]
        if play is not action and play != action:
            return None  # a card of another pack
        hands = list(s.hands)
        hands[seat] ^= 1 << card
        return self.place(state, seat, card, tuple(hands))

    def place(self, state: TarouxState, seat: int, card: int, hands: tuple[int, ...]) -> TarouxState:
        s: TarouxFields = state
        led = s.led
        if led is None:
            led = _LEADS[card]
        trick = (*s.trick, card)
        events: EventLog = (self.play_events[seat][card], s.events)
        if len(trick) == PLAYERS:
            return self.finish(state, hands, trick, led, events)
        nxt = seat + 1 if seat < PLAYERS - 1 else 0
        # The hottest line of random play: the new state by position, not with _replace.
        fields: list[object] = list(s)
        fields[_HANDS] = hands
        fields[_TRICK] = trick
        fields[_LED] = led
        fields[_EVENTS] = events
        fields[_ACTOR] = nxt
        fields[_LEGAL] = legal_plays(DUTIES, TABLE, hands[nxt], led, best_trump(trick))
        new: TarouxState = _NEW(TarouxState, fields)
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
        fields: list[object] = list(s)
        fields[_PHASE] = _DONE if done else _PLAY
        fields[_HANDS] = hands
        fields[_LEADER] = winner
        fields[_TRICK] = ()
        fields[_LED] = None
        fields[_TRICKS] = tricks
        fields[_EVENTS] = events
        fields[_ACTOR] = -1 if done else winner
        fields[_LEGAL] = 0 if done else hands[winner]  # any card leads
        new: TarouxState = _NEW(TarouxState, fields)
        return new
