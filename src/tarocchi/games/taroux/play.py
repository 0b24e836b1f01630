"""Trick play: what may be played (T7, C4) and who wins (C3, T9)."""

from __future__ import annotations

from tarocchi.core.tricks import TRUMP, duty_refusal, legal_plays, winning_seat
from tarocchi.games.taroux.rules import DECK, DUTIES, FOOL, PLAYERS, TABLE, TRICKS, partner_of
from tarocchi.games.taroux.state import TarouxState

_SUIT_OF = TABLE.suit_of
_POWER = TABLE.power


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


def trick_winner(state: TarouxState, cards: tuple[int, ...]) -> int:
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
    return winning_seat(TABLE, cards, leader, state.led, PLAYERS)


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
