"""Trick play: what may be played (P3, C4, P4's forced card), who wins (C3, P3, P4), and the
phase handler that plays the cards (compiled by mypyc where it can be: the hot path)."""

from __future__ import annotations

from tarocchi.core.actions import Play
from tarocchi.core.trickplay import TrickPlay
from tarocchi.core.tricks import duty_refusal, legal_plays, winning_position, winning_seat
from tarocchi.games.piedmont.rules import DECK, DUTIES, GOOD_EVIL, PLAYERS, SEAT_NAMES, TABLE, TRICKS, side_of
from tarocchi.games.piedmont.state import Phase, PiedmontState

PLAYS = tuple(Play(card) for card in DECK.cards)
_LEADS = TABLE.leads
_PLAY, _CALL, _DONE = Phase.PLAY, Phase.CALL, Phase.DONE
_NEW = tuple.__new__
assert len(PiedmontState._fields) == 14, "Playing builds the state by position"


def play_mask(state: PiedmontState, seat: int) -> int:
    """The cards ``seat`` may play now."""
    hand = state.hands[seat]
    forced = state.forced
    if forced >= 0 and hand >> forced & 1:
        return 1 << forced
    return legal_plays(DUTIES, TABLE, hand, state.led)


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
        # The hottest line of random play: every field by position, without NamedTuple's __new__.
        new = _NEW(
            PiedmontState,
            (
                phase,
                state.context,
                hands,
                state.discard,
                state.leader,
                (*state.trick, card),
                led,
                state.tricks,
                state.caller,
                state.segments,
                pending,
                forced,
                dead,
                (self.play_events[seat][card], state.events),
            ),
        )
        if len(state.trick) == PLAYERS - 1:
            return self.finish(new)
        return new

    def finish(self, state: PiedmontState) -> PiedmontState:
        """Finish the trick if it is complete (and no call is pending)."""
        if len(state.trick) < PLAYERS or state.phase == _CALL:
            return state
        winner = trick_winner(state.trick, state.leader, state.led, self.allegiance, state.dead)
        tricks, events = self.won(state.tricks, state.leader, state.trick, winner, state.events)
        return _NEW(
            PiedmontState,
            (
                _DONE if len(tricks) == TRICKS else _PLAY,
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
            ),
        )
