"""The immutable state of a Piedmont hand."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, NamedTuple

from tarocchi.core.events import EventLog
from tarocchi.core.protocol import HandContext
from tarocchi.core.tricks import Trick

UNSETTLED = -2
"""``actor`` of a state built by hand, not by the engine: seat and legal mask not worked out."""


class Phase(IntEnum):
    """An int enum, so that the phase table is a tuple indexed without hashing."""

    DISCARD = 0
    """P2: the dealer lays four cards aside."""
    PLAY = 1
    CALL = 2
    """P4 Allegiance: the player of a Good or Evil card calls, confirms or reverses."""
    DONE = 3


class _PiedmontStateFields(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place."""

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


# Each field's position, for the compiled hot path (``play.py``): mypyc reads a NamedTuple's field
# by name through a generic attribute lookup, by a constant position with one bounds check.
I_PHASE: Final = 0
I_CONTEXT: Final = 1
I_HANDS: Final = 2
I_DISCARD: Final = 3
I_LEADER: Final = 4
I_TRICK: Final = 5
I_LED: Final = 6
I_TRICKS: Final = 7
I_CALLER: Final = 8
I_SEGMENTS: Final = 9
I_PENDING: Final = 10
I_FORCED: Final = 11
I_DEAD: Final = 12
I_EVENTS: Final = 13
I_ACTOR: Final = 14
I_LEGAL: Final = 15
assert _PiedmontStateFields._fields == (
    "phase", "context", "hands", "discard", "leader", "trick", "led", "tricks",
    "caller", "segments", "pending", "forced", "dead", "events", "actor", "legal",
), "the I_ positions above name these fields"  # fmt: skip


class PiedmontState(_PiedmontStateFields):
    """One hand (the fields above). A state changed by ``_replace`` (a rarer transition, or a
    test's position) has its seat to act and legal mask worked out afresh, unless given: a mask
    kept from before the change could be wrong."""

    __slots__ = ()

    def _replace(self, **changes: Any) -> PiedmontState:
        if "actor" not in changes:
            changes["actor"] = UNSETTLED
        return super()._replace(**changes)
