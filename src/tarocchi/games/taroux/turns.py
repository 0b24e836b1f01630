"""Who is to act and what they may do, in every phase, as a mask over the phase's menu (T3-T7).

Worked out once when a state is made and kept in it (``actor``, ``legal``): the dispatch then
reads them instead of asking the phase handler, a handler checks one bit of the mask, and the
research encoder reads the mask's ids by byte (docs/performance.md). A state built by hand (or
changed by ``_replace``) is ``UNSETTLED`` and worked out by ``settled`` when it is played on;
a phase handler passes each new state through ``settle``.
Bit ``i`` of a mask is item ``i`` of the phase's menu: the auction's is the pass, the five bids
by level and Contra; the window's Re-contra and decline; the stock's first and second three;
the discards' and the declarations' a card by its index (then the Sparrow, a Slam and done).
"""

from __future__ import annotations

from typing import Final

from tarocchi.core.positional import replaced
from tarocchi.games.taroux.play import hand_mask
from tarocchi.games.taroux.rules import (
    AGAINST,
    DECK,
    DISCARDS_EACH,
    HONOURS,
    MAGICIAN,
    MIN_ABUNDANCE,
    PLAIN_DISCARDABLE,
    PLAYERS,
    STAND,
    TRUMP_CARDS,
    declarers,
    partner_of,
    real_bid,
)
from tarocchi.games.taroux.state import I_ACTOR, I_LEGAL, Phase, TarouxFields, TarouxState

PASS_AT: Final = 0
CONTRA_AT: Final = AGAINST + 1
"""The auction's menu: the pass, the bids by level (1 to 5), Contra."""
RECONTRA_AT: Final = 0
DECLINE_AT: Final = 1
SPARROW_AT: Final = DECK.size
SLAM_AT: Final = DECK.size + 1
DONE_AT: Final = DECK.size + 2
"""The declarations' menu: a trump shown, by its card index; then these three calls."""
_BIDS_ABOVE: Final = tuple(
    tuple(sum(1 << b for b in range(high + 1, AGAINST + 1) if honour or b > STAND) for honour in (0, 1))
    for high in range(AGAINST + 1)
)
"""T3: the bids above each level, without and with an Honour in hand (Prop and Stand need one)."""

_AUCTION_PHASE: Final = Phase.AUCTION
_RECONTRA_PHASE: Final = Phase.RECONTRA
_STOCK_PHASE: Final = Phase.STOCK
_DISCARD_PHASE: Final = Phase.DISCARD
_DECLARE_PHASE: Final = Phase.DECLARE
_PLAY_PHASE: Final = Phase.PLAY


def auction_legal(high: int, contra: int, bidder: int, seat: int, hand: int) -> int:
    """T3: a pass, a higher bid (Prop and Stand need an Honour), or Contra: against a real bid
    not yet contra'd, from outside the bidder's partnership, with an Honour in hand."""
    honour = 1 if hand & HONOURS else 0
    legal = 1 << PASS_AT | _BIDS_ABOVE[high][honour]
    if real_bid(high) and contra == 0 and not declarers(bidder) >> seat & 1 and honour:
        legal |= 1 << CONTRA_AT
    return legal


def window_legal(hand: int) -> int:
    """T3: Re-contra needs an Honour; declining is always allowed."""
    return (1 << RECONTRA_AT | 1 << DECLINE_AT) if hand & HONOURS else 1 << DECLINE_AT


def discarder(bidder: int, discards: tuple[int, ...]) -> int:
    """T5: the bidding Declarer discards first, then his partner."""
    if discards[bidder].bit_count() < DISCARDS_EACH:
        return bidder
    return partner_of(bidder)


def discard_legal(hand: int, discarded: int) -> int:
    """T5: never Kings or Honours; a trump only while fewer other discardable cards are held
    than cards still to discard."""
    plain = hand & PLAIN_DISCARDABLE
    if plain.bit_count() < DISCARDS_EACH - discarded.bit_count():
        return plain | (hand & TRUMP_CARDS & ~HONOURS)
    return plain


def declare_legal(hand: int, shown: int, sparrow: int, slam: int, bidder: int, seat: int) -> int:
    """T6: trumps not shown yet (six or more held: an Abundance), the Sparrow (the Magician's
    holder), a Slam (a Declarer, once a hand), and done (unless an Abundance is short)."""
    trumps = hand & TRUMP_CARDS
    legal = trumps & ~shown if trumps.bit_count() >= MIN_ABUNDANCE else 0
    if sparrow < 0 and hand >> MAGICIAN & 1:
        legal |= 1 << SPARROW_AT
    if slam < 0 and declarers(bidder) >> seat & 1:
        legal |= 1 << SLAM_AT
    if not shown or shown.bit_count() >= MIN_ABUNDANCE:
        legal |= 1 << DONE_AT
    return legal


def settle(state: TarouxState) -> TarouxState:
    """``state`` with its seat to act and legal mask worked out from its other fields."""
    s: TarouxFields = state
    phase = s.phase
    hands = s.hands
    seat = s.turn
    if phase == _AUCTION_PHASE:
        legal = auction_legal(s.high, s.contra, s.bidder, seat, hands[seat])
    elif phase == _RECONTRA_PHASE:
        legal = window_legal(hands[seat])
    elif phase == _STOCK_PHASE:
        seat, legal = s.bidder, 0b11
    elif phase == _DISCARD_PHASE:
        discards = s.discards
        seat = discarder(s.bidder, discards)
        legal = discard_legal(hands[seat], discards[seat])
    elif phase == _DECLARE_PHASE:
        legal = declare_legal(hands[seat], s.shown[seat], s.sparrow, s.slam, s.bidder, seat)
    elif phase == _PLAY_PHASE:
        trick = s.trick
        seat = (s.leader + len(trick)) % PLAYERS
        legal = hand_mask(hands[seat], s.led, trick)
    else:
        seat, legal = -1, 0
    new: TarouxState = replaced(state, I_ACTOR, seat, I_LEGAL, legal)
    return new


def settled(state: TarouxState) -> TarouxState:
    """``state`` with its seat to act and legal mask worked out (a state built by hand)."""
    s: TarouxFields = state
    if s.actor >= -1:
        return state
    return settle(state)
