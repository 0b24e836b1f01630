"""The immutable state of a Trio hand."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from tarocchi.core.events import EventLog
from tarocchi.core.protocol import HandContext
from tarocchi.core.tricks import Trick


class Phase(IntEnum):
    BID = 0
    """R3: one round of take or pass."""
    PLAY = 1
    """R4: five tricks."""
    DONE = 2


class TrioState(NamedTuple):
    """One hand; card sets are bitmasks."""

    phase: Phase
    context: HandContext
    hands: tuple[int, ...]
    speaker: int
    """R3: the seat to speak in the bid."""
    declarer: int
    """The seat that took (-1: none yet)."""
    leader: int
    trick: tuple[int, ...]
    led: int | None
    """The suit id the trick's first card other than the Fool set (C4)."""
    tricks: tuple[Trick, ...]
    events: EventLog
