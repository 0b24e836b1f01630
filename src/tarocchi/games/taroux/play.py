"""Trick play: what may be played (T7, C4) and who wins (C3, T9)."""

from __future__ import annotations

from typing import Final

from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.events import EventLog
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import TRUMP, duty_refusal, legal_plays, winning_seat
from tarocchi.games.taroux.rules import DECK, DUTIES, FOOL, PLAYERS, SEAT_NAMES, TABLE, TRICKS, partner_of
from tarocchi.games.taroux.state import Phase, TarouxState

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
assert TarouxState._fields[_TRICK:] == ("trick", "led", "tricks", "events", "actor", "legal")


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


def trick_winner(state: TarouxState, cards: tuple[int, ...], led: int | None) -> int:
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
        if state.actor < -1:
            return super().apply(state, action)  # the first card, or a state built by hand
        if type(action) is not Play:
            return None
        card = action.card.index
        if not state.legal >> card & 1:
            return None
        play = PLAYS[card]
        if play is not action and play != action:
            return None  # a card of another pack
        seat = state.actor
        hands = state.hands
        return self.place(state, seat, card, (*hands[:seat], hands[seat] ^ (1 << card), *hands[seat + 1 :]))

    def place(self, state: TarouxState, seat: int, card: int, hands: tuple[int, ...]) -> TarouxState:
        led = state.led
        if led is None:
            led = _LEADS[card]
        trick = (*state.trick, card)
        events: EventLog = (self.play_events[seat][card], state.events)
        if len(trick) == PLAYERS:
            return self.finish(state, hands, trick, led, events)
        nxt = seat + 1 if seat < PLAYERS - 1 else 0
        # The hottest line of random play: build the new state positionally, not with _replace.
        return _NEW(
            TarouxState,
            (
                *state[:_HANDS],
                hands,
                *state[_HANDS + 1 : _TRICK],
                trick,
                led,
                state.tricks,
                events,
                nxt,
                legal_plays(DUTIES, TABLE, hands[nxt], led, best_trump(trick)),
            ),
        )

    def finish(
        self,
        state: TarouxState,
        hands: tuple[int, ...],
        trick: tuple[int, ...],
        led: int | None,
        events: EventLog,
    ) -> TarouxState:
        """The complete trick goes to its winner, who leads the next."""
        winner = trick_winner(state, trick, led)
        tricks, events = self.won(state.tricks, state.leader, trick, winner, events)
        done = len(tricks) == TRICKS
        return _NEW(
            TarouxState,
            (
                _DONE if done else _PLAY,
                *state[1:_HANDS],
                hands,
                *state[_HANDS + 1 : _TRICK - 1],
                winner,
                (),
                None,
                tricks,
                events,
                -1 if done else winner,
                0 if done else hands[winner],  # any card leads
            ),
        )
