"""Around a table across two real ``tarocchi serve`` processes on one PostgreSQL database. A person
who left: the words asking for a computer player in their place count together whichever process
heard them, and the people connected to the other process count in the majority; a person who
left one process and came back at the other is there, and no creator's word replaces them; a
person connected to the other process since before this one loaded the table, whom no process
can know to be there, is offered the seat back. Play again: two people at different processes
who both say it end at one new table. Every wait is bounded."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from configs import TEST_GAMES
from remoteterm import WAIT, Socket, Terminal, Watcher
from serverproc import Postgres, Server, http, serving
from sqlalchemy import func, select

from tarocchi.cli.play import EXIT_INTERRUPTED
from tarocchi.core.registry import ENVIRONMENT
from tarocchi.server.around import GRACE_VARIABLE
from tarocchi.server.pace import SCALE_VARIABLE
from tarocchi.server.store import Store, digest, tables


@pytest.fixture(scope="module")
def servers(postgres: Postgres, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Server]]:
    """Both processes with Trio (``tests/fixture_game``) installed as an operator adds a game, for
    the whole games of play again: three hands of five cards each, the shortest whole game there
    is (a Sicilian game is four hands of fifteen)."""
    folder = tmp_path_factory.mktemp("around-processes")
    url = postgres.database(f"around{abs(hash(str(folder))) % 10**9}")
    tests = str(Path(__file__).resolve().parent.parent)
    path = os.pathsep.join(p for p in (tests, os.environ.get("PYTHONPATH", "")) if p)
    env = {
        SCALE_VARIABLE: "0",
        GRACE_VARIABLE: "0",
        "PYTHONPATH": path,
        ENVIRONMENT: f"trio={TEST_GAMES['trio']}",
    }
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
    keys = [http.post(f"{server.base}/api/players", json={"name": name}).json()["key"] for name in names]
    made = http.post(
        f"{server.base}/api/tables",
        json={"game": "sicilian", "seats": ["invite"] * 4, "public": True, "player": keys[0], "sit": 0},
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    for seat, key in enumerate(keys[1:], start=1):
        joined = http.post(f"{server.base}/api/tables/{table}/join", json={"player": key, "seat": seat})
        assert joined.status_code == 200, joined.text
    return table, keys


def sit(server: Server, table: str, key: str) -> Socket:
    """A person at their seat (by their player key), once the server has told them the table."""
    person = Socket(server, table, {"player": key})
    person.until(lambda m: m["type"] == "you", "word of who they are")
    return person


def stored_away(server: Server, table: str, seat: int) -> None:
    """Wait until the database holds when ``seat``'s person left (stored just after the others
    are told)."""
    store = Store(server.db_url)
    try:
        deadline = time.monotonic() + WAIT
        while (stored := store.load(table)) is None or stored.away_since[seat] is None:
            assert time.monotonic() < deadline, f"seat {seat}'s leaving was not stored"
            time.sleep(0.05)
    finally:
        store.close()


def last_seated(watcher: Watcher, seated: dict[str, Any]) -> dict[str, Any]:
    """The last state in which the watcher's seat was still South's (``seated``, unless a later one
    came): the moves of the terminal's prompt, which was sent the same states."""
    while True:
        try:
            message = json.loads(watcher.socket.recv(timeout=0.1 if seated else 10))
        except TimeoutError:
            return seated
        if message["type"] == "state" and message["table"]["seat"] == 0:
            seated = message


def test_words_heard_by_two_processes_count_together(servers: tuple[Server, Server]) -> None:
    first, second = servers
    table, keys = public_table(first, ["Anna", "Bruno", "Cara", "Dario"])
    sit(first, table, keys[3]).close()  # Dario came and left
    stored_away(first, table, 3)
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
        stored_away(first, table, 1)
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


def test_a_person_connected_elsewhere_since_before_the_loading_is_offered_the_seat_back(
    servers: tuple[Server, Server],
) -> None:
    """What no process knows: the terminal's person sat at the second process before the first
    process ever counted them, so the first counts them away from its loading, and the creator's
    word there gives their seat to a computer player. The terminal says so in one line, and the
    same command offers the seat back."""
    first, second = servers
    anna = http.post(f"{first.base}/api/players", json={"name": "Anna"}).json()["key"]
    made = http.post(
        f"{first.base}/api/tables",
        json={"game": "piedmont", "seats": ["invite", "invite", "easy", "easy"], "player": anna},
    ).json()  # West's person never comes: the table waits on them, and the game goes on no further
    table, token = made["id"], made["seats"][0]["token"]
    link = f"{second.base}{made['seats'][0]['link']}"
    terminal = Terminal(link)
    watcher = Watcher(second, table, token)  # South's moves as the server lists them
    try:
        terminal.wait_for("you are South")
        seated = last_seated(watcher, {})
        creator = Socket(first, table, {"player": anna})
        creator.until(lambda m: m["type"] == "you" and m["creator"], "word that Anna made the table")
        creator.send({"type": "replace", "seat": 0})
        creator.until(
            lambda m: m["type"] == "state" and m["table"]["seats"][0]["kind"] == "medium",
            "the computer player",
        )
        creator.close()
        deadline = time.monotonic() + WAIT
        answered = 0
        while terminal.process.poll() is None:  # at a prompt, the terminal hears it once it is answered
            assert time.monotonic() < deadline, terminal.text()[-3000:]
            seated = last_seated(watcher, seated)
            text = terminal.text()
            prompts = text.count("South> ") + text.count("Press Enter for the next hand")
            if prompts > answered and text.rstrip().endswith(("South>", "(or type quit)")):
                answered = prompts
                south = text.rstrip().endswith("South>")
                terminal.type(seated["view"]["legal_actions"][0] if south else "")
            time.sleep(0.1)
        assert terminal.ended() == 1
        assert "your seat was given to someone else: the same command offers it back" in terminal.text()
        back = Terminal("--server", second.base, "--token", token)
        back.wait_for("Press Enter to take your seat back")
        back.type("")
        back.wait_for("You took your seat back")
        back.wait_for("you are South")
        back.process.send_signal(signal.SIGINT)  # waiting on West, no prompt: Ctrl-C leaves
        assert back.ended() == EXIT_INTERRUPTED
        assert "Traceback" not in terminal.text() + back.text()
    finally:
        watcher.opened.close()
        if terminal.process.poll() is None:
            terminal.process.kill()


def newest(people: dict[int, Socket], waiting: Socket | None = None) -> None:
    """Read what each person's socket has received so far (their ``state`` the newest), after
    ``waiting``'s next message (a second at most): an event wait, never a fixed pause."""
    if waiting is not None:
        try:
            message = json.loads(waiting.socket.recv(timeout=1))
        except TimeoutError:
            pass
        else:
            if message["type"] == "state":
                waiting.state = message
    for person in people.values():
        while True:
            try:
                message = json.loads(person.socket.recv(timeout=0))
            except TimeoutError:
                break
            if message["type"] == "state":
                person.state = message


def play_to_the_end(people: dict[int, Socket], seconds: float = 300) -> None:
    """Each person plays their first legal action whenever the newest state says it is their turn,
    until both have seen the game's end (the computer players play the other seats). Between moves
    it waits for the next message of the person told the least so far: every state goes to both,
    so that person's socket is the one sure to hear next."""
    deadline = time.monotonic() + seconds
    acted: dict[int, int] = {}
    waiting: Socket | None = None
    while not all(person.state.get("table", {}).get("over") for person in people.values()):
        assert time.monotonic() < deadline, (
            f"the game did not end: {[p.state.get('view') for p in people.values()]}"
        )
        newest(people, waiting)
        for seat, person in people.items():
            state = person.state
            if state["view"]["to_act"] == seat and acted.get(seat) != state["version"]:
                acted[seat] = state["version"]
                person.send(
                    {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
                )
        waiting = min(people.values(), key=lambda person: int(person.state["version"]))


@pytest.mark.parametrize("at_once", [True, False], ids=["at-once", "in-turn"])
def test_play_again_with_the_people_at_two_processes(servers: tuple[Server, Server], at_once: bool) -> None:
    """Anna at the first process and Bruno at the second finish a game and both say play again, at
    once (both processes may decide) or in turn (Bruno's page shows Anna's word, and Anna's
    process hears of the new table Bruno's made): both are sent to the same new table, and the
    database holds one new table only."""
    first, second = servers
    keys = [
        http.post(f"{first.base}/api/players", json={"name": name}).json()["key"]
        for name in ("Anna", "Bruno")
    ]
    made = http.post(
        f"{first.base}/api/tables",
        json={
            "game": "trio",
            "seats": ["invite", "invite", "easy"],
            "public": True,
            "player": keys[0],
            "sit": 0,
        },
    )
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    joined = http.post(f"{second.base}/api/tables/{table}/join", json={"player": keys[1], "seat": 1})
    assert joined.status_code == 200, joined.text
    anna, bruno = sit(first, table, keys[0]), sit(second, table, keys[1])
    try:
        if anna.state["table"]["names"][1] is None:  # Bruno joined at the other process: heard of soon
            anna.until(lambda m: m["type"] == "state" and m["table"]["names"][1] == "Bruno", "Bruno's name")
        play_to_the_end({0: anna, 1: bruno})
        anna.send({"type": "again"})
        if not at_once:
            bruno.until(lambda m: m["type"] == "state" and m["table"]["again"] == [0], "Anna's word")
        bruno.send({"type": "again"})
        told = [
            person.until(lambda m: m["type"] == "state" and m["table"]["next"] is not None, "the new table")
            for person in (anna, bruno)
        ]
        successor = told[0]["table"]["next"]
        assert told[1]["table"]["next"] == successor
    finally:
        anna.close()
        bruno.close()
    store = Store(first.db_url)
    try:
        with store.engine.connect() as db:
            made_by_anna = db.execute(
                select(func.count()).select_from(tables).where(tables.c.creator_player == digest(keys[0]))
            ).scalar_one()
        assert made_by_anna == 2  # the old table and its one successor
        old = store.load(table)
        assert old is not None and old.next_id == successor and old.again == {0, 1}
    finally:
        store.close()
    for server, key, seat in ((second, keys[1], 1), (first, keys[0], 0)):
        person = sit(
            server, successor, key
        )  # each process serves the new table, its seat bound to the player
        try:
            state = person.state or person.until(lambda m: m["type"] == "state", "the new table's state")
            assert state["table"]["seat"] == seat and state["table"]["over"] is False
            assert state["table"]["names"][:2] == ["Anna", "Bruno"]
        finally:
            person.close()
