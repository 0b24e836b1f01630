"""The real app on a real database file, driven through its HTTP API and websocket."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tarocchi.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app with no undo window (computer players act at once): tests of undo make their own."""
    with TestClient(create_app(db_url, undo_seconds=0)) as test_client:
        yield test_client
