"""Shared by every test folder (this folder is on the path, so tests import serverproc)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverproc import Postgres


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
