"""A person and computer players at one table, through the real app, for every game;
every refusal names its reason and leaves the table as it was."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from starlette.websockets import WebSocketDisconnect

from tarocchi.core.registry import available_games, get_game
from tarocchi.core.rulings import ruling_ids

VARIANTS = [("piedmont", {"good_evil": "trumps"}), ("piedmont", {"good_evil": "allegiance"})] + [
    (game, {}) for game in available_games() if game != "piedmont"
]


def until_my_turn(seat: Seat, me: int) -> dict[str, Any]:
    """The next state where ``me`` is to act, or the first with a finished hand on the sheet."""
    while True:
        state = seat.next_state()
        if state["sheet"] or state["view"]["to_act"] == me:
            return state


@pytest.mark.parametrize(
    ("game", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values())
)
def test_a_person_plays_a_hand_against_computer_players_to_the_score_sheet(
    client: TestClient, game: str, options: dict[str, str]
) -> None:
    players = client.get("/api/games").json()
    seats = next(g["players"] for g in players if g["id"] == game)
    table = create(client, game, ["invite"] + ["easy"] * (seats - 1), **options)
    rng = random.Random(0)  # which legal card the test picks; the deal comes from the server's secret seed
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        acted = 0
        state = until_my_turn(seat, 0)
        while not state["sheet"]:
            legal = state["present"]["legal"]
            assert [a["text"] for a in legal] == state["view"]["legal_actions"]
            seat.send({"type": "act", "action": rng.choice(legal)["text"], "version": state["version"]})
            acted += 1
            state = until_my_turn(seat, 0)
    assert acted > 0
    sheet = state["sheet"][0]
    assert sheet["number"] == 1 and sum(sheet["scores"]) == 0 and sheet["totals"] == sheet["scores"]
    assert sheet["lines"] and all(line["label"] for line in sheet["lines"])
    letter = get_game(game).info.ruling_letter
    assert [line["label"] for line in sheet["lines"] if ruling_ids(letter, line["label"])] == []
    assert client.get(f"/api/tables/{table['id']}").json()["version"] >= acted


def test_refusals_name_the_reason_and_change_nothing(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite"] * 4)
    tokens = [s["token"] for s in table["seats"]]
    with client.websocket_connect(f"/ws/{table['id']}") as watching:
        spectator = Seat(watching)
        spectator.send({"type": "hello"})
        mover = spectator.next_state()["view"]["to_act"]
    with (
        client.websocket_connect(f"/ws/{table['id']}") as a,
        client.websocket_connect(f"/ws/{table['id']}") as b,
    ):
        first, other = Seat(a), Seat(b)
        first.send({"type": "hello", "token": tokens[mover]})  # sit where the turn is
        state = first.next_state()
        assert state["table"]["seat"] == mover
        version = state["version"]
        legal = state["view"]["legal_actions"]
        bystander = (mover + 1) % 4
        other.send({"type": "hello", "token": tokens[bystander]})
        other.next_state()
        assert first.next()["type"] == "seats"  # the bystander's arrival is news, not a new state
        cases: list[tuple[Seat, object, str, str]] = [
            (other, {"type": "act", "action": legal[0], "version": version}, "turn", "turn, not yours"),
            (first, {"type": "act", "action": legal[0], "version": version + 3}, "stale", "moved on"),
            (first, {"type": "act", "action": "T21", "version": version}, "illegal", ""),
            (first, {"type": "act", "action": "zzz", "version": version}, "notation", "zzz"),
            (first, "{not json", "json", "not JSON"),
            (first, {"type": "shout"}, "message", "unknown message type"),
            (
                first,
                {"type": "act", "action": legal[0], "version": version, "seat": 2},
                "message",
                "unknown field 'seat'",
            ),
            (first, {"type": "act", "version": version}, "message", "missing field 'action'"),
            (first, {"type": "act", "action": legal[0], "version": "x"}, "message", "version"),
            (first, [1, 2], "message", ""),
            (
                first,
                {"type": "hello", "token": tokens[bystander]},
                "hello",
                f"already said hello and sits at seat {mover}",
            ),
            (first, {"type": "hello"}, "hello", "open another connection"),
        ]
        for seat, message, code, words in cases:
            seat.send(message)
            error = seat.error()
            assert error["code"] == code, (message, error)
            assert ruling_ids("S", error["message"]) == [], error  # players read words, not rulings
            assert (
                words in error["message"]
                and "\n" not in error["message"]
                and "Traceback" not in error["message"]
            )
        with client.websocket_connect(f"/ws/{table['id']}") as c:
            stranger = Seat(c)
            stranger.send({"type": "hello", "token": "not-a-token"})
            assert stranger.next_state()["table"]["seat"] is None  # it watches, and is told why
            error = stranger.error()
            assert error["code"] == "token" and "opens no seat" in error["message"]
            stranger.send({"type": "act", "action": legal[0], "version": version})
            assert stranger.error()["code"] == "seat"
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == version
        first.send({"type": "act", "action": legal[0], "version": version})  # and the table still plays
        assert first.next()["version"] == version + 1  # the stranger's coming and going sent nothing


def test_an_oversize_message_closes_the_connection_and_the_table_survives(client: TestClient) -> None:
    table = create(client, "taroinche", ["invite"] * 5)
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send(json.dumps({"type": "act", "action": "x" * 70_000, "version": 0}))
        assert seat.error()["code"] == "size"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_flood_is_refused_then_closed(client: TestClient) -> None:
    """Past the burst (40 messages) each message is refused; the third refusal closes (1008)."""
    table = create(client, "taroinche", ["invite"] * 5)
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        for _ in range(60):
            seat.send({"type": "ping"})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                seat.next()
    assert closed.value.code == 1008
    kinds = [m["type"] for m in seat.received]
    assert kinds.count("pong") >= 40 and kinds[-3:] == ["error"] * 3
    assert {m["code"] for m in seat.received if m["type"] == "error"} == {"rate"}
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_an_unknown_table_is_named(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchtable") as socket:
        assert Seat(socket).error()["message"] == "no table 'nosuchtable'"
    assert client.get("/api/tables/nosuchtable").json() == {"detail": "no table 'nosuchtable'"}
