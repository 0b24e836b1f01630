"""Around a table, over the websocket: names at the seats and in the log, chat (its rooms, limits
and mutes), a computer player for a person who left and the seat taken back, the time limit set
by the creator, play again; hostile input answered with clear errors; player keys never sent to
anyone nor logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat
from test_player_names import player, public_table

from tarocchi.server.around import GRACE_VARIABLE
from tarocchi.server.store import digest


@contextmanager
def sitting(client: TestClient, table_id: str, key: str | None = None) -> Iterator[Seat]:
    """A connection that said hello with a player key (or none: a spectator); its first state read."""
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "player": key} if key else {"type": "hello"})
        seat.next_state()
        yield seat


def until(seat: Seat, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (each one awaited is sure to come)."""
    while True:
        message = seat.next()
        if message["type"] == kind:
            return message


def until_state(seat: Seat, wanted: Any) -> dict[str, Any]:
    """The next state for which ``wanted(state)`` holds (it is sure to come)."""
    while True:
        state = seat.next_state()
        if wanted(state):
            return state


def latest(seat: Seat) -> dict[str, Any]:
    """The newest state received so far."""
    return [m for m in seat.received if m["type"] == "state"][-1]


def everything(*seats: Seat) -> str:
    return str([m for seat in seats for m in seat.received])


def test_names_at_the_seats_and_in_the_log_and_keys_never_sent(client: TestClient, caplog: Any) -> None:
    caplog.set_level(logging.DEBUG)
    anna, bruno = player(client, "Anna"), player(client, "<i>Bruno</i>")
    table = public_table(client, anna, ["invite", "invite", "invite", "medium"])
    assert (
        client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1}).status_code == 200
    )
    with (
        sitting(client, table["id"], anna) as a,
        sitting(client, table["id"], bruno) as b,
        sitting(client, table["id"]) as watcher,
    ):
        state = latest(b)
        assert state["table"]["seat"] == 1 and state["table"]["names"] == [
            "Anna",
            "<i>Bruno</i>",
            None,
            None,
        ]
        assert state["present"]["seat_names"] == [
            "Anna (South)",
            "<i>Bruno</i> (West)",
            "North",
            "East",
        ]
        assert latest(watcher)["table"]["seat"] is None
        assert until(a, "you") == {"type": "you", "creator": True, "reclaim": None, "name": "Anna"}
        assert until(b, "you") == {"type": "you", "creator": False, "reclaim": None, "name": "<i>Bruno</i>"}
        b.send({"type": "ping"})
        until(b, "pong")
        for line in latest(a)["present"]["log"]:
            assert "South" not in line or "Anna (South)" in line
    secrets_ = [anna, bruno, digest(anna), digest(bruno), table["creator_token"]]
    for secret in secrets_:
        assert secret not in everything(a, b, watcher)
        assert secret not in caplog.text


def test_chat_rooms_limits_and_mutes(client: TestClient) -> None:
    anna, bruno = player(client, "Anna"), player(client, "Bruno")
    table = public_table(client, anna, ["invite", "invite", "invite", "invite"])
    client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1})
    with sitting(client, table["id"], anna) as a, sitting(client, table["id"], bruno) as b:
        with sitting(client, table["id"]) as watcher:
            a.send({"type": "say", "text": "  <script>alert(1)</script>\n hello  "})
            for seat in (a, b, watcher):
                (line,) = until(seat, "chat")["lines"]
                assert line["text"] == "<script>alert(1)</script> hello"  # kept as text: pages show text
                assert (line["room"], line["seat"], line["name"]) == ("players", 0, "Anna")
            watcher.send({"type": "say", "text": "a spectator's word"})
            assert until(watcher, "chat")["lines"][0]["room"] == "spectators"
            b.send({"type": "ping"})
            until(b, "pong")
            assert sum(m["type"] == "chat" for m in b.received) == 1  # not the spectators' room
            b.send({"type": "say", "text": "x" * 301})
            assert "at most 300" in b.error()["message"]
            b.send({"type": "say", "text": " \u200b "})
            assert b.error()["code"] == "chat"
            b.send({"type": "mute", "seat": 0, "muted": True})
            assert b.error()["code"] == "creator"
            a.send({"type": "mute", "seat": 5, "muted": True})
            assert a.error()["code"] == "seat"
            a.send({"type": "mute", "seat": 1, "muted": True})
            assert until(b, "state")["table"]["muted"] == [1]
            b.send({"type": "say", "text": "hello?"})
            assert b.error()["code"] == "muted"
            a.send({"type": "mute", "seat": None, "muted": True})
            until_state(watcher, lambda state: state["table"]["spectators_muted"])
            watcher.send({"type": "say", "text": "hi"})
            assert watcher.error()["code"] == "muted"
            codes = []
            for n in range(6):
                a.send({"type": "say", "text": f"line {n}"})
                codes.append(until(a, "chat")["lines"][0]["text"] if n < 4 else a.next()["type"])
            assert codes[-1] == "error"  # the sixth line in ten seconds (one said before)
        with sitting(client, table["id"], bruno) as again:  # the history comes with the hello
            history = until(again, "chat")["lines"]
            assert [line["text"] for line in history][:1] == ["<script>alert(1)</script> hello"]
            assert all(line["room"] == "players" for line in history)


def test_a_person_who_left_is_replaced_by_a_computer_and_takes_the_seat_back(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(GRACE_VARIABLE, "0")
    anna, bruno = player(client, "Anna"), player(client, "Bruno")
    table = public_table(client, anna, ["invite", "invite", "invite", "invite"])
    client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1})
    with sitting(client, table["id"], anna) as a:
        with sitting(client, table["id"], bruno) as b:
            b.send({"type": "replace", "seat": 1})
            assert until(b, "error")["code"] == "replace"  # Bruno is there
        until(a, "seats")  # Bruno left
        a.send({"type": "replace", "seat": 1})
        state = until_state(a, lambda state: state["table"]["seats"][1]["kind"] != "invite")
        assert state["table"]["seats"][1]["kind"] == "medium"
        assert state["present"]["seat_names"][1] == "West"
        assert state["table"]["reclaimable"] == [1]
        with sitting(client, table["id"], bruno) as b:
            assert latest(b)["table"]["seat"] is None  # a spectator while the computer holds the seat
            assert until(b, "you")["reclaim"] == 1
            b.send({"type": "reclaim"})
            state = until_state(
                b, lambda state: state["table"]["seat"] is not None
            )  # a computer's move may come first
            assert state["table"]["seat"] == 1 and state["table"]["seats"][1]["kind"] == "invite"
            assert state["table"]["names"][1] == "Bruno"
            b.send({"type": "reclaim"})
            assert until(b, "error")["code"] == "reclaim"
            b.send({"type": "clock", "move_seconds": 30})
            assert until(b, "error")["code"] == "creator"
            a.send({"type": "clock", "move_seconds": 30})
            until_state(b, lambda state: state["table"]["move_seconds"] == 30)


def test_at_a_public_table_most_of_the_people_there_replace_one_who_left(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(GRACE_VARIABLE, "0")
    keys = [player(client, name) for name in ("Anna", "Bruno", "Cara", "Dario")]
    table = public_table(client, keys[0], ["invite"] * 4)
    for seat in (1, 2, 3):
        client.post(f"/api/tables/{table['id']}/join", json={"player": keys[seat], "seat": seat})
    with (
        sitting(client, table["id"], keys[0]),
        sitting(client, table["id"], keys[1]) as b,
        sitting(client, table["id"], keys[2]) as c,
    ):
        b.send({"type": "replace", "seat": 3})
        assert until(b, "state")["table"]["votes"][3] == 1  # one of three: not yet
        c.send({"type": "replace", "seat": 3})
        state = until_state(c, lambda state: state["table"]["seats"][3]["kind"] != "invite")
        assert state["table"]["seats"][3]["kind"] == "medium"


def play_out(seats: dict[int, Seat]) -> dict[int, dict[str, Any]]:
    """Both people play their first legal action whenever it is their turn, until the game is over;
    the last state each saw."""
    states = {me: latest(seat) for me, seat in seats.items()}
    newest = max(s["version"] for s in states.values())
    for me, seat in seats.items():
        while states[me]["version"] < newest:
            states[me] = seat.next_state()
    while not states[0]["table"]["over"]:
        to_act = states[0]["view"]["to_act"]
        if to_act in seats:
            mover = states[to_act]
            seats[to_act].send(
                {"type": "act", "action": mover["view"]["legal_actions"][0], "version": mover["version"]}
            )
        states = {me: seat.next_state() for me, seat in seats.items()}
    return states


def test_play_again_when_everyone_at_the_table_says_so(client: TestClient) -> None:
    anna, bruno = player(client, "Anna"), player(client, "Bruno")
    table = public_table(client, anna, ["invite", "invite", "easy", "easy"])
    client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1})
    with sitting(client, table["id"], anna) as a, sitting(client, table["id"], bruno) as b:
        first_dealer = latest(a)["view"]["dealer"]
        a.send({"type": "again"})
        assert until(a, "error")["code"] == "again"  # not before the end
        play_out({0: a, 1: b})
        a.send({"type": "again"})
        assert until(b, "state")["table"]["again"] == [0]
        b.send({"type": "again"})
        state = until_state(a, lambda state: state["table"]["next"])
        new_id = state["table"]["next"]
        assert (
            state["table"]["again"] == [0, 1]
            and until_state(b, lambda s: s["table"]["next"])["table"]["next"] == new_id
        )
    mine = client.post("/api/players/tables", json={"player": bruno}).json()
    assert {t["id"]: t["next"] for t in mine}[table["id"]] == new_id
    with sitting(client, new_id, bruno) as b:
        state = latest(b)
        assert state["table"]["seat"] == 1 and state["table"]["names"][:2] == ["Anna", "Bruno"]
        assert [s["kind"] for s in state["table"]["seats"]] == ["invite", "invite", "easy", "easy"]
        assert state["view"]["hand_number"] == 1 and state["view"]["dealer"] == (first_dealer + 1) % 4
    assert client.get(f"/api/tables/{new_id}").json()["over"] is False


@pytest.mark.parametrize(
    "message",
    [
        {"type": "say"},
        {"type": "say", "text": 5},
        {"type": "say", "text": "x" * 3000},
        {"type": "mute", "seat": "0", "muted": True},
        {"type": "mute", "seat": 99, "muted": True},
        {"type": "replace", "seat": -1},
        {"type": "clock", "move_seconds": 0},
        {"type": "again", "extra": 1},
        {"type": "hello", "player": ""},
    ],
)
def test_hostile_messages_around_the_table_get_clear_errors(
    module_client: TestClient, message: dict[str, Any]
) -> None:
    """Each message tried at a table of its own, on one app for the module."""
    client = module_client
    anna = player(client, "Anna")
    table = public_table(client, anna, ["invite", "easy", "easy", "easy"])
    with sitting(client, table["id"], anna) as a:
        a.send(message)
        error = until(a, "error")
        assert error["code"] == "message" and error["message"]
        a.send({"type": "ping"})
        until(a, "pong")


def test_messages_before_hello_and_an_unknown_player_key(client: TestClient) -> None:
    table = client.post(
        "/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    ).json()
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "say", "text": "hi"})
        assert seat.error()["code"] == "seat"
        seat.send({"type": "hello", "player": "nobody's key"})
        assert until(seat, "error")["code"] == "player"
        seat.send({"type": "replace", "seat": 0})
        assert until(seat, "error")["code"] == "creator"  # computer players' states may come first


def test_a_seats_link_opened_by_a_named_player_names_the_seat_unless_it_imitates_another(
    client: TestClient,
) -> None:
    anna, cara, bruno = player(client, "Anna"), player(client, "ANNA"), player(client, "Bruno")
    made = client.post(
        "/api/tables",
        json={
            "game": "sicilian",
            "seats": ["invite", "invite", "invite", "invite"],
            "player": anna,
            "sit": 0,
        },
    ).json()
    token = made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{made['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": token, "player": cara})
        assert seat.next_state()["table"]["seat"] == 1
        error = until(seat, "error")
        assert error["code"] == "player" and "reads as 'Anna'" in error["message"]
        assert latest(seat)["table"]["names"] == ["Anna", None, None, None]
    with client.websocket_connect(f"/ws/{made['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": token, "player": bruno})
        state = until_state(seat, lambda state: state["table"]["names"][1] is not None)
        assert state["table"]["seat"] == 1 and state["table"]["names"] == ["Anna", "Bruno", None, None]
    mine = client.post("/api/players/tables", json={"player": bruno}).json()
    assert [(t["id"], t["seat"]) for t in mine] == [(made["id"], 1)]


def test_the_log_names_the_person_beside_their_seat(client: TestClient) -> None:
    """Anna plays her first legal action on each turn until the log holds a line of hers (a hand
    thrown in by her word is dealt again at once, its log gone)."""
    anna = player(client, "Anna")
    table = public_table(client, anna, ["invite", "easy", "easy", "easy"])
    with sitting(client, table["id"], anna) as a:
        state = latest(a)
        for _ in range(500):
            if state["table"]["over"] or any("South" in line for line in state["present"]["log"]):
                break
            if state["view"]["to_act"] == 0:
                a.send(
                    {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
                )
            state = a.next_state()
        mine = [line for line in state["present"]["log"] if "South" in line]
        assert mine and all("Anna (South)" in line for line in mine), state["present"]["log"]
        for parts in state["present"]["log_parts"]:
            words = "".join(p for p in parts if isinstance(p, str))
            assert "South" not in words or "Anna (South)" in words
