"""Limits on what one client, one table and everyone together may open: table creation (a rate and
a count, refused 429 with Retry-After and a one-line reason) and websockets (a ``busy`` error, then
close 1013). Against the real app with small limits."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from starlette.websockets import WebSocketDisconnect

from tarocchi.server.app import create_app
from tarocchi.server.guards import BUSY
from tarocchi.server.settings import Settings

NEW = {"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}", undo_seconds=0)


def serving(settings: Settings, address: str = "10.0.0.1") -> TestClient:
    return TestClient(create_app(settings), client=(address, 40000))


@pytest.fixture
def small(settings: Settings) -> Iterator[Settings]:
    yield replace(settings, tables_per_minute=3, tables_per_minute_all=5)


def test_an_address_creates_at_most_its_rate_and_is_told_when_to_come_back(small: Settings) -> None:
    with serving(small) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=NEW).status_code == 201
        refused = client.post("/api/tables", json=NEW)
    assert refused.status_code == 429
    assert "\n" not in refused.json()["detail"] and "at most 3 a minute" in refused.json()["detail"]
    assert 50 <= int(refused.headers["retry-after"]) <= 60


def test_everyone_together_creates_at_most_the_overall_rate(small: Settings) -> None:
    app = create_app(small)
    with TestClient(app, client=("10.0.0.1", 1)) as first, TestClient(app, client=("10.0.0.2", 1)) as second:
        answers = [
            client.post("/api/tables", json=NEW).status_code for client in (first, first, first, second)
        ]
        assert answers == [201, 201, 201, 201]
        assert second.post("/api/tables", json=NEW).status_code == 201
        refused = second.post("/api/tables", json=NEW)
    assert refused.status_code == 429 and "at most 5 tables a minute" in refused.json()["detail"]
    assert int(refused.headers["retry-after"]) >= 1


def test_an_address_holds_at_most_its_count_of_unfinished_tables(settings: Settings) -> None:
    counted = replace(settings, open_tables_per_address=2, tables_per_minute=100)
    with serving(counted) as client:
        assert [client.post("/api/tables", json=NEW).status_code for _ in range(2)] == [201, 201]
        refused = client.post("/api/tables", json=NEW)
        assert refused.status_code == 429 and "2 unfinished tables" in refused.json()["detail"]
        assert "retry-after" in refused.headers
    with serving(counted, "10.0.0.9") as other:
        assert other.post("/api/tables", json=NEW).status_code == 201


def test_the_server_holds_at_most_its_count_of_unfinished_tables(settings: Settings) -> None:
    counted = replace(settings, open_tables=2, tables_per_minute=100)
    app = create_app(counted)
    with TestClient(app, client=("10.0.0.1", 1)) as first, TestClient(app, client=("10.0.0.2", 1)) as second:
        assert first.post("/api/tables", json=NEW).status_code == 201
        assert second.post("/api/tables", json=NEW).status_code == 201
        refused = second.post("/api/tables", json=NEW)
    assert refused.status_code == 429 and "unfinished tables it may" in refused.json()["detail"]


def test_a_refused_creation_creates_nothing(small: Settings) -> None:
    with serving(small) as client:
        created = [client.post("/api/tables", json=NEW) for _ in range(4)]
        tables = client.app.state.tables  # type: ignore[attr-defined]
        assert len(tables.store.unfinished()) == 3
    assert [answer.status_code for answer in created] == [201, 201, 201, 429]


def busy(client: TestClient, table_id: str) -> str:
    """Open one more websocket on ``table_id``, expecting it refused: its error's message."""
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        error = Seat(socket).error()
        assert error["code"] == "busy"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_text()
    assert closed.value.code == BUSY
    message: str = error["message"]
    return message


@pytest.mark.parametrize(
    ("limit", "words"),
    [
        ("sockets_per_table", "this table has 3"),
        ("sockets_per_address", "your address has 3"),
        ("sockets", "3 connections"),
    ],
)
def test_websockets_past_a_limit_are_told_busy_and_closed(settings: Settings, limit: str, words: str) -> None:
    with serving(replace(settings, **{limit: 3})) as client:
        table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])["id"]
        with client.websocket_connect(f"/ws/{table}") as a, client.websocket_connect(f"/ws/{table}") as b:
            with client.websocket_connect(f"/ws/{table}") as c:
                for socket in (a, b, c):
                    Seat(socket).send({"type": "hello"})
                    assert Seat(socket).next_state()["type"] == "state"
                assert words in busy(client, table)
            with client.websocket_connect(f"/ws/{table}") as again:  # one left: there is room again
                Seat(again).send({"type": "hello"})
                assert Seat(again).next_state()["type"] == "state"


def test_the_table_limit_counts_each_table_apart(settings: Settings) -> None:
    with serving(replace(settings, sockets_per_table=1)) as client:
        first = create(client, "sicilian", ["invite", "easy", "easy", "easy"])["id"]
        second = create(client, "sicilian", ["invite", "easy", "easy", "easy"])["id"]
        with client.websocket_connect(f"/ws/{first}"):
            assert "this table has 1" in busy(client, first)
            with client.websocket_connect(f"/ws/{second}") as other:
                Seat(other).send({"type": "ping"})
                assert Seat(other).next() == {"type": "pong"}
