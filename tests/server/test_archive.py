"""An unfinished table nobody changed for a week is archived: a server's start does not load it
(its start stays quick however many tables were left), and it reopens when someone asks for it or
connects to it, where it plays on."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from serverproc import Seat, create
from sqlalchemy import select, update
from test_play import until_my_turn

from tarocchi.server.app import create_app
from tarocchi.server.store import Store, tables

DAY = 86_400


def touched(db_url: str, table_id: str, when: int | None = None) -> int:
    """When the table last changed (Unix seconds), after setting it to ``when`` if given."""
    store = Store(db_url)
    try:
        with store.engine.begin() as db:
            if when is not None:
                db.execute(update(tables).where(tables.c.id == table_id).values(touched=when))
            found: int = db.execute(select(tables.c.touched).where(tables.c.id == table_id)).scalar_one()
            return found
    finally:
        store.close()


def test_a_table_left_a_week_loads_when_asked_for_not_at_start(db_url: str) -> None:
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        old = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
        fresh = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    assert abs(touched(db_url, old["id"]) - time.time()) < 60
    touched(db_url, old["id"], int(time.time()) - 8 * DAY)
    with TestClient(create_app(db_url, archive_days=10)) as client:  # a server that keeps them longer
        assert old["id"] in client.app.state.tables.live  # type: ignore[attr-defined]
    touched(db_url, old["id"], int(time.time()) - 8 * DAY)  # its computer players may have moved
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        live = client.app.state.tables.live  # type: ignore[attr-defined]
        assert fresh["id"] in live and old["id"] not in live
        assert client.get(f"/api/tables/{old['id']}").json()["version"] >= 0  # reopened on demand
        assert old["id"] in live
        with client.websocket_connect(f"/ws/{old['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": old["seats"][0]["token"]})
            state = until_my_turn(seat, 0)  # the computer players move again
            seat.send(
                {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
            )
            assert seat.next_state()["version"] == state["version"] + 1
    assert abs(touched(db_url, old["id"]) - time.time()) < 60  # touched again: live at the next start
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        assert old["id"] in client.app.state.tables.live  # type: ignore[attr-defined]


def test_a_running_server_forgets_a_table_left_idle_and_reloads_it_when_asked(db_url: str) -> None:
    """With an archive time of a second: a table nobody watches leaves memory once idle that
    long; one watched stays; the forgotten one loads again, as it was, when asked for."""
    with TestClient(create_app(db_url, undo_seconds=0, archive_days=1 / DAY)) as client:
        live = client.app.state.tables.live  # type: ignore[attr-defined]
        left, watched = (create(client, "taroinche", ["invite"] * 5) for _ in range(2))
        with client.websocket_connect(f"/ws/{watched['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello"})
            seat.next_state()
            time.sleep(2.5)
            assert left["id"] not in live and watched["id"] in live
        assert client.get(f"/api/tables/{left['id']}").json()["version"] == 0
        assert left["id"] in live
