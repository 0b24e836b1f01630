"""Nothing is lost. A real ``tarocchi serve`` is killed with SIGKILL mid-hand and
restarted on the same database: the table resumes at its last acknowledged action, the computer
players go on, the game is finished, and its record is exactly the game replayed from its actions.
No token appears in what the server prints."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from inplay import keeping_call
from serverproc import Server, http, serving
from websockets.sync.client import ClientConnection, connect

from tarocchi.core.record import replay


@pytest.fixture
def server(any_db_url: str, tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path, db_url=any_db_url) as running:
        yield running


def sit(server: Server, table: str, token: str) -> ClientConnection:
    socket = connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10, legacy=True)
    socket.send(json.dumps({"type": "hello", "token": token}))
    return socket


def my_turn(socket: ClientConnection) -> dict[str, Any]:
    """The next state in which seat 0 acts or the game is over."""
    while True:
        message = json.loads(socket.recv(timeout=30))
        if message["type"] == "state" and (message["table"]["over"] or message["view"]["to_act"] == 0):
            return message


def test_a_killed_server_resumes_every_table_where_it_stood(server: Server) -> None:
    created = http.post(
        f"{server.base}/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    ).json()
    table, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(2)  # which legal action the person picks; the deal is the server's secret
    socket = sit(server, table, token)
    acknowledged = 0
    for _ in range(12):  # well into the first hand, which a hold and a Solo keep in play (S3, S4)
        state = my_turn(socket)
        legal = state["view"]["legal_actions"]
        action = keeping_call("sicilian", state["view"], legal) or rng.choice(legal)
        socket.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))
        acknowledged = state["version"] + 1
    state = my_turn(socket)  # our last action is acknowledged: the table has moved past it
    assert state["version"] >= acknowledged
    seen = state["version"]
    server.kill()
    socket.close()

    server.start()
    socket = sit(server, table, token)
    state = my_turn(socket)
    assert state["version"] >= seen, "the restarted table lost acknowledged actions"
    while not state["table"]["over"]:
        socket.send(
            json.dumps(
                {
                    "type": "act",
                    "action": rng.choice(state["view"]["legal_actions"]),
                    "version": state["version"],
                }
            )
        )
        state = my_turn(socket)
    socket.close()

    record = http.get(f"{server.base}/api/tables/{table}/record").json()
    assert record["complete"] is True and len(record["hands"]) == 4
    summary = replay(record)  # the record is the game replayed from its deals and actions
    assert list(summary.totals) == record["totals"]
    assert sum(len(hand["actions"]) for hand in record["hands"]) == state["version"]
    printed = server.log.read_text()
    assert token not in printed and created["creator_token"] not in printed
    assert "resumed" in printed
