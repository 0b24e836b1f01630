"""The learned policy's inputs: a compact, unit-scaled summary of a seat's view.

The research observation (``research.encoding``) is the base: the seat's hand, the trick in
progress, the cards played, its own discard, the phase, the totals, the running state and the
game's public facts, each value divided by its bound from the rules. Two changes keep it small
and add what the observation leaves to the history: every other slot that holds a card set per
relative seat (Taroux's shown Abundances) is summed over the seats, and a table of the suits each
relative seat has been seen not to follow (a fact of the tricks, not an inference) is added.
The full information state (10,000 to 41,000 floats, mostly call slots never filled) would make
the weights a hundred times larger for little more than this says.

Encoded from the seat's view alone, like the research tensors: it holds nothing the seat may not
know.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView, trick_plays
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
        suits = sorted({card.suit for card in game.deck.cards if card.suit})
        self._suit = {card.index: suits.index(card.suit) if card.suit else -1 for card in game.deck.cards}
        self.suits = len(suits)
        self.size = size + n * self.suits
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
        shown = out[at:]
        shown.fill(0)
        self._shown_out(view, shown)
        return out

    def vector(self, view: PlayerView) -> Floats:
        """The features of ``view`` in a new array."""
        return self.write(view, np.empty(self.size, dtype=np.float32))

    def _shown_out(self, view: PlayerView, out: Floats) -> None:
        """1 at (relative seat, suit) for each suit a seat has played another card to: the suit
        led is the first card's that has one (the Fool has none)."""
        seat = view.seat
        assert seat is not None
        n, suits, suit_of = self.players, self.suits, self._suit
        for plays in trick_plays(view):
            led = -1
            for who, card in plays:
                suit = suit_of[card]
                if suit < 0:
                    continue
                if led < 0:
                    led = suit
                elif suit != led:
                    out[(who - seat) % n * suits + led] = 1
