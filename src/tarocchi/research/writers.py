"""Several items of a seat's float32 tensor, or of an int8 legal-action mask, set in one call:
``put(i, v, j, w, ...)``.

``memoryview[i] = v`` goes through the generic item assignment and the struct module's packing
for every item. A compiled step of ``IncrementalEncoder`` writes two or three items per event it
follows, for every seat, and a byte of the legal mask's ids at a time; ``Writer`` from
``_tensor.c``, built with the compiled modules, takes them as one call (docs/performance.md).
Pure Python (no C compiler, ``TAROCCHI_PURE=1``) sets them through the memoryview, one by one,
so the pure package runs no C of ours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.loading import built

Put = Callable[..., None]
"""``put(i, v, j, w, ...)``: item ``i`` set to ``v``, item ``j`` to ``w``, and so on."""


def pure_writer(buffer: memoryview) -> Put:
    """``writer`` in pure Python: the items set through the memoryview."""
    items: Any = buffer  # float or int items (typeshed types a memoryview's items as ints)

    def put(*pairs: object) -> None:
        if len(pairs) % 2:
            raise TypeError(
                f"put takes pairs of an index and a value, put(i, v, j, w, ...): got {len(pairs)} arguments"
            )
        for k in range(0, len(pairs), 2):
            items[pairs[k]] = pairs[k + 1]

    return put


writer: Callable[[memoryview], Put] = built("tarocchi.research._tensor", "Writer") or pure_writer
"""``writer(buffer)``: the ``put`` of a writable one-dimensional float32 or int8 buffer."""
