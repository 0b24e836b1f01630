"""The garbage collector's policy for the table server: short pauses with many tables in play.

CPython 3.11's full (generation 2) collection walks every tracked object: with a few hundred
tables in play (a Match keeps each state of its hand) and thousands of connections, one full
collection stopped the event loop for 100-300 ms, and every action in flight waited
(benchmarks/server_load.py measured the p99 latency at 400 tables going from 54 ms to 196 ms).
So after each full collection the survivors, which are long-lived by then, are frozen
(``gc.freeze``): the next full collection walks only what came after. Objects die by reference
counting whether frozen or not; only cycles frozen while alive that die later would linger, so
when the frozen objects have doubled since the last time everything was looked at, they are
thawed and the next full collection looks at everything once.
"""

from __future__ import annotations

import gc
from typing import Any

GROWTH = 2.0
"""Thaw, so that everything is collected once, when the frozen objects reach this many times
the baseline (what was frozen after the last collection of everything)."""
MINIMUM = 100_000
"""The least baseline: a server just started has few objects, and its first tables need not
cause a thaw."""


class Collector:
    """Installed on ``gc.callbacks`` while the server runs (``start``/``stop``), by ``tarocchi
    serve`` for the process it owns: the collector is the process's, so an app run by another
    host is left to that host's policy (it may install this one too)."""

    def __init__(self, growth: float = GROWTH) -> None:
        self.growth = growth
        self.baseline = 0
        self.thawed = False
        self.thaws = 0

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        self.baseline = max(gc.get_freeze_count(), MINIMUM)
        gc.callbacks.append(self.after)

    def stop(self) -> None:
        if self.after in gc.callbacks:
            gc.callbacks.remove(self.after)
        gc.unfreeze()

    def after(self, phase: str, info: dict[str, Any]) -> None:
        """After a full collection: freeze its survivors, or, when the frozen objects have grown
        past ``GROWTH`` times the baseline, thaw them so that the next one looks at everything
        (a collection cannot be started from inside another)."""
        if phase != "stop" or info["generation"] != 2:
            return
        gc.freeze()
        if self.thawed:  # this collection walked everything: a new baseline
            self.baseline = max(gc.get_freeze_count(), MINIMUM)
            self.thawed = False
        elif gc.get_freeze_count() > self.growth * self.baseline:
            gc.unfreeze()
            self.thawed = True
            self.thaws += 1
