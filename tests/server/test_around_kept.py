"""Around a table, what a person expects to keep: a guest by link alone (no name) takes back the
seat a computer player took while they were away; a person renames themselves at the table under
the rules of a first name; when a person left and who asked to replace them survive a restart."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat
from test_around import play_out, sitting, until, until_state
from test_player_names import player, public_table

from tarocchi.server import social
from tarocchi.server.app import create_app
from tarocchi.server.around import GRACE_VARIABLE


def test_a_guest_by_link_takes_back_the_seat_a_computer_took(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(GRACE_VARIABLE, "0")
    anna = player(client, "Anna")
    made = client.post(
        "/api/tables",
        json={"game": "sicilian", "seats": ["invite", "invite", "easy", "easy"], "player": anna, "sit": 0},
    ).json()
    token = made["seats"][1]["token"]
    with sitting(client, made["id"], anna) as a:
        with client.websocket_connect(f"/ws/{made['id']}") as socket:
            guest = Seat(socket)
            guest.send({"type": "hello", "token": token})
            assert guest.next_state()["table"]["seat"] == 1
        until(a, "seats")  # the guest left
        a.send({"type": "replace", "seat": 1})
        until_state(a, lambda state: state["table"]["seats"][1]["kind"] == "medium")
        with client.websocket_connect(f"/ws/{made['id']}") as socket:
            guest = Seat(socket)
            guest.send({"type": "hello", "token": token})
            state = guest.next_state()
            assert state["table"]["seat"] is None and state["view"]["hand"] == ""  # no hand while held
            error = until(guest, "error")
            assert error["code"] == "token" and "take it back" in error["message"]
            assert until(guest, "you")["reclaim"] == 1
            guest.send({"type": "reclaim"})
            state = until_state(guest, lambda state: state["table"]["seat"] is not None)
            assert state["table"]["seat"] == 1 and state["view"]["hand"]
        with client.websocket_connect(f"/ws/{made['id']}") as socket:  # the link opens the seat again
            guest = Seat(socket)
            guest.send({"type": "hello", "token": token})
            assert guest.next_state()["table"]["seat"] == 1
    with client.websocket_connect(f"/ws/{made['id']}") as socket:  # another string claims nothing
        stranger = Seat(socket)
        stranger.send({"type": "hello", "token": "not " + token})
        assert until(stranger, "error")["code"] == "token"
        stranger.send({"type": "reclaim"})
        assert until(stranger, "error")["code"] == "reclaim"


def test_a_person_renames_themselves_at_the_table(client: TestClient) -> None:
    anna, bruno = player(client, "Anna"), player(client, "Bruno")
    table = public_table(client, anna, ["invite", "invite", "easy", "easy"])
    client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1})
    with sitting(client, table["id"], anna) as a, sitting(client, table["id"], bruno) as b:
        for refused in ("ANNA", "x" * 25, "South", "Br\u200buno"):
            b.send({"type": "name", "name": refused})
            assert until(b, "error")["code"] == "name"
        b.send({"type": "name", "name": "  <b>Bruno</b>  B "})
        state = until_state(a, lambda state: state["table"]["names"][1] != "Bruno")
        assert state["table"]["names"] == ["Anna", "<b>Bruno</b> B", None, None]
        assert state["present"]["seat_names"][1] == "<b>Bruno</b> B (West)"
        assert until(b, "you")["name"] == "<b>Bruno</b> B"
        a.send({"type": "name", "name": "anna"})  # her own name, written otherwise: no imitation of herself
        until_state(b, lambda state: state["table"]["names"][0] == "anna")
    assert client.post("/api/players/me", json={"player": bruno}).json()["name"] == "<b>Bruno</b> B"
    with sitting(client, table["id"]) as watcher:
        watcher.send({"type": "name", "name": "Zoe"})
        assert until(watcher, "error")["code"] == "player"


def test_an_absence_and_the_words_to_replace_it_survive_a_restart(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(GRACE_VARIABLE, "1")
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        keys = [player(client, name) for name in ("Anna", "Bruno", "Cara", "Dario")]
        table = public_table(client, keys[0], ["invite"] * 4)
        for seat in (1, 2, 3):
            client.post(f"/api/tables/{table['id']}/join", json={"player": keys[seat], "seat": seat})
        with sitting(client, table["id"], keys[0]) as a:
            with sitting(client, table["id"], keys[3]):
                pass  # Dario came and left
            while until(a, "seats")["seats"][3]["connected"]:
                pass  # his coming; then his leaving, which the server has taken note of
        time.sleep(1.5)  # past the grace time
        with (
            sitting(client, table["id"], keys[0]),
            sitting(client, table["id"], keys[1]) as b,
            sitting(client, table["id"], keys[2]),
        ):
            b.send({"type": "replace", "seat": 3})
            assert until(b, "state")["table"]["votes"][3] == 1  # one of three: not yet
    with (
        TestClient(create_app(db_url, undo_seconds=0)) as client,  # a restart
        sitting(client, table["id"], keys[0]) as a,
    ):
        state = [m for m in a.received if m["type"] == "state"][-1]
        assert state["table"]["votes"][3] == 1  # Bruno's word, kept
        assert state["table"]["absent"][3] >= 1.5  # Dario away since before the restart
        assert 3 in state["table"]["replaceable"]


def test_a_person_who_comes_and_goes_at_once_is_stored_as_gone(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The storing of a coming that is slow (a loaded machine) does not land after the leaving
    that followed it, which would make the person there to a restarted server."""
    monkeypatch.setenv(GRACE_VARIABLE, "1")
    store = social.Players.away

    def slow_coming(players: social.Players, table_id: str, seat: int, since: int | None) -> None:
        if since is None:
            time.sleep(0.5)
        store(players, table_id, seat, since)

    monkeypatch.setattr(social.Players, "away", slow_coming)
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        keys = [player(client, name) for name in ("Anna", "Dario")]
        table = public_table(client, keys[0], ["invite", "invite", "easy", "easy"])
        client.post(f"/api/tables/{table['id']}/join", json={"player": keys[1], "seat": 1})
        with sitting(client, table["id"], keys[0]) as a:
            with sitting(client, table["id"], keys[1]):
                pass  # Dario came and left while his coming was being stored
            while until(a, "seats")["seats"][1]["connected"]:
                pass
            time.sleep(1.5)  # past the grace time, and every storing done
    with (
        TestClient(create_app(db_url, undo_seconds=0)) as client,  # a restart
        sitting(client, table["id"], keys[0]) as a,
    ):
        state = [m for m in a.received if m["type"] == "state"][-1]
        assert state["table"]["absent"][1] >= 1.5  # away since before the restart, not since it
        assert 1 in state["table"]["replaceable"]


def test_a_word_to_play_again_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        anna, bruno = player(client, "Anna"), player(client, "Bruno")
        table = public_table(client, anna, ["invite", "invite", "easy", "easy"])
        client.post(f"/api/tables/{table['id']}/join", json={"player": bruno, "seat": 1})
        with sitting(client, table["id"], anna) as a, sitting(client, table["id"], bruno) as b:
            play_out({0: a, 1: b})
            a.send({"type": "again"})
            assert until(b, "state")["table"]["again"] == [0]
    with (
        TestClient(create_app(db_url, undo_seconds=0)) as client,  # a restart
        sitting(client, table["id"], anna) as a,
        sitting(client, table["id"], bruno) as b,
    ):
        assert [m for m in b.received if m["type"] == "state"][-1]["table"]["again"] == [
            0
        ]  # Anna's word, kept
        b.send({"type": "again"})
        assert until_state(a, lambda state: state["table"]["next"])["table"]["again"] == [0, 1]
