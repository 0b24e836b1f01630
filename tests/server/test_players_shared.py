"""Two server processes on one PostgreSQL database: a player who joins a public table through one
is known to the other at once (its name at the seat, their key opening it there)."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from serverproc import Postgres, Seat
from test_player_names import player, public_table

from tarocchi.server.app import create_app


def test_a_player_seated_through_one_process_sits_there_through_the_other(postgres: Postgres) -> None:
    url = postgres.database(f"shared{time.monotonic_ns() % 10**9}")
    with (
        TestClient(create_app(url, undo_seconds=0)) as one,
        TestClient(create_app(url, undo_seconds=0)) as two,
    ):
        anna, bruno = player(one, "Anna"), player(one, "Bruno")
        table = public_table(one, anna, ["invite"] * 4)
        assert two.get(f"/api/tables/{table['id']}").status_code == 200  # live in the second too
        assert (
            one.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1}).status_code == 200
        )
        deadline = time.monotonic() + 20
        names: list[object] = []
        while time.monotonic() < deadline:
            listed = {t["id"]: t for t in two.get("/api/lobby").json()}
            names = [seat["name"] for seat in listed[table["id"]]["seats"]]
            if names[1] == "Bruno":
                break
            time.sleep(0.1)
        assert names == ["Anna", "Bruno", None, None]
        with two.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "player": bruno})
            state = seat.next_state()
            assert state["table"]["seat"] == 1 and state["present"]["seat_names"][1] == "Bruno (West)"
