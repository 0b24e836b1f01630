"""The server's garbage-collector policy freezes what survives a full collection,
so the next one walks only newer objects, and still frees cycles that died while frozen once the
frozen objects have grown (tarocchi.server.collector)."""

from __future__ import annotations

import gc
import weakref

from tarocchi.server.collector import Collector


class Knot:
    """An object in a reference cycle: only the cyclic collector can free it."""

    def __init__(self) -> None:
        self.me = self


def test_survivors_are_frozen_and_dead_cycles_freed_after_growth() -> None:
    collector = Collector(growth=1.05)
    collector.start()
    try:
        knot = Knot()
        alive = weakref.ref(knot)
        gc.collect()  # a full collection: the knot survives it and is frozen
        frozen = gc.get_freeze_count()
        assert frozen > collector.baseline and not collector.thawed
        del knot
        gc.collect()
        assert alive() is not None  # dead, but frozen: no collection looked at it
        keep = [[] for _ in range(int(collector.baseline * 0.06))]  # long-lived growth past 5 %
        gc.collect()  # frozen objects grew past the bound: thawed, for the next one to see all
        assert collector.thawed and collector.thaws == 1 and gc.get_freeze_count() == 0
        gc.collect()
        assert alive() is None  # the cycle that died while frozen is freed
        assert not collector.thawed and gc.get_freeze_count() >= len(keep)  # frozen again
    finally:
        collector.stop()
    assert gc.get_freeze_count() == 0 and collector.after not in gc.callbacks
