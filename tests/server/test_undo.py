"""A person alone with computer players may take back his own last move until the next
player acts (the computer players wait the server's undo window after each of his moves); at a
table with other people nobody may. An undo is deleted from the database before anyone hears of
it, and versions never repeat, even across a restart (SQLite and PostgreSQL)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverproc import Seat, create
from test_hint import refusal
from test_play import until_my_turn

from tarocchi.server.app import create_app
from tarocchi.server.store import Store

WINDOW = 30.0
"""Long enough that the computer players never act before the test's undo arrives."""


def test_a_person_takes_back_his_move_before_the_computer_players_answer(any_db_url: str) -> None:
    with TestClient(create_app(any_db_url, undo_seconds=WINDOW)) as client:
        table = create(client, "piedmont", ["invite", "easy", "easy", "easy"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            before = until_my_turn(seat, 0)
            assert not before["sheet"]
            stored = Store(any_db_url).load(table["id"])
            assert stored is not None
            count = len(stored.actions)
            legal = before["view"]["legal_actions"]
            seat.send({"type": "act", "action": legal[0], "version": before["version"]})
            acted = seat.next_state()
            assert acted["version"] == before["version"] + 1 and acted["table"]["undo"] is True
            assert acted["view"] != before["view"]

            seat.send({"type": "undo", "version": acted["version"]})
            undone = seat.next_state()
            assert undone["version"] == before["version"] + 2  # a new version, never a repeated one
            assert undone["view"] == before["view"]  # the hand exactly as before the move
            assert undone["present"]["log"] == before["present"]["log"]
            stored = Store(any_db_url).load(table["id"])
            assert stored is not None and len(stored.actions) == count and stored.undos == 1

            seat.send({"type": "undo", "version": undone["version"]})  # nothing of his own is last
            assert refusal(seat)["code"] == "undo"
            seat.send({"type": "act", "action": legal[-1], "version": acted["version"]})
            assert refusal(seat)["code"] == "stale"  # a message from before the undo is stale
            seat.send({"type": "act", "action": legal[-1], "version": undone["version"]})
            again = seat.next_state()
            assert again["version"] == undone["version"] + 1
    with TestClient(create_app(any_db_url, undo_seconds=WINDOW)) as client:
        # the restarted server goes on from the same version, and keeps the move played again
        assert client.get(f"/api/tables/{table['id']}").json()["version"] == again["version"]
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            resumed = seat.next_state()
            assert resumed["view"] == again["view"] and resumed["table"]["undo"] is True


def test_no_undo_once_the_next_player_has_acted(db_url: str) -> None:
    """With a short window the computer player answers, and the move is no longer one's own last."""
    with TestClient(create_app(db_url, undo_seconds=0.2)) as client:
        table = create(client, "piedmont", ["invite", "easy", "easy", "easy"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            state = until_my_turn(seat, 0)
            while True:  # act until the next player is a computer player
                seat.send(
                    {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
                )
                state = seat.next_state()
                if state["view"]["to_act"] != 0:
                    break
            answered = seat.next_state()  # the computer player's move, after the window
            assert answered["version"] == state["version"] + 1 and answered["table"]["undo"] is False
            seat.send({"type": "undo", "version": answered["version"]})
            error = refusal(seat)
            assert error["code"] == "undo" and "only your own latest" in error["message"]


def test_undo_refused_to_a_spectator_at_a_table_with_other_people_and_without_a_window(
    client: TestClient, db_url: str
) -> None:
    table = create(client, "sicilian", ["invite", "invite", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello"})
        state = seat.next_state()
        seat.send({"type": "undo", "version": state["version"]})
        assert refusal(seat)["code"] == "seat"
    with TestClient(create_app(db_url, undo_seconds=WINDOW)) as windowed:
        table = create(windowed, "sicilian", ["invite", "invite", "easy", "easy"])
        with windowed.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello"})
            state = seat.next_state()
            while state["view"]["to_act"] not in (0, 1):  # the computer players speak first
                state = seat.next_state()
            mover = state["view"]["to_act"]  # whichever person speaks first acts, then asks
        with windowed.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][mover]["token"]})
            state = seat.next_state()
            seat.send(
                {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
            )
            acted = seat.next_state()
            assert acted["table"]["undo"] is False
            seat.send({"type": "undo", "version": acted["version"]})
            error = refusal(seat)
            assert error["code"] == "undo" and "everyone else is a computer player" in error["message"]
    # the client fixture's server has no window: a lone person is told why there is no undo
    table = create(client, "piedmont", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = until_my_turn(seat, 0)
        assert state["table"]["undo"] is False
        seat.send({"type": "undo", "version": state["version"]})
        assert "--undo-seconds" in refusal(seat)["message"]
