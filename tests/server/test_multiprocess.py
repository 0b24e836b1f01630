"""Two real ``tarocchi serve`` processes on one PostgreSQL database serve one table.

Its seats' clients are split between the processes (seats 0 and 2 and a spectator on the first,
seat 1 and a spectator on the second, seat 3 an easy computer player), so the actions go
alternately through both; every client sees every change. Two connections of one seat, one on
each process, send an action on the same version: exactly one is taken. Then the first process
is killed with SIGKILL mid-hand; its clients reconnect to the second, find the table as it stood,
and the game is played to its end; its record downloads and replays.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import Postgres, Server, http, serving
from websockets.sync.client import connect

from tarocchi.core.record import replay
from tarocchi.server.store import Store


class Client:
    """A websocket at the table on one process: its latest state, every version it was told of
    and every error, read in order."""

    def __init__(self, server: Server, table: str, token: str | None = None) -> None:
        self.socket = connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10, legacy=True)
        self.socket.send(json.dumps({"type": "hello"} | ({"token": token} if token else {})))
        self.versions: set[int] = set()
        self.errors: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {}
        self._read(lambda message: message["type"] == "state")
        self.first = self.version

    @property
    def version(self) -> int:
        return int(self.state["version"])

    def _read(self, enough: Callable[[dict[str, Any]], bool]) -> None:
        while True:
            message: dict[str, Any] = json.loads(self.socket.recv(timeout=30))
            if message["type"] == "state":
                self.state = message
                self.versions.add(message["version"])
            elif message["type"] == "error":
                self.errors.append(message)
            if enough(message):
                return

    def until(self, version: int) -> None:
        """Read until told of ``version`` or a later one."""
        if not self.state or self.version < version:
            self._read(lambda message: message["type"] == "state" and message["version"] >= version)

    def drain(self) -> None:
        """Read everything the server sent before it answers a ping."""
        self.socket.send(json.dumps({"type": "ping"}))
        self._read(lambda message: message["type"] == "pong")

    def act(self, action: str, version: int) -> None:
        self.socket.send(json.dumps({"type": "act", "action": action, "version": version}))

    def saw_every_change(self) -> bool:
        """Whether it was told of every version from its first to its latest."""
        return self.versions == set(range(self.first, self.version + 1))


@pytest.fixture
def servers(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = postgres.database(f"multi{abs(hash(str(tmp_path))) % 10**9}")
    (tmp_path / "first").mkdir()
    (tmp_path / "second").mkdir()
    with serving(tmp_path / "first", db_url=url) as first, serving(tmp_path / "second", db_url=url) as second:
        yield first, second


def play(
    clients: list[Client],
    people: dict[int, Client],
    rng: random.Random,
    done: Callable[[dict[str, Any]], bool],
) -> dict[str, Any]:
    """Change by change until ``done(state)``: the person to act acts through his own process (a
    computer player's move comes by itself), and every client is told before the next."""
    while True:
        lead = max(clients, key=lambda client: client.version)
        for client in clients:
            client.until(lead.version)
        state = lead.state
        if done(state):
            return state
        person = people.get(state["view"]["to_act"])
        if person is not None:
            person.act(rng.choice(person.state["view"]["legal_actions"]), state["version"])
        for client in clients:
            client.until(state["version"] + 1)


def test_two_processes_serve_one_table_and_one_outlives_the_other(servers: tuple[Server, Server]) -> None:
    first, second = servers
    created = http.post(
        f"{first.base}/api/tables", json={"game": "sicilian", "seats": ["invite", "invite", "invite", "easy"]}
    ).json()
    table, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    rng = random.Random(5)  # which legal action each person picks; the deal is the server's secret
    people = {0: Client(first, table, tokens[0]), 1: Client(second, table, tokens[1])}
    people[2] = Client(first, table, tokens[2])
    watchers = [Client(first, table), Client(second, table)]
    clients = [*people.values(), *watchers]

    state = play(clients, people, rng, lambda state: state["version"] >= 12)

    # the same seat on both processes, the same version, two different actions: one is taken
    while state["view"]["to_act"] not in people:
        state = play(clients, people, rng, lambda s, v=state["version"]: s["version"] > v)
    seat, version = state["view"]["to_act"], state["version"]
    here = people[seat]
    there = Client(second if here in (people[0], people[2]) else first, table, tokens[seat])
    there.until(version)
    legal = here.state["view"]["legal_actions"]
    here.act(legal[0], version)
    there.act(legal[-1], version)
    for client in (here, there):
        client.until(version + 1)
        client.drain()
    refused = here.errors + there.errors
    assert [error["code"] for error in refused] == ["stale"], refused
    there.socket.close()
    for process in (first, second):
        assert http.get(f"{process.base}/api/tables/{table}").json()["version"] >= version + 1

    # past the first hand, then the first process dies; its clients come to the second (at a
    # version that is a multiple of 7: the next hands take at least a bargain's four calls each,
    # S3, so one comes before the end whatever the deals)
    state = play(
        clients,
        people,
        rng,
        lambda state: len(state["sheet"]) >= 1 and state["version"] % 7 == 0 and not state["table"]["over"],
    )
    assert not state["table"]["over"]
    for client in clients:
        assert client.saw_every_change(), (client.first, sorted(client.versions))
    first.kill()
    seen = max(client.version for client in clients)
    people[0], people[2] = Client(second, table, tokens[0]), Client(second, table, tokens[2])
    clients = [*people.values(), watchers[1], Client(second, table)]
    # the computer player may have moved between the last state the clients saw and the kill
    # (committed, then killed before anyone was told): the table stands where the database has it
    database = Store(second.db_url)
    stands = database.news(table, 0).version
    database.close()
    assert stands in (seen, seen + 1), (stands, seen)
    for client in clients:
        client.until(stands)
        client.drain()
    assert {client.version for client in clients} == {stands}, "the table is not as it stood"

    state = play(clients, people, rng, lambda state: bool(state["table"]["over"]))
    for client in clients:
        assert client.saw_every_change(), (client.first, sorted(client.versions))

    record = http.get(f"{second.base}/api/tables/{table}/record").json()
    assert record["complete"] is True and len(record["hands"]) == 4
    summary = replay(record)
    assert list(summary.totals) == record["totals"]
    # no action lost, none applied twice: the record holds exactly one action per version
    assert sum(len(hand["actions"]) for hand in record["hands"]) == state["version"]
