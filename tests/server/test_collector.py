"""The server's garbage-collector policy freezes what survives a full collection,
so the next one walks only newer objects, and still frees cycles that died while frozen once the
frozen objects have grown (tarocchi.server.collector); ``tarocchi serve`` sets it for its own
process, and the app run by another host leaves that host's collector alone."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from serverproc import free_port

from tarocchi.cli.serve import serve
from tarocchi.server.app import create_app
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


def _collectors() -> list[object]:
    """The collector policies installed on ``gc.callbacks``."""
    return [call for call in gc.callbacks if isinstance(getattr(call, "__self__", None), Collector)]


def test_tarocchi_serve_sets_the_policy_for_its_run_and_removes_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    during: list[tuple[int, int]] = []

    def run(self: object, sockets: object) -> None:
        """Serving: what is installed, and how much is frozen."""
        during.append((len(_collectors()), gc.get_freeze_count()))

    monkeypatch.setattr(uvicorn.Server, "run", run)
    # uvicorn's logging set-up (dictConfig) closes every handler there is, the test runner's too
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    env = {"TAROCCHI_DB": f"sqlite:///{tmp_path / 'tables.db'}", "TAROCCHI_PORT": str(free_port())}
    done = CliRunner().invoke(serve, [], env=env)
    assert done.exit_code == 0, done.output
    assert len(during) == 1 and during[0][0] == 1 and during[0][1] > 0  # installed, the start frozen
    assert _collectors() == [] and gc.get_freeze_count() == 0


def test_the_app_under_another_host_leaves_its_collector_alone(tmp_path: Path) -> None:
    callbacks = list(gc.callbacks)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.callbacks == callbacks and gc.get_freeze_count() == 0
    assert gc.callbacks == callbacks
