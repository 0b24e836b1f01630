"""On a database several processes share, a process that loads a table did not make its latest
change: it stands by STANDBY_SECONDS before it moves the table's computer players (the process
that made the change moves them; this one only if that one is gone). A table it creates itself it
moves at once."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from serverproc import Postgres, Seat

from tarocchi.server.app import create_app
from tarocchi.server.store import Store, digest
from tarocchi.server.tables import STANDBY_SECONDS


def seconds_to_first_move(client: TestClient, table: str) -> float:
    """How long after a spectator's hello the table's first action came."""
    with client.websocket_connect(f"/ws/{table}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello"})
        start = time.monotonic()
        assert seat.next_state()["version"] == 0
        assert seat.next_state()["version"] == 1
        return time.monotonic() - start


def test_a_process_that_loads_a_table_stands_by_before_moving_its_computer_players(
    postgres: Postgres,
) -> None:
    url = postgres.database(f"standby{time.monotonic_ns() % 10**9}")
    with TestClient(create_app(url, undo_seconds=0)) as client:
        other = Store(url)  # another process, which made the table and then stood still
        try:
            other.create("elsewhere", "sicilian", {}, 5, 0, 4, digest("creator"), [("easy", None)] * 4)
        finally:
            other.close()
        waited = seconds_to_first_move(client, "elsewhere")
        assert STANDBY_SECONDS - 0.5 <= waited < STANDBY_SECONDS + 3, waited

        made = client.post("/api/tables", json={"game": "sicilian", "seats": ["easy"] * 4}).json()
        assert seconds_to_first_move(client, made["id"]) < STANDBY_SECONDS - 2
