"""The real app on a real database file, driven through its HTTP API and websocket."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
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


@pytest.fixture
def client(db_url: str, migrated: Path) -> Iterator[TestClient]:
    """The app with no undo window (computer players act at once): tests of undo make their own.
    Its database is a copy of the migrated file, so it starts as empty as a fresh one."""
    with sqlite3.connect(migrated) as source, sqlite3.connect(db_url.removeprefix("sqlite:///")) as copy:
        source.backup(copy)
    source.close()
    copy.close()
    with TestClient(create_app(db_url, undo_seconds=0)) as test_client:
        yield test_client
