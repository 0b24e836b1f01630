"""The switch that makes resampling exactly uniform, whatever it costs.

``deal_unseen`` (``core.resample``) shares the unseen cards out uniformly over every allowed
split, by rejection or by counting the splits; only where counting would weigh more than
``COUNTING_LIMIT`` or ``COUNTING_BUDGET`` shares does it place the most constrained cards first
instead, which is close to uniform but not exactly (a card's chance of lying in a face-down
discard can be off by a third). Research code that needs the exact distribution (a chi-square test, a search
whose worlds must be unbiased) turns this switch on: then the splits are always counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_EXACT: ContextVar[bool] = ContextVar("tarocchi_exact_resampling", default=False)


def exact() -> bool:
    """Whether resampling must count the splits however many there are to weigh."""
    return _EXACT.get()


@contextmanager
def exact_resampling(on: bool = True) -> Iterator[None]:
    """Within the block, resampling is exactly uniform (``on``), or as fast as it may be
    (``on=False``); the setting before it comes back after (per thread and task)."""
    token = _EXACT.set(on)
    try:
        yield
    finally:
        _EXACT.reset(token)
