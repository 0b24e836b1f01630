"""The creator replaces an absent person by a computer player and back, a token lists its
tables, and an action of any length is kept on both databases."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from serverproc import Seat, create

from tarocchi.server.store import Store


def test_the_creator_fills_absent_seats_with_computer_players_who_then_play(client: TestClient) -> None:
    table = create(client, "taroinche", ["invite"] * 5)
    tid, creator = table["id"], table["creator_token"]
    with client.websocket_connect(f"/ws/{tid}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = seat.next_state()

        def change(number: int, kind: str, token: str = creator) -> tuple[int, str]:
            body = {"creator_token": token, "kind": kind}
            answer = client.post(f"/api/tables/{tid}/seats/{number}", json=body)
            changed[number] = answer.json().get("changed", {})
            return answer.status_code, answer.text

        changed: dict[int, dict[str, str]] = {}

        assert change(1, "easy", token="not-the-creator")[0] == 403
        status, text = change(0, "easy")
        assert status == 409 and "at the table" in text  # the person at seat 0 is connected
        assert change(7, "easy")[0] == 422
        assert change(1, "grandmaster")[0] == 422
        for number in range(1, 5):
            assert change(number, "easy")[0] == 200
        kinds = [s["kind"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]
        assert kinds == ["invite", "easy", "easy", "easy", "easy"]

        rng = random.Random(0)  # which legal action the test picks; the deal is the server's
        mine = 0  # the seat changes were news of the seats, not new states
        while not state["sheet"]:
            if state["view"]["to_act"] == 0:
                legal = state["view"]["legal_actions"]
                seat.send({"type": "act", "action": rng.choice(legal), "version": state["version"]})
                mine += 1
            state = seat.next_state()
        assert client.get(f"/api/tables/{tid}").json()["version"] > mine  # the others played too

        assert change(3, "invite")[0] == 200  # a person again: a new link opens the seat, the old one never
        assert changed[3]["token"] != table["seats"][3]["token"]
        assert changed[3]["link"] == f"/table.html?id={tid}#{changed[3]['token']}"
    with client.websocket_connect(f"/ws/{tid}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][3]["token"]})
        assert seat.next_state()["table"]["seat"] is None
        assert "spectator" in seat.error()["message"]
    with client.websocket_connect(f"/ws/{tid}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": changed[3]["token"]})
        assert seat.next_state()["table"]["seat"] == 3


def test_a_token_lists_the_tables_it_sits_at_or_created(client: TestClient) -> None:
    first = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    second = create(client, "taroux", ["easy", "invite", "easy", "easy", "easy", "easy"])
    person = first["seats"][0]["token"]
    listed = client.get("/api/tables", params={"token": person}).json()
    assert listed == [{"id": first["id"], "game": "sicilian", "seat": 0, "over": False}]
    listed = client.get("/api/tables", params={"token": second["creator_token"]}).json()
    assert listed == [{"id": second["id"], "game": "taroux", "seat": None, "over": False}]
    assert client.get("/api/tables", params={"token": "nobody"}).json() == []
    assert client.get("/api/tables", params={"token": ""}).status_code == 422


def test_an_action_longer_than_sixty_four_characters_is_kept_whole(any_db_url: str) -> None:
    """An Abundance shows every trump in one action; PostgreSQL enforces column lengths."""
    store = Store(any_db_url)
    try:
        store.create("t1", "piedmont", {}, 1, 0, 4, "c" * 64, [("invite", "h" * 64)] * 4)
        show = "show " + " ".join(f"T{n}" for n in range(1, 22))
        store.append("t1", 0, 0, 1, 2, show, finished=False)
        loaded = store.load("t1")
        assert loaded is not None and loaded.actions == ((2, show),) and loaded.hands == 4
        assert loaded.version == 1
    finally:
        store.close()
