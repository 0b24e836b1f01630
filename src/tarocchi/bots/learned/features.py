"""The learned policy's inputs: a compact, unit-scaled summary of a seat's view.

The research observation (``research.encoding``) is the base: the seat's hand, the trick in
progress, the cards played, its own discard, the phase, the totals, the running state and the
game's public facts, each value divided by its bound from the rules. Two changes keep it small
and add what the observation leaves to the history: every other slot that holds a card set per
relative seat (Taroux's shown Abundances) is summed over the seats, and a table of the cards each
other seat has been shown not to hold is added: the game's ``revealed`` (its manifest's, the
one its world placer takes as certain: ``core.tricks.voids`` under its duties), so a suit not
followed, trumps not played, and the cards above a best not beaten where a duty to beat it holds
(a fact of the tricks, not an inference).
The full information state (10,000 to 41,000 floats, mostly call slots never filled) would make
the weights a hundred times larger for little more than this says.

Encoded from the seat's view alone, like the research tensors: it holds nothing the seat may not
know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.core.cards import bits
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, encoder

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]

KEPT_PER_SEAT = ("trick",)
"""Per-seat card slots kept as they are: who played which card to the trick in progress decides
who is winning it."""


@dataclass(frozen=True)
class Part:
    """A slice of the observation and where it goes: kept as it is, or summed over its seats."""

    start: int
    stop: int
    seats: int
    """1: copied; the number of seats: the slot's rows (one per relative seat) summed."""


class Features:
    """The feature vector of one game (any options: the layouts are the same for every option)."""

    def __init__(self, game: Game[Any]) -> None:
        self.encoder: Encoder = encoder(game)
        layout = self.encoder.observation_layout
        n, d = game.players, game.deck.size
        self.players = n
        _, high = layout.bounds()
        self._scale = np.where(high > 0, 1.0 / np.maximum(high, 1e-9), 1.0).astype(np.float32)
        self._buffer = self.encoder.observation_buffer()
        parts: list[Part] = []
        size = 0
        for slot in layout:
            per_seat = slot.shape == (n, d) and slot.name not in KEPT_PER_SEAT
            parts.append(Part(slot.start, slot.stop, n if per_seat else 1))
            size += d if per_seat else slot.size
        self._parts = tuple(parts)
        self._observed = size
        self.cards = d
        found = manifest_of(game)
        revealed = found.part("revealed") if found is not None else None
        if revealed is None:
            raise ValueError(f"{game.info.id} declares no revealed cards (its manifest's 'revealed')")
        self._revealed: Callable[[PlayerView], list[int]] = revealed
        self.size = size + (n - 1) * d
        """Floats in a feature vector."""
        self.ids = {action: number for number, action in enumerate(game.actions)}
        """Each action's id (``game.action_id``, looked up once: an auction offers hundreds)."""

    def legal_ids(self, view: PlayerView) -> Ints:
        """The ids of ``view``'s legal actions, in their order."""
        ids = self.ids
        return np.array([ids[action] for action in view.legal_actions], dtype=np.int64)

    def write(self, view: PlayerView, out: Floats) -> Floats:
        """The features of ``view`` in ``out`` (every entry written); returns it."""
        observation = self.encoder.encode_observation(view, self._buffer)
        observation *= self._scale
        at = 0
        for part in self._parts:
            if part.seats == 1:
                width = part.stop - part.start
                out[at : at + width] = observation[part.start : part.stop]
            else:
                block = observation[part.start : part.stop].reshape(part.seats, -1)
                width = block.shape[1]
                out[at : at + width] = block.sum(axis=0)
            at += width
        self.write_lacking(view, out[at:])
        return out

    def vector(self, view: PlayerView) -> Floats:
        """The features of ``view`` in a new array."""
        return self.write(view, np.empty(self.size, dtype=np.float32))

    def write_lacking(self, view: PlayerView, out: Floats) -> None:
        """1 at (relative seat - 1, card) for each card play has shown that other seat cannot
        hold (the game's ``revealed``), else 0: the seat's own hand it sees."""
        seat = view.seat
        assert seat is not None
        n, d = self.players, self.cards
        lacks = self._revealed(view)
        out.fill(0)
        for relative in range(1, n):
            out[[(relative - 1) * d + card for card in bits(lacks[(seat + relative) % n])]] = 1
