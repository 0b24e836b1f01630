"""No answer of the endpoints around the tables (the leaderboard, a player's history, the lobby,
a player's tables, the socket's ``you``, names and chat) holds another seat's token, a player's
key or its digest, or a hidden card: every string they hold is tried as a seat's token and opens
nothing, and the secrets are looked for in them whole."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat
from test_around import sitting, until, until_state
from test_player_names import player, public_table
from test_ratings import finish, hand_over_to_computers
from test_seat_tokens import strings

from tarocchi.server.around import GRACE_VARIABLE
from tarocchi.server.store import digest


def test_the_answers_around_a_table_reveal_no_token_key_or_hidden_card(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(GRACE_VARIABLE, "0")
    anna, bruno = player(client, "Anna"), player(client, "Bruno")
    made = public_table(client, anna, ["invite", "invite", "invite", "medium"])
    guest_token = made["seats"][2]["token"]
    assert client.post(f"/api/tables/{made['id']}/join", json={"player": bruno, "seat": 1}).status_code == 200
    answers: list[Any] = [client.get("/api/lobby").json()]
    messages: list[dict[str, Any]] = []
    with sitting(client, made["id"], anna) as a, sitting(client, made["id"], bruno) as b:
        with client.websocket_connect(f"/ws/{made['id']}") as socket:  # the guest by link, then away
            guest = Seat(socket)
            guest.send({"type": "hello", "token": guest_token})
            guest.next_state()
        until(a, "seats")
        a.send({"type": "replace", "seat": 2})
        until_state(a, lambda state: state["table"]["seats"][2]["kind"] == "medium")
        b.send({"type": "name", "name": "Bruno B"})
        until(b, "you")
        b.send({"type": "say", "text": "hi"})
        until(a, "chat")
        with client.websocket_connect(f"/ws/{made['id']}") as socket:  # the guest back, held seat
            guest = Seat(socket)
            guest.send({"type": "hello", "token": guest_token})
            until(guest, "you")
            guest.send({"type": "reclaim"})
            until_state(guest, lambda state: state["table"]["seat"] == 2)
            messages += guest.received
        assert opened(client, made["id"], guest_token) == 2  # the way a candidate is tried sees a seat
        answers += [client.get("/api/lobby").json(), client.get("/api/ratings").json()]
        for key in (anna, bruno):
            answers += [
                client.post("/api/players/tables", json={"player": key}).json(),
                client.post("/api/players/history", json={"player": key}).json(),
            ]
        # what Anna and Bruno saw of the hand so far: their own cards, never the others'
        for seat, connection in ((0, a), (1, b)):
            hands = {m["view"]["hand"] for m in connection.received if m["type"] == "state"}
            assert "" not in hands and all(
                m["table"]["seat"] == seat for m in connection.received if m["type"] == "state"
            )
        messages += a.received + b.received
    hand_over_to_computers(client, made, [0, 1, 2])
    finish(client, made["id"])
    answers += [
        client.get("/api/ratings").json(),
        client.get("/api/ratings", params={"game": "sicilian"}).json(),
    ]
    for key in (anna, bruno):
        answers += [
            client.post("/api/players/history", json={"player": key}).json(),
            client.post("/api/players/tables", json={"player": key}).json(),
            client.post("/api/players/me", json={"player": key}).json(),
        ]
    secrets_ = [
        anna,
        bruno,
        digest(anna),
        digest(bruno),
        made["creator_token"],
        digest(made["creator_token"]),
    ]
    secrets_ += [s["token"] for s in made["seats"] if s["token"]] + [
        digest(s["token"]) for s in made["seats"] if s["token"]
    ]
    said = str(answers) + str([m for m in messages if m["type"] in ("you", "chat", "error", "seats")])
    for secret in secrets_:
        assert secret not in said
    assert not any(
        len(s) >= 40 and s not in {made["id"]} for s in strings(answers)
    )  # no key-like string at all
    # every string of every answer, as a seat's token, opens nothing (every seat is a computer's now)
    candidates = sorted({s for s in strings(answers) if 0 < len(s) <= 200})
    assert len(candidates) > 10
    for candidate in candidates:
        assert opened(client, made["id"], candidate) is None, candidate


def opened(client: TestClient, table: str, candidate: str) -> int | None:
    """The seat ``candidate`` opens as a hello's token, read from every message until a pong: a
    state of a seat, or a hand's cards, or a seat to reclaim (None: it opens nothing)."""
    with client.websocket_connect(f"/ws/{table}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": candidate})
        seat.send({"type": "ping"})
        found = None
        while (message := seat.next())["type"] != "pong":
            if message["type"] == "state" and (
                message["table"]["seat"] is not None or message["view"]["hand"]
            ):
                found = message["table"]["seat"]
            if message["type"] == "you" and message["reclaim"] is not None:
                found = message["reclaim"]
        return found


def test_the_pages_around_a_table_hold_no_secret(client: TestClient) -> None:
    """The leaderboard's and history's pages are the same files for everyone: no key, no token."""
    anna = player(client, "Anna")
    for page in ("/leaderboard.html", "/leaderboard.js", "/history.html", "/history.js"):
        answer = client.get(page)
        assert answer.status_code == 200 and anna not in answer.text and digest(anna) not in answer.text
