"""A table is its stored actions. The same table survives a restart of the app on the
same database, exactly, on SQLite and on PostgreSQL."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from serverproc import Seat, create

from tarocchi.server.app import create_app


def test_a_restarted_app_finds_every_table_exactly_as_it_was(any_db_url: str) -> None:
    rng = random.Random(3)  # which legal action each person picks; the deal is the server's secret
    with TestClient(create_app(any_db_url)) as client:
        table = create(client, "taroinche", ["invite"] * 5, hands="5")
        to_act = acted = 0
        while acted < 8:  # one person moving from seat to seat, as the turn goes round
            with client.websocket_connect(f"/ws/{table['id']}") as socket:
                seat = Seat(socket)
                seat.send({"type": "hello", "token": table["seats"][to_act]["token"]})
                state = seat.next_state()
                if state["view"]["to_act"] == to_act:
                    action = rng.choice(state["view"]["legal_actions"])
                    seat.send({"type": "act", "action": action, "version": state["version"]})
                    state = seat.next_state()
                    acted += 1
                to_act = state["view"]["to_act"]
        before = state
    with TestClient(create_app(any_db_url)) as client:
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == before["version"] == 8
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][before["table"]["seat"]]["token"]})
            after = seat.next_state()
    assert after["view"] == before["view"] and after["sheet"] == before["sheet"]
