"""Fixed float32 tensors of a seat's view, and its legal-action mask (docs/research.md).

Everything is encoded from the seat's ``PlayerView`` alone, never from a state: a tensor can
hold nothing the seat may not know (a spectator's view, the public information, is encoded for
a seat given). Every slot's bounds come from the rules (``bounds.py``). Seats are relative to
the seat encoded (0 is the seat itself, 1 the next to its left in turn order, ...), except the
``seat`` slice, which says which seat it is, so that action ids naming a seat (Taroinche's bid
partner) can be read.

Two tensors per game, each a vector with a ``Layout`` of named slices:

- the observation: what the seat sees now (hand, trick in progress, cards played, own discard,
  phase, turn, scores, the running state and the game's public facts);
- the information state: the observation, then everything the seat has seen this hand in order
  (every trick by relative seat, and the calls, bids, discards and shows it saw as action ids).

Both are written into preallocated buffers (``encode_observation(view, out)``), so a training
loop allocates nothing per step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.core.actions import FaceDown, Play
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of
from tarocchi.core.running import Running
from tarocchi.core.views import PlayerView
from tarocchi.research.bounds import Bounds

Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

DEFAULT_CALL_SLOTS = 64
"""How many calls the information state holds for a game that is not registered (a registered
game's manifest says, ``Manifest.call_slots``)."""


@dataclass(frozen=True)
class Slot:
    """One named slice of a tensor, its shape within the vector and its value bounds: ``low``
    and ``high`` for every value, or ``highs``, a high bound for each place of the last axis
    (a call slot's seat and action bits and its card count)."""

    name: str
    start: int
    shape: tuple[int, ...]
    low: float
    high: float
    doc: str
    highs: tuple[float, ...] | None = None

    @property
    def size(self) -> int:
        return math.prod(self.shape)  # a few ints: numpy would make them an array first (30x slower)

    @property
    def stop(self) -> int:
        return self.start + self.size

    @property
    def slice(self) -> slice:
        return slice(self.start, self.stop)


class Layout:
    """Named slices that tile a vector in order: ``layout["hand"]`` is a slice, ``layout.view(
    x, "trick")`` the slice of ``x`` reshaped to the slot's shape."""

    def __init__(self) -> None:
        self.slots: list[Slot] = []
        self.size = 0
        self._by_name: dict[str, Slot] = {}

    def add(
        self,
        name: str,
        shape: int | tuple[int, ...],
        low: float,
        high: float | tuple[float, ...],
        doc: str,
    ) -> int:
        """Append a slot (``high`` a tuple: a bound for each place of the last axis); its start
        offset (the encoders write through these ints)."""
        if name in self._by_name:
            raise ValueError(f"slot {name} twice")
        dims = (shape,) if isinstance(shape, int) else shape
        highs = None
        if isinstance(high, tuple):
            if len(high) != dims[-1]:
                raise ValueError(f"slot {name}: {len(high)} bounds for a last axis of {dims[-1]}")
            highs, high = high, max(high)
        slot = Slot(name, self.size, dims, low, high, doc, highs)
        self.slots.append(slot)
        self._by_name[name] = slot
        self.size = slot.stop
        return slot.start

    def copy(self) -> Layout:
        other = Layout()
        for slot in self.slots:
            other.add(slot.name, slot.shape, slot.low, slot.highs or slot.high, slot.doc)
        return other

    def __getitem__(self, name: str) -> slice:
        return self._by_name[name].slice

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.slots)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def slot(self, name: str) -> Slot:
        return self._by_name[name]

    def view(self, tensor: Floats, name: str) -> Floats:
        slot = self._by_name[name]
        return tensor[slot.slice].reshape(slot.shape)

    def bounds(self) -> tuple[Floats, Floats]:
        """Per-element low and high bounds (for a Box space)."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for slot in self.slots:
            low[slot.slice] = slot.low
            if slot.highs is None:
                high[slot.slice] = slot.high
            else:
                high[slot.slice] = np.tile(
                    np.asarray(slot.highs, dtype=np.float32), slot.size // slot.shape[-1]
                )
        return low, high

    def to_json(self) -> list[dict[str, Any]]:
        """The slots as plain JSON values: name, offsets, shape, bounds (``high`` a list for a
        bound per place of the last axis) and meaning."""
        return [
            {
                "name": slot.name,
                "start": slot.start,
                "stop": slot.stop,
                "shape": list(slot.shape),
                "low": slot.low,
                "high": list(slot.highs) if slot.highs is not None else slot.high,
                "doc": slot.doc,
            }
            for slot in self.slots
        ]


def put_mask(out: Floats, start: int, size: int, mask: int) -> None:
    """Set out[start + i] = 1 for every bit i of ``mask`` (a card set's bit mask), in a zeroed
    slice: a few cards one by one (a short hand, a dog), more by numpy's unpacking of the
    mask's bytes, which costs as much as writing eight cards one by one."""
    if mask.bit_count() <= 8:
        while mask:
            low = mask & -mask
            out[start + low.bit_length() - 1] = 1
            mask ^= low
    else:
        raw = np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
        out[start : start + size] = np.unpackbits(raw, bitorder="little")[:size]


FactsWriter = Callable[[PlayerView, int, Floats], None]
"""Writes a view's facts record into the slots its builder added, seats relative to the seat
given (the view's own, or the seat a spectator's view is encoded for). Each game's builder,
``facts(encoder, layout)``, is named by its manifest and lives beside its follower
(``research/followers/<game>.py``): this module knows no game."""


class Encoder:
    """The tensors and mask of one game (any options): layouts built once, encoders that write
    a seat's view into caller-owned buffers."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = n = game.players
        self.cards = d = game.deck.size
        self.max_tricks = t = d // n
        self.phases = tuple(game.phase_type)
        self.actions = a = len(game.actions)
        declared = manifest_of(game)
        self.call_slots = declared.call_slots if declared is not None else DEFAULT_CALL_SLOTS
        self._ids = {action: i for i, action in enumerate(game.actions)}
        self.bounds = b = Bounds.of(game)

        obs = Layout()
        self._seat = obs.add("seat", n, 0, 1, "which seat this is (absolute), one-hot")
        self._dealer = obs.add("dealer", n, 0, 1, "the dealer, relative seat one-hot")
        self._phase = obs.add("phase", len(self.phases), 0, 1, "the game's phase, one-hot in Phase order")
        self._to_act = obs.add("to_act", n, 0, 1, "the seat to act, relative one-hot (none: hand over)")
        self._hand = obs.add("hand", d, 0, 1, "own cards, by card index")
        self._sizes = obs.add("hand_sizes", n, 0, b.held, "cards each relative seat holds")
        self._leader = obs.add("trick_leader", n, 0, 1, "who led the trick in progress, relative")
        self._trick = obs.add("trick", (n, d), 0, 1, "the trick in progress: each relative seat's card")
        self._played = obs.add(
            "played", d, 0, 1, "every card played this hand (tricks and trick in progress)"
        )
        self._won = obs.add("tricks_won", n, 0, t, "tricks each relative seat won")
        self._discard = obs.add("own_discard", d, 0, 1, "the cards this seat laid aside face down")
        self._scores = obs.add(
            "scores", n, -b.total, b.total, "game totals before this hand, per relative seat"
        )
        self._running = obs.add("running", 1, 0, 1, "1 once the running state is public")
        self._side = obs.add("running_side", n, 0, 1, "relative seats of the first (declaring) side")
        self._side_tricks = obs.add("running_tricks", 2, 0, t, "tricks won: first side, other side")
        self._side_points = obs.add("running_points", 2, 0, b.points, "card points: first side, other side")
        self._needed = obs.add(
            "running_needed",
            2,
            0,
            (1, b.needed or 1),  # Piedmont's is always 0: 0..1, not a constant to Gymnasium's checker
            "[1 if known, what the first side still needs]",
        )
        facts = declared.part("facts") if declared is not None else None
        self._facts: FactsWriter = facts(self, obs) if facts is not None else _no_facts
        self.observation_layout = obs

        state = obs.copy()
        self._tricks = state.add(
            "tricks", (t, n, d), 0, 1, "each finished trick in order: each relative seat's card"
        )
        self._leaders = state.add("trick_leaders", (t, n), 0, 1, "who led each finished trick, relative")
        self._winners = state.add("trick_winners", (t, n), 0, 1, "who won each finished trick, relative")
        width = n + a + 1
        self._call_width = width
        self._calls = state.add(
            "calls",
            (self.call_slots, width),
            0,
            (1,) * (n + a) + (b.laid_aside,),
            "the calls seen in order (every event with an action but a card play): relative seat "
            f"one-hot ({n}), action id one-hot ({a}), and the count of a face-down discard of another seat",
        )
        self._dropped = state.add(
            "calls_dropped", 1, 0, max(0, b.actions - self.call_slots), "calls seen beyond the slots above"
        )
        self.information_state_layout = state

    # -- buffers --------------------------------------------------------------------------
    def observation_buffer(self) -> Floats:
        return np.zeros(self.observation_layout.size, dtype=np.float32)

    def information_state_buffer(self) -> Floats:
        return np.zeros(self.information_state_layout.size, dtype=np.float32)

    def mask_buffer(self) -> Mask:
        return np.zeros(self.actions, dtype=np.int8)

    # -- encoders -------------------------------------------------------------------------
    def action_mask(self, view: PlayerView, out: Mask | None = None) -> Mask:
        """1 at the id of each of the view's legal actions, else 0 (all 0 when not to act)."""
        mask = self.mask_buffer() if out is None else out
        mask.fill(0)
        ids = self._ids
        for action in view.legal_actions:
            mask[ids[action]] = 1
        return mask

    def encode_observation(
        self, view: PlayerView, out: Floats | None = None, seat: int | None = None
    ) -> Floats:
        """Write the observation of ``view`` into ``out`` (zeroed first); returns it. A
        spectator's view (the public information) is encoded for ``seat``: seats relative to it,
        its hand and discard empty."""
        tensor = self.observation_buffer() if out is None else out
        tensor.fill(0)
        self._write_observation(view, tensor, seat)
        return tensor

    def observe(self, view: PlayerView, tensor: str) -> dict[str, Floats | Mask]:
        """What both environments hand a learner: the ``tensor`` (``observation`` or
        ``information_state``) of ``view`` and its action mask, in new arrays."""
        encode = self.encode_observation if tensor == "observation" else self.encode_information_state
        return {"observation": encode(view), "action_mask": self.action_mask(view)}

    def encode_information_state(
        self, view: PlayerView, out: Floats | None = None, seat: int | None = None
    ) -> Floats:
        """Write the information state of ``view`` into ``out`` (zeroed first); returns it (a
        spectator's view for ``seat``, as ``encode_observation``)."""
        tensor = self.information_state_buffer() if out is None else out
        tensor.fill(0)
        self.write_information_state(view, tensor, seat)
        return tensor

    def write_information_state(self, view: PlayerView, tensor: Floats, seat: int | None = None) -> int:
        """Write the information state of ``view`` into ``tensor``, whose entries are all 0 but
        where it says so (``IncrementalEncoder`` zeroes only the slots it wrote: a Taroinche
        tensor holds 41,000 floats, most of them calls never made); the number of calls seen."""
        seat = self._seat_of(view, seat)
        self._write_observation(view, tensor, seat)
        n, d = self.players, self.cards
        if len(view.tricks) > self.max_tricks:  # would spill into the next slice unseen
            raise ValueError(f"{len(view.tricks)} tricks, more than the {self.max_tricks} the layout holds")
        for number, trick in enumerate(view.tricks):
            base = self._tricks + number * n * d
            for who, card in trick.plays:
                tensor[base + (who - seat) % n * d + card.index] = 1
            tensor[self._leaders + number * n + (trick.leader - seat) % n] = 1
            if trick.winner is not None:
                tensor[self._winners + number * n + (trick.winner - seat) % n] = 1
        ids = self._ids
        width = self._call_width
        slot = 0
        dropped = 0
        for event in view.events:
            action = event.action
            if action is None or type(action) is Play:
                continue
            if slot == self.call_slots:
                dropped += 1
                continue
            base = self._calls + slot * width
            if event.seat is not None:
                tensor[base + (event.seat - seat) % n] = 1
            if type(action) is FaceDown:
                tensor[base + width - 1] = action.count
            else:
                tensor[base + n + ids[action]] = 1
            slot += 1
        tensor[self._dropped] = dropped
        return slot + dropped

    def _seat_of(self, view: PlayerView, seat: int | None) -> int:
        """The seat ``view`` is encoded for: its own, or for a spectator's view the one given."""
        if view.seat is not None:
            if seat is not None and seat != view.seat:
                raise ValueError(f"seat {view.seat}'s view cannot be encoded for seat {seat}")
            return view.seat
        if seat is None or not 0 <= seat < self.players:
            raise ValueError(f"a spectator's view is encoded for a seat 0..{self.players - 1} (got {seat})")
        return seat

    def _write_observation(self, view: PlayerView, out: Floats, seat: int | None = None) -> None:
        seat = self._seat_of(view, seat)
        n, d = self.players, self.cards

        out[self._seat + seat] = 1
        out[self._dealer + (view.dealer - seat) % n] = 1
        out[self._phase + self.phases.index(view.phase)] = 1
        if view.to_act is not None:
            out[self._to_act + (view.to_act - seat) % n] = 1
        put_mask(out, self._hand, d, view.hand.mask)
        for who, size in enumerate(view.hand_sizes):
            out[self._sizes + (who - seat) % n] = size
        played = self._played
        if view.trick is not None:
            out[self._leader + (view.trick.leader - seat) % n] = 1
            for who, card in view.trick.plays:
                out[self._trick + (who - seat) % n * d + card.index] = 1
                out[played + card.index] = 1
        for trick in view.tricks:
            for _, card in trick.plays:
                out[played + card.index] = 1
            if trick.winner is not None:
                out[self._won + (trick.winner - seat) % n] += 1
        put_mask(out, self._discard, d, view.own_discard.mask)
        for who, score in enumerate(view.scores):
            out[self._scores + (who - seat) % n] = score
        running: Running | None = getattr(view.facts, "running", None)
        if running is not None:
            out[self._running] = 1
            for who in running.sides[0]:
                out[self._side + (who - seat) % n] = 1
            out[self._side_tricks : self._side_tricks + 2] = running.tricks_won[:2]
            out[self._side_points : self._side_points + 2] = running.card_points[:2]
            if running.needed is not None:
                out[self._needed] = 1
                out[self._needed + 1] = running.needed
        self._facts(view, seat, out)


def _no_facts(view: PlayerView, seat: int, out: Floats) -> None:
    """A game without a facts encoder of its own."""


def seat_at(out: Floats, start: int, seat: int, who: int | None, players: int) -> None:
    """One-hot of ``who`` relative to ``seat``, at ``start`` (nothing for None)."""
    if who is not None:
        out[start + (who - seat) % players] = 1


_ENCODERS: dict[tuple[str, tuple[tuple[str, str], ...]], Encoder] = {}


def encoder(game: Game[Any]) -> Encoder:
    """The game's encoder, built once per game and options (layouts cost a little to build)."""
    key = (game.info.id, tuple(sorted(game.options.items())))
    found = _ENCODERS.get(key)
    if found is None:
        found = _ENCODERS[key] = Encoder(game)
    return found


def encode_observation(view: PlayerView, out: Floats, game: Game[Any]) -> Floats:
    """``encoder(game).encode_observation(view, out)``."""
    return encoder(game).encode_observation(view, out)


def encode_information_state(view: PlayerView, out: Floats, game: Game[Any]) -> Floats:
    """``encoder(game).encode_information_state(view, out)``."""
    return encoder(game).encode_information_state(view, out)


def action_mask(view: PlayerView, out: Mask, game: Game[Any]) -> Mask:
    """``encoder(game).action_mask(view, out)``."""
    return encoder(game).action_mask(view, out)
