"""Shared by every test folder (this folder is on the path, so tests import serverproc)."""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from configs import TEST_GAMES, playing
from hypothesis import HealthCheck, settings
from serverproc import Postgres, Server

from tarocchi.core.protocol import Game
from tarocchi.core.registry import ENVIRONMENT, get_game

settings.register_profile("tarocchi", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tarocchi")
"""Hypothesis times no example: a machine running several suites at once makes any deadline
flaky, and speed has its benchmarks (docs/performance.md)."""

# A run started in the background by a shell without job control (as a CI runner may start it)
# ignores SIGINT, and every program a test starts inherits that: Python then installs no Ctrl-C
# handler, and the tests that press Ctrl-C wait for a program that never hears it. Each test
# worker hears it again, and so do the programs it starts.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One throwaway PostgreSQL server for the session (one per test worker), in a folder of its
    own that the ``postgres`` user can reach (pytest's temporary folders are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="tarocchi-postgres-"))
    server = Postgres(folder)
    server.start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind the server supports: an SQLite file, a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.db'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.database(f"t{os.getpid()}_{abs(hash(request.node.nodeid)) % 10**9}")


@pytest.fixture
def trio() -> Iterator[Game[Any]]:
    """Trio (``tests/fixture_game``), the game written only as a test fixture, registered while
    the test runs."""
    with playing("trio"):
        yield get_game("trio")


@pytest.fixture
def trio_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trio for every program the test starts, as an operator adds a game: its package on the
    path and ``TAROCCHI_GAMES`` naming it (docs/adding-a-game.md)."""
    here = str(Path(__file__).resolve().parent)
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (here, path) if p))
    monkeypatch.setenv(ENVIRONMENT, f"trio={TEST_GAMES['trio']}")


@pytest.fixture
def trio_server(trio_installed: None, tmp_path: Path) -> Iterator[Server]:
    """A real ``tarocchi serve`` on an SQLite file of the test's, with Trio from ``TAROCCHI_GAMES``."""
    running = Server(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path / "server.log")
    running.start()
    yield running
    running.stop()


SLOW_FIRST = (
    "tests/web/",
    "tests/bots/test_players.py",
    "tests/research/test_copies.py",
    "tests/cli/test_table_wrapping.py",
    "tests/server/test_seat_tokens.py",
    "tests/research/test_openspiel.py",
    "tests/research/test_exact_resampling.py",
    "tests/cli/test_table_resume.py",
    "tests/core/test_core_records.py",
    "tests/core/test_record_fuzz.py",
    "tests/cli/test_remote_table.py",
    "tests/server/test_multiprocess.py",
)
"""Where the tests taking tens of seconds each are (a browser, a server process, search players'
hands, a copy compared step by step; pytest's ``--durations`` names them): run first, so that the
workers share the quick ones at the end instead of one waiting for another's last long test."""


def together(item: pytest.Item) -> str:
    """What one worker runs as a whole: the page tests (each worker starts its own browser and
    servers), a module whose tests share a module-scoped fixture (a server, a recorded game),
    else the test alone."""
    if item.nodeid.startswith("tests/web/"):
        return "tests/web/"
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.values() if info is not None else ()
    shared = any(fixture.scope in ("module", "package") for found in definitions for fixture in found)
    return item.nodeid.split("::")[0] if shared else item.nodeid


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, dealt out in turn to the workers' shares. pytest-xdist's worksteal
    hands each worker one contiguous share of the collection and later moves to an idle worker
    only tests not started, from the end of a share: each share starts with its part of the slow
    tests and is filled up with quick ones, instead of the first worker's share holding them all."""

    def place(item: pytest.Item) -> int:
        return next(
            (i for i, where in enumerate(SLOW_FIRST) if item.nodeid.startswith(where)), len(SLOW_FIRST)
        )

    items.sort(key=place)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    slow = [item for item in items if place(item) < len(SLOW_FIRST)]
    quick = items[len(slow) :]
    units: dict[str, list[pytest.Item]] = {}
    for item in slow:
        units.setdefault(together(item), []).append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for turn, unit in enumerate(units.values()):
        shares[turn % workers] += unit
    left = len(items)
    for worker, share in enumerate(shares):  # the shares' sizes as worksteal cuts them
        size = left // (workers - worker)
        left -= size
        room = max(0, size - len(share))
        share += quick[:room]
        del quick[:room]
    shares[-1] += quick
    items[:] = [item for share in shares for item in share]
