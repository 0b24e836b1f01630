"""A person who left, across two real ``tarocchi serve`` processes on one PostgreSQL database: the
words asking for a computer player in their place count together whichever process heard them,
and the people connected to the other process count in the majority; a person who left one
process and came back at the other is there, and no creator's word replaces them. Every wait is
bounded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from remoteterm import Socket
from serverproc import Postgres, Server, serving

from tarocchi.server.around import GRACE_VARIABLE
from tarocchi.server.pace import SCALE_VARIABLE


@pytest.fixture(scope="module")
def servers(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    folder = tmp_path_factory.mktemp("around-processes")
    url = postgres.database(f"around{abs(hash(str(folder))) % 10**9}")
    env = {SCALE_VARIABLE: "0", GRACE_VARIABLE: "0"}
    (Path(folder) / "first").mkdir()
    (Path(folder) / "second").mkdir()
    with (
        serving(folder / "first", db_url=url, env=env) as first,
        serving(folder / "second", db_url=url, env=env) as second,
    ):
        yield first, second


def public_table(server: Server, names: list[str]) -> tuple[str, list[str]]:
    """A public Sicilian table of four people's seats: the first named made it and sits at seat 0,
    the others joined seats 1 to 3; (its id, the players' keys)."""
    keys = [httpx.post(f"{server.base}/api/players", json={"name": name}).json()["key"] for name in names]
    made = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "sicilian", "seats": ["invite"] * 4, "public": True, "player": keys[0], "sit": 0},
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    for seat, key in enumerate(keys[1:], start=1):
        joined = httpx.post(f"{server.base}/api/tables/{table}/join", json={"player": key, "seat": seat})
        assert joined.status_code == 200, joined.text
    return table, keys


def sit(server: Server, table: str, key: str) -> Socket:
    """A person at their seat (by their player key), once the server has told them the table."""
    person = Socket(server, table, {"player": key})
    person.until(lambda m: m["type"] == "you", "word of who they are")
    return person


def test_words_heard_by_two_processes_count_together(servers: tuple[Server, Server]) -> None:
    first, second = servers
    table, keys = public_table(first, ["Anna", "Bruno", "Cara", "Dario"])
    sit(first, table, keys[3]).close()  # Dario came and left
    anna, bruno = sit(first, table, keys[0]), sit(first, table, keys[1])
    cara = sit(second, table, keys[2])
    try:
        anna.until(lambda m: m["type"] == "seats" and not m["seats"][3]["connected"], "Dario's leaving")
        cara.send({"type": "replace", "seat": 3})
        state = cara.until(lambda m: m["type"] in ("state", "error"), "the answer to Cara's word")
        assert state["type"] == "state", state
        # one of the three people there asked (two are at the other process): no computer player yet
        assert state["table"]["votes"][3] == 1 and state["table"]["seats"][3]["kind"] == "invite"
        bruno.send({"type": "replace", "seat": 3})
        seated = bruno.until(
            lambda m: (
                m["type"] == "error" or (m["type"] == "state" and m["table"]["seats"][3]["kind"] != "invite")
            ),
            "the answer to Bruno's word",
        )
        assert seated["type"] == "state", seated  # Cara's word at the other process and Bruno's: two of three
        assert seated["table"]["seats"][3]["kind"] == "medium"
        told = cara.until(
            lambda m: (
                (m["type"] == "seats" and m["seats"][3]["kind"] != "invite")
                or (m["type"] == "state" and m["table"]["seats"][3]["kind"] != "invite")
            ),
            "the computer player at the other process",
        )
        assert told is not None
    finally:
        for person in (anna, bruno, cara):
            person.close()


def test_a_person_back_at_the_other_process_is_not_replaced(servers: tuple[Server, Server]) -> None:
    first, second = servers
    table, keys = public_table(first, ["Anna", "Bruno", "Cara", "Dario"])
    anna = sit(first, table, keys[0])
    try:
        sit(first, table, keys[1]).close()  # Bruno leaves the first process ...
        anna.until(lambda m: m["type"] == "seats" and not m["seats"][1]["connected"], "Bruno's leaving")
        bruno = sit(second, table, keys[1])  # ... and comes back at the second
        try:
            anna.send({"type": "replace", "seat": 1})
            refused = anna.until(lambda m: m["type"] == "error", "the refusal")
            assert refused["code"] == "replace", refused
            bruno.send({"type": "ping"})
            bruno.until(lambda m: m["type"] == "pong", "pong")
            assert bruno.state["table"]["seat"] == 1 and bruno.state["table"]["seats"][1]["kind"] == "invite"
        finally:
            bruno.close()
    finally:
        anna.close()
