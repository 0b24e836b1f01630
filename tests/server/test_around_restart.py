"""A real ``tarocchi serve`` stopped (SIGTERM) and started again on its database: a person who had
left before is still away since then (a computer player may take their seat at once), while a
person connected when the server stopped did not leave (the grace time is theirs again)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serverproc import Server, http
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tarocchi.server.around import GRACE_VARIABLE

GRACE = 3


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(GRACE_VARIABLE, str(GRACE))
        running = Server(f"sqlite:///{tmp_path / 'tables.db'}", tmp_path / "server.log")
        running.start()
        yield running
        running.stop()


def first_state(server: Server, table: str, token: str | None) -> dict[str, object]:
    """What a connection saying hello (with ``token``, or none: a spectator) is first sent."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
        while True:
            message = json.loads(socket.recv(timeout=20))
            if message["type"] == "state":
                table_fields: dict[str, object] = message["table"]
                return table_fields


def test_a_restart_keeps_who_had_left_and_is_no_leaving_itself(server: Server) -> None:
    made = http.post(
        f"{server.base}/api/tables", json={"game": "piedmont", "seats": ["invite", "invite", "easy", "easy"]}
    ).json()
    south, west = (seat["token"] for seat in made["seats"][:2])
    with connect(f"ws://127.0.0.1:{server.port}/ws/{made['id']}", open_timeout=10) as staying:
        staying.send(json.dumps({"type": "hello", "token": south}))
        first_state(server, made["id"], west)  # West comes and goes
        time.sleep(GRACE + 0.5)
        assert server.process is not None
        server.stop()  # South is still connected
        with pytest.raises(ConnectionClosed):  # the server closed it as it stopped
            while True:
                staying.recv(timeout=20)
    time.sleep(GRACE)  # down for the grace time: South would be away that long had the stop counted
    server.start()
    seen = first_state(server, made["id"], None)
    absent = seen["absent"]
    assert isinstance(absent, list)
    assert absent[1] >= 2 * GRACE and seen["replaceable"] == [1], seen  # West: away since before the stop
    assert absent[0] < GRACE  # South was there when the server stopped: away only since it came back
