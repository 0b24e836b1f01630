"""The immutable state of a Taroinche hand."""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from tarocchi.core.events import EventLog
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


class TaroincheState(NamedTuple):
    """One hand. Card sets are bitmasks; nothing here is ever changed in place."""

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


FIELD = {name: n for n, name in enumerate(TaroincheState._fields)}
"""Each field's position: the compiled steps build states from a list of the fields."""
