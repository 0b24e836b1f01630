"""The immutable state of a Piedmont hand."""

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

    DISCARD = 0
    """P2: the dealer lays four cards aside."""
    PLAY = 1
    CALL = 2
    """P4 Allegiance: the player of a Good or Evil card calls, confirms or reverses."""
    DONE = 3


class PiedmontFields(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place. Compiled code
    reads a state through this type: mypyc reads a NamedTuple's own fields by position, a
    subclass's by name."""

    phase: Phase
    context: HandContext
    hands: tuple[int, ...]
    discard: int
    leader: int
    trick: tuple[int, ...]
    """Cards of the trick in progress, in play order from ``leader``."""
    led: int | None
    """Suit id to follow in the trick in progress (None until a card other than the Fool)."""
    tricks: tuple[Trick, ...]
    caller: int
    """Allegiance: the seat that made the first call (-1: none yet)."""
    segments: tuple[tuple[int, int], ...]
    """Allegiance: (first trick, side scoring Earth and Air) for each scoring segment."""
    pending: int
    """Seat that must call now (phase CALL), else -1."""
    forced: int
    """Allegiance: the card the caller's partner must play dead at his turn, else -1."""
    dead: int
    """Mask of cards played dead (no power, no call)."""
    events: EventLog
    actor: int = UNSETTLED
    """The seat to act (-1: the hand is over), worked out once, when the engine makes the state
    (``UNSETTLED`` in a state built by hand: the phase handlers work it out each time)."""
    legal: int = 0
    """What ``actor`` may do, as a mask over the phase's actions (``play.MENUS``): the cards it
    may discard or play, or which calls. ``legal_actions`` selects by it, ``apply`` checks a bit."""


@mypyc_attr(native_class=False)  # a tuple subclass: a Python class, also when compiled
class PiedmontState(Replaceable, PiedmontFields):
    """One hand (the fields above); ``_replace`` resets its seat to act (``Replaceable``)."""

    __slots__ = ()


_AT = field_positions(PiedmontFields)
# Where the fields stand, for the compiled steps' ``replaced``: Final, read from C statics; Any, so
# that compiled code passes each on as the int object it holds, not boxing it again each time.
I_PHASE: Final[Any] = _AT["phase"]
I_CONTEXT: Final[Any] = _AT["context"]
I_HANDS: Final[Any] = _AT["hands"]
I_DISCARD: Final[Any] = _AT["discard"]
I_LEADER: Final[Any] = _AT["leader"]
I_TRICK: Final[Any] = _AT["trick"]
I_LED: Final[Any] = _AT["led"]
I_TRICKS: Final[Any] = _AT["tricks"]
I_CALLER: Final[Any] = _AT["caller"]
I_SEGMENTS: Final[Any] = _AT["segments"]
I_PENDING: Final[Any] = _AT["pending"]
I_FORCED: Final[Any] = _AT["forced"]
I_DEAD: Final[Any] = _AT["dead"]
I_EVENTS: Final[Any] = _AT["events"]
I_ACTOR: Final[Any] = _AT["actor"]
I_LEGAL: Final[Any] = _AT["legal"]
