"""Who is to act and what they may do, in every phase, as a mask over the phase's menu (T3-T7).

Worked out once when a state is made and kept in it (``actor``, ``legal``): the dispatch then
reads them instead of asking the phase handler, a handler checks one bit of the mask, and the
research encoder reads the mask's ids by byte (docs/performance.md). A state built by hand (or
changed by ``_replace``) is ``UNSETTLED`` and worked out by ``settled`` when it is played on.
Bit ``i`` of a mask is item ``i`` of the phase's menu: the auction's is the pass, the five bids
by level and Contra; the window's Re-contra and decline; the stock's first and second three;
the discards' and the declarations' a card by its index (then the Sparrow, a Slam and done).
"""

from __future__ import annotations

from typing import Any, Final

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
    TAKE,
    TRUMP_CARDS,
    declarers,
    partner_of,
)
from tarocchi.games.taroux.state import Phase, TarouxFields, TarouxState

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

# Field positions, read and written by position (compiled: a NamedTuple subclass is read by name).
_FIELDS: Final = TarouxState._fields
I_PHASE: Final = 0
I_HANDS: Final = _FIELDS.index("hands")
I_TURN: Final = _FIELDS.index("turn")
I_HIGH: Final = _FIELDS.index("high")
I_BIDDER: Final = _FIELDS.index("bidder")
I_CONTRA: Final = _FIELDS.index("contra")
I_CONTRA_BY: Final = _FIELDS.index("contra_by")
I_PASSES: Final = _FIELDS.index("passes")
I_AUCTION: Final = _FIELDS.index("auction")
I_DISCARDED: Final = _FIELDS.index("discards")
I_SHOWN_DISCARDS: Final = _FIELDS.index("shown_discards")
I_DECLARED: Final = _FIELDS.index("declared")
I_SHOWN: Final = _FIELDS.index("shown")
I_SPARROW: Final = _FIELDS.index("sparrow")
I_SLAM: Final = _FIELDS.index("slam")
I_LEADER: Final = _FIELDS.index("leader")
I_TRICK: Final = _FIELDS.index("trick")
I_LED: Final = _FIELDS.index("led")
I_EVENTS: Final = _FIELDS.index("events")
I_ACTOR: Final = _FIELDS.index("actor")
I_LEGAL: Final = _FIELDS.index("legal")
I_STOCK: Final = _FIELDS.index("stock")
I_STOCK_LEFT: Final = _FIELDS.index("stock_left")
_NEW: Final = tuple.__new__
_STATE: Final = TarouxState
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
    if high >= TAKE and contra == 0 and not declarers(bidder) >> seat & 1 and honour:
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


def settle(fields: list[Any]) -> None:
    """Write a state's seat to act and legal mask into its ``fields``, from the rest of them."""
    phase = fields[I_PHASE]
    hands: tuple[int, ...] = fields[I_HANDS]
    seat: int = fields[I_TURN]
    if phase == _AUCTION_PHASE:
        legal = auction_legal(fields[I_HIGH], fields[I_CONTRA], fields[I_BIDDER], seat, hands[seat])
    elif phase == _RECONTRA_PHASE:
        legal = window_legal(hands[seat])
    elif phase == _STOCK_PHASE:
        seat, legal = fields[I_BIDDER], 0b11
    elif phase == _DISCARD_PHASE:
        discards: tuple[int, ...] = fields[I_DISCARDED]
        seat = discarder(fields[I_BIDDER], discards)
        legal = discard_legal(hands[seat], discards[seat])
    elif phase == _DECLARE_PHASE:
        shown: tuple[int, ...] = fields[I_SHOWN]
        legal = declare_legal(
            hands[seat], shown[seat], fields[I_SPARROW], fields[I_SLAM], fields[I_BIDDER], seat
        )
    elif phase == _PLAY_PHASE:
        trick: tuple[int, ...] = fields[I_TRICK]
        seat = (fields[I_LEADER] + len(trick)) % PLAYERS
        legal = hand_mask(hands[seat], fields[I_LED], trick)
    else:
        seat, legal = -1, 0
    fields[I_ACTOR] = seat
    fields[I_LEGAL] = legal


def built(fields: list[Any]) -> TarouxState:
    """The state of ``fields``, its seat to act and legal mask worked out."""
    settle(fields)
    new: TarouxState = _NEW(_STATE, fields)
    return new


def settled(state: TarouxState) -> TarouxState:
    """``state`` with its seat to act and legal mask worked out (a state built by hand)."""
    s: TarouxFields = state
    if s.actor >= -1:
        return state
    return built(list(s))
