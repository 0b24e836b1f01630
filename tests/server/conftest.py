"""The real app on a real database file, driven through its HTTP API and websocket."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tarocchi.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def create(client: TestClient, game: str, seats: list[str], **options: str) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


class Seat:
    """One websocket at a table, keeping every message it received."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []

    def send(self, message: object) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def next(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.receive_text())
        self.received.append(message)
        return message

    def next_state(self) -> dict[str, Any]:
        while True:
            message = self.next()
            if message["type"] == "state":
                return message

    def error(self) -> dict[str, Any]:
        message = self.next()
        assert message["type"] == "error", message
        return message
