"""The immutable state of a Taroinche hand."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, NamedTuple

from tarocchi.core.compiled import mypyc_attr
from tarocchi.core.events import EventLog
from tarocchi.core.positional import UNSETTLED, Replaceable, field_positions
from tarocchi.core.protocol import HandContext
from tarocchi.core.tricks import Trick
from tarocchi.games.taroinche.bidding import Bid


class Phase(IntEnum):
    """An int enum, so that the phase table is a tuple indexed without hashing."""

    AUCTION = 0
    """B3: bids, passes and coinche, from the hand's first player."""
    SURCOINCHE = 1
    """B3: after a coinche, the taker and partner in turn: surcoinche or pass."""
    DISCARD = 2
    """B4 With: the taker has taken the dog and lays two cards aside."""
    PLAY = 3
    DONE = 4


class TaroincheFields(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place. Compiled code
    reads a state through this type: mypyc reads a NamedTuple's own fields by position, a
    subclass's by name."""

    phase: Phase
    context: HandContext
    hands: tuple[int, ...]
    dog: int
    """The dog while it lies face down (empty once a With taker has taken it)."""
    shown_dog: int
    """B4 With: the dog as shown to everyone before the taker took it (0: never shown)."""
    discard: int
    """B4 With: the taker's two cards laid aside."""
    turn: int
    """Seat to speak in the auction and surcoinche round."""
    passes: int
    """Consecutive passes in the auction; passes so far in the surcoinche round."""
    bid: Bid | None
    """The contract: the strongest bid so far."""
    taker: int
    partner: int
    """The taker's partner (the taker himself in a solo), -1 before any bid."""
    coinche: int
    """0 none, 1 coinched, 2 surcoinched."""
    coincher: int
    speakers: tuple[int, ...]
    """Who is still to speak in the surcoinche round, in turn order."""
    belote: int
    """B5: the seat of the attack holding trump King and Queen when play starts, else -1."""
    leader: int
    trick: tuple[int, ...]
    best: int
    """Position in ``trick`` of the card winning it so far."""
    tricks: tuple[Trick, ...]
    events: EventLog
    actor: int = UNSETTLED
    """The seat to act (-1: the hand is over), worked out once when a step makes the state, in
    the surcoinche round, the discard and trick play; ``UNSETTLED`` in the auction (its legal
    bids are the handler's pre-built tuples, not a mask) and in a state built by hand: the phase
    handlers work it out each time."""
    legal: int = 0
    """What ``actor`` may do, as a mask over the phase's actions (``game.MENUS``): pass and
    surcoinche, the cards to discard or to play (when ``actor`` is settled)."""


@mypyc_attr(native_class=False)  # a tuple subclass: a Python class, also when compiled
class TaroincheState(Replaceable, TaroincheFields):
    """One hand (the fields above); ``_replace`` resets its seat to act (``Replaceable``)."""

    __slots__ = ()


_AT = field_positions(TaroincheFields)
# Where the fields stand, for the compiled steps' ``replaced``: Final, read from C statics; Any, so
# that compiled code passes each on as the int object it holds, not boxing it again each time.
I_PHASE: Final[Any] = _AT["phase"]
I_CONTEXT: Final[Any] = _AT["context"]
I_HANDS: Final[Any] = _AT["hands"]
I_DOG: Final[Any] = _AT["dog"]
I_SHOWN_DOG: Final[Any] = _AT["shown_dog"]
I_DISCARD: Final[Any] = _AT["discard"]
I_TURN: Final[Any] = _AT["turn"]
I_PASSES: Final[Any] = _AT["passes"]
I_BID: Final[Any] = _AT["bid"]
I_TAKER: Final[Any] = _AT["taker"]
I_PARTNER: Final[Any] = _AT["partner"]
I_COINCHE: Final[Any] = _AT["coinche"]
I_COINCHER: Final[Any] = _AT["coincher"]
I_SPEAKERS: Final[Any] = _AT["speakers"]
I_BELOTE: Final[Any] = _AT["belote"]
I_LEADER: Final[Any] = _AT["leader"]
I_TRICK: Final[Any] = _AT["trick"]
I_BEST: Final[Any] = _AT["best"]
I_TRICKS: Final[Any] = _AT["tricks"]
I_EVENTS: Final[Any] = _AT["events"]
I_ACTOR: Final[Any] = _AT["actor"]
I_LEGAL: Final[Any] = _AT["legal"]
