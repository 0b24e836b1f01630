"""The real app on a real database file, driven through its HTTP API and websocket."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tarocchi.server.app import create_app
from tarocchi.server.store import migrate


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file at the newest schema, made once per test worker: each app of ``client``
    starts on a copy of it rather than running every migration again (the app's own migrating of
    an empty file is what the tests of ``db_url`` and ``any_db_url`` start from)."""
    path = tmp_path_factory.mktemp("migrated") / "tables.db"
    migrate(f"sqlite:///{path}")
    return path


def on_copy(migrated: Path, path: Path) -> str:
    """The URL of an SQLite file at ``path`` that starts as a copy of the migrated one."""
    with closing(sqlite3.connect(migrated)) as source, closing(sqlite3.connect(path)) as copy:
        source.backup(copy)
    return f"sqlite:///{path}"


@pytest.fixture
def client(db_url: str, migrated: Path) -> Iterator[TestClient]:
    """The app with no undo window (computer players act at once): tests of undo make their own.
    Its database is a copy of the migrated file, so it starts as empty as a fresh one."""
    url = on_copy(migrated, Path(db_url.removeprefix("sqlite:///")))
    with TestClient(create_app(url, undo_seconds=0)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def module_client(tmp_path_factory: pytest.TempPathFactory, migrated: Path) -> Iterator[TestClient]:
    """One app as ``client`` for a whole module, for tests that each make their own players and
    tables, or only read."""
    url = on_copy(migrated, tmp_path_factory.mktemp("module") / "tables.db")
    with TestClient(create_app(url, undo_seconds=0)) as test_client:
        yield test_client
