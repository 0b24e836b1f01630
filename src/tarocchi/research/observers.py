"""Which tensor a learner gets of a state, and how it is scaled (docs/research.md, "Observers").

- ``info="private"``: what one seat knows (its hand and what it saw), the default;
- ``info="public"``: what everybody knows, nothing any seat holds alone: the spectator's view
  (``game.view(state, None)``), encoded for a seat (seats relative to it, its hand and own
  discard empty). For a centralized critic that must not see a seat's cards;
- ``info="perfect"``: everything, an oracle's tensor for centralized training or oracle
  guiding: the seat's private tensor, then every seat's hand and the cards laid aside (stock,
  dog, discards). It sees the other seats' cards, so it is never the default anywhere.

``kind="compact_information_state"`` is the information state with each call's action id in
binary rather than one-hot (``compact_layout``).

``scale="unit"`` (the default) divides every value by its slot's bound (``Bounds``, from the
rules), so that every value lies in [0, 1], or [-1, 1] where it can be negative (the scores),
and the layout's bounds say so; ``scale="raw"`` keeps counts, points and totals as they are.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tarocchi.core.protocol import Game
from tarocchi.research.encoding import Encoder, Floats, Layout, Mask, encoder
from tarocchi.research.incremental import IncrementalEncoder

KINDS = ("observation", "information_state", "compact_information_state")
INFOS = ("private", "public", "perfect")
SCALES = ("unit", "raw")


def _check(name: str, value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)} (got {value!r})")
    return str(value)


def perfect_slots(enc: Encoder, layout: Layout) -> tuple[int, int]:
    """Add the slots only the perfect tensor has; their starts (every hand, the cards aside)."""
    n, d = enc.players, enc.cards
    hands = layout.add(
        "perfect.hands", (n, d), 0, 1, "every seat's hand, by relative seat (the seat's own first)"
    )
    aside = layout.add(
        "perfect.laid_aside", d, 0, 1, "every card in no hand and no trick: the stock, dog and discards"
    )
    return hands, aside


def compact_layout(enc: Encoder) -> Layout:
    """The information state's layout with each call slot's action id in binary (least
    significant bit first) rather than one-hot over the action space: Taroinche's 817 actions
    make a call slot 823 floats wide, its compact one 17."""
    layout = Layout()
    n, bits = enc.players, (enc.actions - 1).bit_length()
    for slot in enc.information_state_layout:
        if slot.name != "calls":
            layout.add(slot.name, slot.shape, slot.low, slot.highs or slot.high, slot.doc)
            continue
        assert slot.highs is not None
        layout.add(
            "calls",
            (slot.shape[0], 1 + n + bits + 1),
            0,
            (1,) * (1 + n + bits) + (slot.highs[-1],),
            f"the calls seen in order (every event with an action but a card play): 1 for a call, "
            f"relative seat one-hot ({n}), action id in binary, lowest bit first ({bits}), and the "
            "count of a face-down discard of another seat",
        )
    return layout


def unit_layout(layout: Layout) -> Layout:
    """``layout`` with every slot's bounds divided by its largest magnitude: 0 or -1 below,
    0 or 1 above (a place whose value is always 0 keeps 0..0)."""
    unit = Layout()
    for slot in layout:
        highs = slot.highs or (slot.high,)
        high = tuple(1.0 if value > 0 else 0.0 for value in highs)
        unit.add(
            slot.name, slot.shape, -1.0 if slot.low < 0 else 0.0, high if slot.highs else high[0], slot.doc
        )
    return unit


class Observer:
    """One kind of tensor of one game (``kind``, ``info``, ``scale``: module docstring), written
    into caller-owned buffers: ``write(state, seat, out)``; ``layout`` names its slices and gives
    its bounds."""

    def __init__(
        self, game: Game[Any], kind: str = "observation", info: str = "private", scale: str = "unit"
    ) -> None:
        self.game = game
        self.kind = _check("tensor", kind, KINDS)
        self.info = _check("info", info, INFOS)
        self.scale = _check("scale", scale, SCALES)
        self.encoder = enc = encoder(game)
        self._compact = kind == "compact_information_state"
        self._kind = "information_state" if self._compact else kind
        """The kind the encoders write (a compact tensor is the full one, rewritten)."""
        if self._compact:
            raw = compact_layout(enc)
        else:
            raw = (enc.observation_layout if kind == "observation" else enc.information_state_layout).copy()
        self._full = enc.information_state_buffer() if self._compact else None
        self._base = raw.size
        self._hands, self._aside = perfect_slots(enc, raw) if info == "perfect" else (0, 0)
        self.raw_layout = raw
        """The layout with the raw bounds (counts, points, totals)."""
        self.layout = unit_layout(raw) if scale == "unit" else raw
        low, high = raw.bounds()
        largest = np.maximum(np.abs(low), np.abs(high))
        self._scaled = np.flatnonzero((largest != 1) & (largest != 0))
        """The places a unit tensor divides (most are bits already in [0, 1])."""
        self._factor = (1 / largest[self._scaled]).astype(np.float32)
        self.fast = IncrementalEncoder(game)
        """Each seat's private tensor kept from the events it saw (``research/incremental.py``)."""

    def buffer(self) -> Floats:
        return np.zeros(self.layout.size, dtype=np.float32)

    def write(self, state: Any, seat: int, out: Floats) -> Floats:
        """Write ``seat``'s tensor of ``state`` into ``out``; returns it."""
        head = out[: self._base] if self._full is None else self._full
        if self.info == "public":
            view = self.game.view(state, None)
            if self._kind == "observation":
                self.encoder.encode_observation(view, head, seat)
            else:
                self.encoder.encode_information_state(view, head, seat)
        else:
            self.fast.encode(state, seat, self._kind, out=head)
        if self._full is not None:
            self._write_compact(self._full, out)
        if self.info == "perfect":
            self._write_cards(state, seat, out)
        self.scale_in_place(out)
        return out

    def _write_compact(self, full: Floats, out: Floats) -> None:
        """The compact tensor of a full information state: its call slots rewritten."""
        enc = self.encoder
        n, a = enc.players, enc.actions
        calls = enc.information_state_layout.slot("calls")
        rows = full[calls.slice].reshape(calls.shape)
        out[: calls.start] = full[: calls.start]
        ids = rows[:, n : n + a]
        given = ids.any(axis=1)
        compact = self.raw_layout.view(out, "calls")
        compact[:, 0] = given | rows[:, :n].any(axis=1) | (rows[:, -1] > 0)
        compact[:, 1 : 1 + n] = rows[:, :n]
        bits = compact.shape[1] - n - 2
        number = np.where(given, ids.argmax(axis=1), 0)
        compact[:, 1 + n : 1 + n + bits] = number[:, None] >> np.arange(bits) & 1
        compact[:, -1] = rows[:, -1]
        dropped = self.raw_layout["calls_dropped"]
        out[dropped] = full[enc.information_state_layout["calls_dropped"]]

    def scale_in_place(self, tensor: Floats) -> None:
        """Divide a raw tensor's values by their bounds (``scale="unit"``; raw: nothing)."""
        if self.scale == "unit":
            tensor[self._scaled] *= self._factor

    def _write_cards(self, state: Any, seat: int, out: Floats) -> None:
        """Every hand by relative seat, and what lies in no hand and no trick."""
        n, d = self.encoder.players, self.encoder.cards
        out[self._base :] = 0
        seen = 0
        for who, hand in enumerate(state.hands):
            seen |= hand
            start = self._hands + (who - seat) % n * d
            out[start : start + d] = _bits(hand, d)
        for trick in state.tricks:
            for card in trick.cards:
                seen |= 1 << card
        for card in state.trick:
            seen |= 1 << card
        out[self._aside : self._aside + d] = _bits(((1 << d) - 1) & ~seen, d)

    def tensor(self, state: Any, seat: int) -> Floats:
        """``write`` into a new array."""
        return self.write(state, seat, self.buffer())

    def observe(self, state: Any, seat: int) -> dict[str, Floats | Mask]:
        """What the environments hand a learner: the tensor and the seat's legal-action mask (its
        own legal ids, whatever ``info`` says: a seat acts on its own cards), in new arrays."""
        return {"observation": self.tensor(state, seat), "action_mask": self.fast.action_mask(state, seat)}


def _bits(mask: int, size: int) -> Floats:
    """A card set's bit mask as ``size`` floats, 1 at each card."""
    raw = np.frombuffer(mask.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    bits: Floats = np.unpackbits(raw, bitorder="little")[:size].astype(np.float32)
    return bits
