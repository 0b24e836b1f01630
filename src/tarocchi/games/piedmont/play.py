"""Trick play: what may be played (P3, C4, P4's forced card), who wins (C3, P3, P4), and the
phase handler that plays the cards (compiled by mypyc where it can be: the hot path)."""

from __future__ import annotations

from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import MaskMap
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import duty_refusal, legal_plays, winning_position, winning_seat
from tarocchi.games.piedmont.rules import DECK, DUTIES, GOOD_EVIL, PLAYERS, SEAT_NAMES, TABLE, TRICKS, side_of
from tarocchi.games.piedmont.state import Phase, PiedmontState

PLAYS = tuple(Play(card) for card in DECK.cards)
DISCARDS = tuple(Discard(card) for card in DECK.cards)
OURS, YOURS, CONFIRM, REVERSE = (Call(w) for w in ("ours", "yours", "confirm", "reverse"))
CALL_MENU = (OURS, YOURS, CONFIRM, REVERSE)
FIRST_CALL_BITS = 0b0011
"""P4: the first player of Good or Evil calls ``ours`` or ``yours``..."""
ANSWER_BITS = 0b1100
"""... an opponent who plays the other card ``confirm``s or ``reverse``s the call."""
MENUS = (MaskMap(DISCARDS), MaskMap(PLAYS), MaskMap(CALL_MENU), MaskMap(()))
"""Each phase's actions, which a state's ``legal`` mask selects (phases DISCARD, PLAY, CALL, DONE)."""
_LEADS = TABLE.leads
_DISCARD, _PLAY, _CALL, _DONE = Phase.DISCARD, Phase.PLAY, Phase.CALL, Phase.DONE
_NEW = tuple.__new__
assert len(PiedmontState._fields) == 16, "Playing builds the state by position"
assert PiedmontState._fields[-2:] == ("actor", "legal")


def hand_mask(hand: int, forced: int, led: int | None) -> int:
    """The cards of ``hand`` that may be played: P4's forced card, else P3 and C4."""
    if forced >= 0 and hand >> forced & 1:
        return 1 << forced
    return legal_plays(DUTIES, TABLE, hand, led)


def settled(state: PiedmontState, not_discardable: int) -> PiedmontState:
    """``state`` with its seat to act and legal mask worked out from the rest (after the rarer
    transitions: discards, calls; card play sets them itself)."""
    phase = state.phase
    if phase == _DISCARD:
        actor = state.context.dealer
        legal = state.hands[actor] & ~not_discardable
    elif phase == _PLAY:
        actor = (state.leader + len(state.trick)) % PLAYERS
        legal = hand_mask(state.hands[actor], state.forced, state.led)
    elif phase == _CALL:
        actor = state.pending
        legal = FIRST_CALL_BITS if state.caller < 0 else ANSWER_BITS
    else:
        actor, legal = -1, 0
    return state._replace(actor=actor, legal=legal)


def play_mask(state: PiedmontState, seat: int) -> int:
    """The cards ``seat`` may play now."""
    return hand_mask(state.hands[seat], state.forced, state.led)


def trick_winner(cards: tuple[int, ...], leader: int, led: int | None, allegiance: bool, dead: int) -> int:
    """The seat that wins a complete trick.

    Trumps option (P4): Good or Evil alone is the lowest trump; both from one side win for the
    player of the first; both from opposing sides are ignored, and if nothing else can win, the
    player of the first wins. Allegiance: both are plain lowest trumps; a dead card never wins.
    """
    if not allegiance:
        pair = [pos for pos, card in enumerate(cards) if GOOD_EVIL >> card & 1]
        if len(pair) == 2:
            first, second = pair
            if side_of(leader + first) == side_of(leader + second):
                return (leader + first) % PLAYERS
            pos = winning_position(TABLE, cards, led, ignore=GOOD_EVIL)
            return (leader + (first if pos is None else pos)) % PLAYERS
    return winning_seat(TABLE, cards, leader, led, PLAYERS, ignore=dead)


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
    """P3 (follow, else trump, else anything; no overtrump), C4 (the Fool), P4 (Good and Evil)."""

    def __init__(self, allegiance: bool) -> None:
        super().__init__(PLAYS, SEAT_NAMES, play_mask, refusal)
        self.allegiance = allegiance

    def rebuilt_with(self) -> tuple[object, ...]:
        return (self.allegiance,)

    def apply(self, state: PiedmontState, action: Action) -> PiedmontState | None:
        """The fused play step: one bit of the state's own legal mask, then ``place``."""
        if type(action) is not Play:
            return None
        card = action.card.index
        if state.actor < -1:
            state = settled(state, 0)  # built by hand: seat and mask not worked out yet
        if not state.legal >> card & 1:
            return None
        play = PLAYS[card]
        if play is not action and play != action:
            return None  # a card of another pack
        seat = state.actor
        hands = state.hands
        return self.place(state, seat, card, (*hands[:seat], hands[seat] ^ (1 << card), *hands[seat + 1 :]))

    def place(self, state: PiedmontState, seat: int, card: int, hands: tuple[int, ...]) -> PiedmontState:
        bit = 1 << card
        led = state.led
        if led is None:
            led = _LEADS[card]
        phase, pending, forced, dead = state.phase, state.pending, state.forced, state.dead
        if card == forced:
            forced, dead = -1, dead | bit
        elif (
            bit & GOOD_EVIL
            and self.allegiance
            and (state.caller < 0 or side_of(seat) != side_of(state.caller))
        ):
            phase, pending = _CALL, seat  # P4: the first call, or an opponent's answer
        trick = (*state.trick, card)
        complete = len(trick) == PLAYERS
        if phase == _CALL:
            actor, legal = seat, FIRST_CALL_BITS if state.caller < 0 else ANSWER_BITS
        elif complete:
            actor, legal = -1, 0  # set by ``finish``
        else:
            actor = seat + 1 if seat < PLAYERS - 1 else 0
            legal = hand_mask(hands[actor], forced, led)
        # The hottest line of random play: every field by position, without NamedTuple's __new__.
        new = _NEW(
            PiedmontState,
            (
                phase,
                state.context,
                hands,
                state.discard,
                state.leader,
                trick,
                led,
                state.tricks,
                state.caller,
                state.segments,
                pending,
                forced,
                dead,
                (self.play_events[seat][card], state.events),
                actor,
                legal,
            ),
        )
        if complete and phase != _CALL:
            return self.finish(new)
        return new

    def finish(self, state: PiedmontState) -> PiedmontState:
        """Finish the trick if it is complete (and no call is pending); the seat to act and its
        legal mask set either way."""
        if len(state.trick) < PLAYERS or state.phase == _CALL:
            return settled(state, 0)
        winner = trick_winner(state.trick, state.leader, state.led, self.allegiance, state.dead)
        tricks, events = self.won(state.tricks, state.leader, state.trick, winner, state.events)
        done = len(tricks) == TRICKS
        return _NEW(
            PiedmontState,
            (
                _DONE if done else _PLAY,
                state.context,
                state.hands,
                state.discard,
                winner,
                (),
                None,
                tricks,
                state.caller,
                state.segments,
                state.pending,
                state.forced,
                state.dead,
                events,
                -1 if done else winner,
                0 if done else hand_mask(state.hands[winner], state.forced, None),
            ),
        )
