"""The immutable state of a Taroux hand."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, NamedTuple

from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.events import EventLog
from tarocchi.core.positional import UNSETTLED, Replaceable, field_positions
from tarocchi.core.protocol import HandContext
from tarocchi.core.tricks import Trick


class Phase(IntEnum):
    """An int enum, so that the phase table is a tuple indexed without hashing."""

    AUCTION = 0
    """T3: bids, passes and Contra, in turn."""
    RECONTRA = 1
    """T3: right after a Contra, out of turn: the bidder, then his partner."""
    STOCK = 2
    """T5 We'll Take: the bidding Declarer takes the first or the second three."""
    DISCARD = 3
    """T5 We'll Take: each Declarer discards three, the bidding Declarer first."""
    DECLARE = 4
    """T6: one round of declarations from the bidding Declarer."""
    PLAY = 5
    DONE = 6


class TarouxFields(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place. Compiled code
    reads a state through this type: mypyc reads a NamedTuple's own fields by position, a
    subclass's by name."""

    phase: Phase
    context: HandContext
    hands: tuple[int, ...]
    stock: tuple[int, ...]
    """The six stock cards in dealing order (first three, second three)."""
    stock_left: int
    """Mask of the stock cards still lying apart (all of them unless the stock was taken)."""
    turn: int
    """Auction, Re-contra window and declarations: the seat to speak."""
    high: int
    """T3: the highest bid so far (0: none; PROP .. AGAINST)."""
    bidder: int
    """The seat that made the highest bid (-1: none); after the auction, the bidding Declarer."""
    contra: int
    """0, 1 (Contra) or 2 (Re-contra) on the highest bid."""
    contra_by: int
    """Seat that called Contra on the highest bid (-1: none)."""
    passes: int
    """Consecutive passes since the last bid or call."""
    auction: tuple[tuple[int, str], ...]
    """Every call of the auction, public (T3)."""
    discards: tuple[int, ...]
    """Per seat, the cards it discarded (T5)."""
    shown_discards: int
    """Discarded trumps, shown to all (T5)."""
    declared: int
    """Declaration turns taken so far (T6)."""
    shown: tuple[int, ...]
    """Per seat, trumps shown for an Abundance (T6)."""
    sparrow: int
    """Seat that announced the Sparrow (-1: none)."""
    slam: int
    """Seat that announced a Slam (-1: none)."""
    leader: int
    trick: tuple[int, ...]
    """Cards of the trick in progress, in play order from ``leader``."""
    led: int | None
    """Suit id to follow (None until a card other than the Fool)."""
    tricks: tuple[Trick, ...]
    events: EventLog
    actor: int = UNSETTLED
    """In trick play, the seat to play (-1: the hand is over), worked out once when card play
    makes the state; ``UNSETTLED`` before play (and in a state built by hand): the phase
    handlers work it out each time."""
    legal: int = 0
    """In trick play, the mask of the cards ``actor`` may play (when ``actor`` is settled)."""


@mypyc_attr(native_class=False)  # a tuple subclass: a Python class, also when compiled
class TarouxState(Replaceable, TarouxFields):
    """One hand (the fields above); ``_replace`` resets its seat to act (``Replaceable``)."""

    __slots__ = ()


_AT = field_positions(TarouxFields)
# Where the fields stand, for the compiled steps' ``replaced``: Final, read from C statics; Any, so
# that compiled code passes each on as the int object it holds, not boxing it again each time.
I_PHASE: Final[Any] = _AT["phase"]
I_CONTEXT: Final[Any] = _AT["context"]
I_STOCK: Final[Any] = _AT["stock"]
I_HANDS: Final[Any] = _AT["hands"]
I_STOCK_LEFT: Final[Any] = _AT["stock_left"]
I_TURN: Final[Any] = _AT["turn"]
I_HIGH: Final[Any] = _AT["high"]
I_BIDDER: Final[Any] = _AT["bidder"]
I_CONTRA: Final[Any] = _AT["contra"]
I_CONTRA_BY: Final[Any] = _AT["contra_by"]
I_PASSES: Final[Any] = _AT["passes"]
I_AUCTION: Final[Any] = _AT["auction"]
I_DISCARDS: Final[Any] = _AT["discards"]
I_SHOWN_DISCARDS: Final[Any] = _AT["shown_discards"]
I_DECLARED: Final[Any] = _AT["declared"]
I_SHOWN: Final[Any] = _AT["shown"]
I_SPARROW: Final[Any] = _AT["sparrow"]
I_SLAM: Final[Any] = _AT["slam"]
I_LEADER: Final[Any] = _AT["leader"]
I_TRICK: Final[Any] = _AT["trick"]
I_LED: Final[Any] = _AT["led"]
I_TRICKS: Final[Any] = _AT["tricks"]
I_EVENTS: Final[Any] = _AT["events"]
I_ACTOR: Final[Any] = _AT["actor"]
I_LEGAL: Final[Any] = _AT["legal"]
