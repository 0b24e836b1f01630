"""The immutable state of a Sicilian hand."""

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

    BARGAIN = 0
    """S3: one turn each to offer, take or refuse a throw-in."""
    SOLO = 1
    """S4: Solo or pass, Eldest to Dealer."""
    EXCHANGE = 2
    """S4/S5: the Solo Declarer (stock shown) or the Dealer (stock unseen) discards three."""
    PROP = 3
    """S5: Prop or pass, Eldest to Dealer."""
    COP = 4
    """S6: Cop or pass, from the player after the Declarer."""
    RALLY = 5
    """S7: the Declarer names the card of his hidden partner."""
    PLAY = 6
    DONE = 7


class Mode(IntEnum):
    """How the Declarer plays (decided in the auction)."""

    NONE = 0
    SOLO = 1
    """S4: alone against three, with the stock."""
    COP = 2
    """S6: an open partner."""
    RALLY = 3
    """S7: a hidden partner, the holder of the rallied card (-1: it lies in a discard: 1 v 3)."""
    ALONE = 4
    """S7 finer point: the Declarer holds all sixteen courts, nothing to rally, 1 v 3."""


class ThrownIn(IntEnum):
    NO = 0
    BARGAIN = 1
    """S3: an offer was taken and nobody held."""
    NO_PROP = 2
    """S5: nobody propped."""


class Bargain(NamedTuple):
    """An open or taken offer of S3: who made it, throw or pay, how much, who took it (-1)."""

    seat: int
    kind: str
    amount: int
    taker: int


class SicilianFields(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place. Compiled code
    reads a state through this type: mypyc reads a NamedTuple's own fields by position, a
    subclass's by name."""

    phase: Phase
    context: HandContext
    hands: tuple[int, ...]
    stock: int
    """The stock while it lies apart (empty once taken)."""
    shown_stock: int
    """S4: the stock as the Solo Declarer showed it to everyone before taking it (0: never shown)."""
    discard: int
    discarder: int
    """Who laid the discard aside (the Solo Declarer or the Dealer); -1 before."""
    taken: int
    """The stock as the Dealer took it unseen when nobody said Solo (S5): he alone knows it."""
    speaker: int
    """The seat to speak in the bargaining and auction rounds."""
    spoken: int
    """How many have spoken in the current round."""
    offers: tuple[Bargain, ...]
    held: bool
    """S3: somebody said hold."""
    declarer: int
    mode: Mode
    partner: int
    """The open or hidden partner (-1: none, 1 v 3). Hidden until ``revealed`` (S7)."""
    rallied: int
    """The rallied card (-1: none)."""
    revealed: bool
    leader: int
    trick: tuple[int, ...]
    led: int | None
    tricks: tuple[Trick, ...]
    thrown_in: ThrownIn
    events: EventLog
    actor: int = UNSETTLED
    """In trick play, the seat to play (-1: the hand is over), worked out once when card play
    makes the state; ``UNSETTLED`` before play (and in a state built by hand): the phase
    handlers work it out each time."""
    legal: int = 0
    """In trick play, the mask of the cards ``actor`` may play (when ``actor`` is settled)."""


@mypyc_attr(native_class=False)  # a tuple subclass: a Python class, also when compiled
class SicilianState(Replaceable, SicilianFields):
    """One hand (the fields above); ``_replace`` resets its seat to act (``Replaceable``)."""

    __slots__ = ()


_AT = field_positions(SicilianFields)
# Where the fields stand, for the compiled steps' ``replaced``: Final, read from C statics; Any, so
# that compiled code passes each on as the int object it holds, not boxing it again each time.
I_PHASE: Final[Any] = _AT["phase"]
I_CONTEXT: Final[Any] = _AT["context"]
I_HANDS: Final[Any] = _AT["hands"]
I_STOCK: Final[Any] = _AT["stock"]
I_DISCARD: Final[Any] = _AT["discard"]
I_SHOWN_STOCK: Final[Any] = _AT["shown_stock"]
I_DISCARDER: Final[Any] = _AT["discarder"]
I_TAKEN: Final[Any] = _AT["taken"]
I_SPEAKER: Final[Any] = _AT["speaker"]
I_SPOKEN: Final[Any] = _AT["spoken"]
I_OFFERS: Final[Any] = _AT["offers"]
I_HELD: Final[Any] = _AT["held"]
I_DECLARER: Final[Any] = _AT["declarer"]
I_MODE: Final[Any] = _AT["mode"]
I_PARTNER: Final[Any] = _AT["partner"]
I_RALLIED: Final[Any] = _AT["rallied"]
I_REVEALED: Final[Any] = _AT["revealed"]
I_LEADER: Final[Any] = _AT["leader"]
I_TRICK: Final[Any] = _AT["trick"]
I_LED: Final[Any] = _AT["led"]
I_TRICKS: Final[Any] = _AT["tricks"]
I_THROWN_IN: Final[Any] = _AT["thrown_in"]
I_EVENTS: Final[Any] = _AT["events"]
I_ACTOR: Final[Any] = _AT["actor"]
I_LEGAL: Final[Any] = _AT["legal"]
