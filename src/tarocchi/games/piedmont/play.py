"""Trick play: what may be played (P3, C4, P4's forced card) and who wins (C3, P3, P4)."""

from __future__ import annotations

from tarocchi.core.tricks import duty_refusal, legal_plays, winning_position, winning_seat
from tarocchi.games.piedmont.rules import DECK, DUTIES, GOOD_EVIL, PLAYERS, TABLE, side_of
from tarocchi.games.piedmont.state import PiedmontState


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
