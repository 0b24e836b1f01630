"""Only a person invited to a seat opens its hand: every token and link in every answer of the API,
tried on the websocket, for every game and option.

A table of invited seats and computer players of every level: the computer seats have no token
and no link anywhere; the creator's token, and any other string an answer holds, opens no seat
(its holder watches as a spectator, and may act for nobody); a seat the creator hands from a
computer player to a person gets a new token, and a person's seat handed to a computer player
stops opening to the person's old token."""

from __future__ import annotations

import time
from typing import Any

import pytest
from configs import Config, config_id, game_configs
from fastapi.testclient import TestClient
from serverproc import Seat

from tarocchi.core.registry import get_game


def strings(value: Any) -> set[str]:
    """Every string in an answer, and every link's fragment and query values on their own."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
        if "#" in value:
            found.add(value.split("#", 1)[1])
        if "?" in value:
            query = value.split("?", 1)[1].split("#", 1)[0]
            found |= {part.split("=", 1)[-1] for part in query.split("&")}
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= strings(key) | strings(item)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item)
    return found


def mixed_seats(players: int) -> list[str]:
    """People at the even seats, computer players of every level at the odd ones."""
    levels = ["hard", "medium", "easy"]
    return ["invite" if seat % 2 == 0 else levels[seat // 2 % 3] for seat in range(players)]


def assert_no_computer_link(seats: list[dict[str, Any]]) -> None:
    for seat in seats:
        if seat["kind"] == "invite":
            assert seat["token"] and seat["link"].endswith(f"#{seat['token']}"), seat
        else:
            assert seat["token"] is None and seat["link"] is None, seat


def tried(client: TestClient, table: str, candidate: str) -> tuple[int | None, dict[str, Any]]:
    """The seat ``candidate`` opens as a hello's token (None: it watches), and its first state; a
    candidate that opens none is also told so, and may act for nobody."""
    with client.websocket_connect(f"/ws/{table}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": candidate})
        state = seat.next_state()
        if state["table"]["seat"] is not None:
            return state["table"]["seat"], state
        error = seat.next()
        while error["type"] == "state":
            assert error["table"]["seat"] is None and error["view"]["hand"] == ""
            error = seat.next()
        assert error["type"] == "error" and error["code"] == "token", error
        assert "spectator" in error["message"]
        seat.send({"type": "act", "action": "pass", "version": state["version"]})
        error = seat.next()
        while error["type"] == "state":
            error = seat.next()
        assert error["code"] == "seat", error
        return None, state


def try_every_string(
    client: TestClient, table: str, answers: list[Any], opens: dict[str, int], tried_before: set[str]
) -> set[str]:
    """Each string of ``answers`` tried as a token: only those of ``opens`` open a seat, their own;
    returns every candidate. Those of ``tried_before`` (which opened no seat) are skipped: no
    token was given since (each seat handed over since is a computer player's, asserted so), so
    nothing they could open has come."""
    candidates = {s for answer in answers for s in strings(answer) if 0 < len(s) <= 200}
    for candidate in sorted(candidates - tried_before):
        seat, state = tried(client, table, candidate)
        assert seat == opens.get(candidate), (candidate, seat)
        if seat is None:
            assert state["view"]["hand"] == "" and state["view"]["seat"] is None
        else:
            assert state["view"]["hand"] and state["view"]["seat"] == seat
    assert set(opens) <= candidates
    return candidates


# Taroinche's ``hands`` only sets how many hands the game lasts: the same answers, tokens and
# record at its default length, so its other lengths would replay the same test longer.
@pytest.mark.parametrize("config", game_configs(every_length=False), ids=config_id)
def test_only_an_invited_persons_own_token_opens_a_hand(client: TestClient, config: Config) -> None:
    game, options = config
    players = get_game(game, options).players
    kinds = mixed_seats(players)
    answer = client.post("/api/tables", json={"game": game, "options": options, "seats": kinds})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    table, creator = created["id"], created["creator_token"]
    assert [s["kind"] for s in created["seats"]] == kinds
    assert_no_computer_link(created["seats"])
    tokens = {s["token"]: s["seat"] for s in created["seats"] if s["token"]}
    answers: list[Any] = [created, client.get(f"/api/tables/{table}").json(), client.get("/api/games").json()]
    for token in [*tokens, creator]:
        answers.append(client.get("/api/tables", params={"token": token}).json())
    assert answers[-1] == [{"id": table, "game": game, "seat": None, "over": False}]  # the creator's
    answers.append(client.get(f"/api/tables/{table}/record").json())  # 409: not over

    # a person in place of the hard computer player; a computer player in place of seat 0's person
    given = client.post(f"/api/tables/{table}/seats/1", json={"creator_token": creator, "kind": "invite"})
    assert given.status_code == 200, given.text
    assert given.json()["changed"]["kind"] == "invite" and given.json()["changed"]["token"]
    taken = client.post(f"/api/tables/{table}/seats/0", json={"creator_token": creator, "kind": "easy"})
    assert taken.status_code == 200, taken.text
    assert taken.json()["changed"] == {"seat": 0, "kind": "easy", "link": None, "token": None}
    old = next(token for token, seat in tokens.items() if seat == 0)
    del tokens[old]
    tokens[given.json()["changed"]["token"]] = 1
    answers += [given.json(), taken.json(), client.get(f"/api/tables/{table}").json()]
    for token in [*tokens, old, creator]:
        answers.append(client.get("/api/tables", params={"token": token}).json())
    assert client.get("/api/tables", params={"token": old}).json() == []
    tried_once = try_every_string(client, table, answers, tokens, set())
    assert len(tried_once) > len(tokens) + 2
    # the strings that opened a seat, and the creator's and seat 0's old tokens, are tried again
    opened_nothing = tried_once - set(tokens) - {old, creator}

    # every seat to an easy computer player: the game plays to its end, and its record opens nothing
    for seat in range(players):
        changed = client.post(
            f"/api/tables/{table}/seats/{seat}", json={"creator_token": creator, "kind": "easy"}
        )
        assert changed.status_code == 200 and changed.json()["changed"]["token"] is None
        answers.append(changed.json())
    deadline = time.monotonic() + 300
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the computer players did not finish the game"
        time.sleep(0.2)
    answers.append(client.get(f"/api/tables/{table}/record").json())
    assert answers[-1]["complete"] is True
    # a spectator stays: the finished table stays live, loaded once from the database, rather than
    # loaded and its whole game replayed again for each string tried
    with client.websocket_connect(f"/ws/{table}") as socket:
        watcher = Seat(socket)
        watcher.send({"type": "hello"})
        assert watcher.next_state()["table"]["over"]
        try_every_string(client, table, answers, {}, opened_nothing)


def test_a_person_whose_seat_is_given_away_elsewhere_watches_from_then_on(client: TestClient) -> None:
    """Another server process on the same database gave the seat to a computer player while its
    person was connected here: the connection is told, sees a spectator's view, and acts no more."""
    table = client.post("/api/tables", json={"game": "sicilian", "seats": ["invite"] * 4}).json()
    tables = client.app.state.tables  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        assert seat.next_state()["view"]["hand"]
        tables.store.set_kind(table["id"], 0, "easy", None)  # as the other process does
        client.portal.call(tables.live[table["id"]].catch_up, tables.store)  # type: ignore[union-attr]
        state = seat.next_state()
        assert state["table"]["seat"] is None and state["view"]["hand"] == ""
        assert state["table"]["seats"][0]["kind"] == "easy"
        error = seat.next()
        assert error["code"] == "token" and "spectator" in error["message"]
        seat.send({"type": "act", "action": "silent", "version": state["version"]})
        while (answer := seat.next())["type"] != "error":  # the seats' news, the computer's moves
            assert answer["type"] == "seats" or answer["table"]["seat"] is None
        assert answer["code"] == "seat"
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        assert seat.next_state()["table"]["seat"] is None
