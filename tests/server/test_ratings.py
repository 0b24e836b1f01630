"""Ratings and a player's history: a finished game between named players counts once in each
player's and each computer level's rating, by the hands' sides as the rules scored them; an
unfinished game, or one with a guest who chose no name, does not; the ratings and the history
survive a restart; the history lists a player's finished games with standings that match the
game's own totals, each opening its replay."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat
from test_player_names import player, public_table

from tarocchi.core.registry import get_game
from tarocchi.server import ratings
from tarocchi.server.app import create_app
from tarocchi.server.store import Store, digest


def finish(client: TestClient, table_id: str) -> None:
    """Wait (bounded) for the table's game to be over and settled (counted, or found not to count)."""
    store = client.app.state.tables.store  # type: ignore[attr-defined]
    deadline = time.monotonic() + 240
    while table_id in store.unsettled() or not client.get(f"/api/tables/{table_id}").json()["over"]:
        assert time.monotonic() < deadline, "the game was not played out and settled"
        time.sleep(0.2)


def hand_over_to_computers(client: TestClient, made: dict[str, Any], seats: list[int]) -> None:
    """The creator gives these people's seats to easy computer players: the seats stay bound to
    their players, who are rated on the game's result."""
    for seat in seats:
        answer = client.post(
            f"/api/tables/{made['id']}/seats/{seat}",
            json={"creator_token": made["creator_token"], "kind": "easy"},
        )
        assert answer.status_code == 200, answer.text


def board(client: TestClient, game: str) -> dict[str, dict[str, Any]]:
    answer = client.get("/api/ratings", params={"game": game})
    assert answer.status_code == 200, answer.text
    (found,) = answer.json()
    assert found["game"] == game
    return {line["name"]: line for line in found["ratings"]}


def test_a_finished_game_between_named_players_counts_once_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        anna, bruno = player(client, "Anna"), player(client, "Bruno")
        made = public_table(client, anna, ["invite", "invite", "medium", "medium"])
        assert (
            client.post(f"/api/tables/{made['id']}/join", json={"player": bruno, "seat": 1}).status_code
            == 200
        )
        assert board(client, "sicilian") == {}
        hand_over_to_computers(client, made, [0, 1])
        finish(client, made["id"])
        lines = board(client, "sicilian")
        assert set(lines) == {"Anna", "Bruno", "computer (medium)"}  # the two medium seats are one level
        for line in lines.values():
            assert line["games"] == 1
            assert line["sigma"] < 25 / 3  # the game taught the model something
            # the rating rounds the exact mu - 3 sigma; mu and sigma are sent to 3 decimals
            assert abs(line["rating"] - (1000 + 40 * (line["mu"] - 3 * line["sigma"]))) <= 0.5 + 40 * 0.002
        assert [
            line["place"]
            for line in client.get("/api/ratings", params={"game": "sicilian"}).json()[0]["ratings"]
        ] == [1, 2, 3]
        assert lines["computer (medium)"]["computer"] == "medium" and lines["Anna"]["computer"] is None
        store = client.app.state.tables.store  # type: ignore[attr-defined]
        again = ratings.standings((), [1, 0, 0, 0])
        assert not ratings.settle(store, made["id"], "sicilian", [digest(anna)] * 4, again, [0] * 4)  # once
        history = client.post("/api/players/history", json={"player": anna}).json()
        sheet_totals = client.get(f"/api/tables/{made['id']}/replay").json()["totals"]
    with TestClient(create_app(db_url, undo_seconds=0)) as client:  # a restart
        assert board(client, "sicilian") == lines
        assert client.post("/api/players/history", json={"player": anna}).json() == history
    (game,) = history["games"]
    assert (
        game["id"] == made["id"] and game["seat"] == 0 and game["replay"] == f"/replay.html?id={made['id']}"
    )
    assert [s["total"] for s in game["standings"]] == sheet_totals
    assert [s["name"] for s in game["standings"]] == ["Anna", "Bruno", None, None]
    best = max(sheet_totals)
    assert [s["place"] == 1 for s in game["standings"]] == [t == best for t in sheet_totals]
    assert history["ratings"]["sicilian"] == {"rating": lines["Anna"]["rating"], "games": 1}
    # all newcomers: the better total, the higher mu and rating; an equal total, equal ones
    anna, bruno = lines["Anna"], lines["Bruno"]
    assert (anna["mu"] > bruno["mu"]) == (sheet_totals[0] > sheet_totals[1]), (sheet_totals, lines)
    assert (anna["mu"] == bruno["mu"]) == (sheet_totals[0] == sheet_totals[1]), (sheet_totals, lines)
    assert (anna["rating"] > bruno["rating"]) == (sheet_totals[0] > sheet_totals[1]), (sheet_totals, lines)
    assert (anna["rating"] == bruno["rating"]) == (sheet_totals[0] == sheet_totals[1]), (sheet_totals, lines)


def test_an_unfinished_game_and_a_guest_without_a_name_are_not_rated(client: TestClient) -> None:
    anna = player(client, "Anna")
    unfinished = public_table(client, anna, ["invite", "easy", "easy", "easy"])
    guest = client.post(
        "/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"], "player": anna}
    ).json()
    with client.websocket_connect(f"/ws/{guest['id']}") as socket:  # the guest plays by the link alone
        seat = Seat(socket)
        seat.send({"type": "hello", "token": guest["seats"][0]["token"]})
        state = seat.next_state()
        while not state["table"]["over"]:
            if state["view"]["to_act"] == 0:
                seat.send(
                    {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
                )
            state = seat.next_state()
        finish(client, guest["id"])  # the guest still there: their last move's handler settles the game
    assert client.get("/api/ratings", params={"game": "sicilian"}).json()[0]["ratings"] == []
    history = client.post("/api/players/history", json={"player": anna}).json()
    assert history == {
        "name": "Anna",
        "games": [],
        "ratings": {},
    }  # she made the guest's table, sat at neither
    assert not client.get(f"/api/tables/{unfinished['id']}").json()["over"]


def test_a_game_is_one_contest_of_its_standings_partners_as_teams() -> None:
    """Piedmont's partners (South and North against West and East) win and lose together; at the
    Sicilian game, whose partnerships last a hand, each seat stands alone by its total."""
    piedmont = ratings.standings(get_game("piedmont").info.partnerships, [12, -12, 12, -12])
    assert piedmont == ratings.Contest(((0, 2), (1, 3)), (24, -24))
    sicilian = ratings.standings(get_game("sicilian").info.partnerships, [17, 2, -4, -15])
    assert sicilian == ratings.Contest(((0,), (1,), (2,), (3,)), (17, 2, -4, -15))
    taroux = ratings.standings(get_game("taroux").info.partnerships, [5, 0, -5, 5, 0, -5])
    assert taroux.sides == ((0, 3), (1, 4), (2, 5)) and taroux.scores == (10, 0, -10)


def test_a_tie_in_the_standings_is_rated_as_the_standings_read() -> None:
    """Four newcomers alone with totals (1, 2, 0, 2): West and East tied first, South third, North
    last. By hand from the Bradley-Terry full-pairing formulas: each seat's sigma first widens by
    tau (sigma^2 = (25/3)^2 + (1/12)^2); every pair of newcomers is an even match (p = 1/2), so each
    seat's mu moves by sigma^2 / c x (pairs won - pairs lost) / 2, a tie counting as half won and
    half lost, with c = sqrt(2 sigma^2 + 2 beta^2), beta = 25/6: West and East each won two pairs
    and drew one, +1 step; South won one and lost two, -1/2; North lost three, -3/2. Every pair
    narrows each seat's sigma alike (the pair's p (1 - p) = 1/4 whatever its result): sigma^2 x
    (1 - 3 x sigma^3 / (4 c^3)), the same for all four, so the ratings read as the standings."""
    newcomer = (ratings.MODEL.mu, ratings.MODEL.sigma)
    after = ratings.rate([newcomer] * 4, ratings.standings((), [1, 2, 0, 2]))
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(2 * sigma2 + 2 * (25 / 6) ** 2)
    step = sigma2 / c
    sigma = math.sqrt(sigma2 * (1 - 3 * sigma2**1.5 / (4 * c**3)))
    for (mu, narrowed), moved in zip(after, (-1 / 2, 1, -3 / 2, 1), strict=True):
        assert mu == pytest.approx(25 + moved * step, abs=1e-9)
        assert narrowed == pytest.approx(sigma, abs=1e-9)
    south, west, north, east = (ratings.shown(mu, sigma) for mu, sigma in after)
    assert west == east > south > north, (west, east, south, north)
    assert (west, south, north) == (1311, 994, 784)  # step 5.271, sigma 7.502


def test_the_winning_side_rises_and_a_level_at_two_seats_moves_once(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        store.create("t", "piedmont", {}, 1, 0, 4, digest("c"), [("invite", None)] * 4)
        who = ["anna", "bruno", "computer:easy", "computer:easy"]
        played = ratings.Contest(((0, 2), (1, 3)), (20, -20))
        assert ratings.settle(store, "t", "piedmont", who, played, [10, -10, 10, -10])
        lines = {line.name: line for line in ratings.leaderboard(store, "piedmont")}
        assert set(lines) == {"computer (easy)"}  # anna and bruno are nobody's keys here: not listed
        with store.engine.connect() as db:
            rows = {r.who: r for r in db.execute(ratings.ratings.select())}
        assert rows["anna"].mu > ratings.MODEL.mu > rows["bruno"].mu
        assert rows["anna"].mu - ratings.MODEL.mu == ratings.MODEL.mu - rows["bruno"].mu
        assert abs(rows["computer:easy"].mu - ratings.MODEL.mu) < 1e-9  # one copy won, one lost: the mean
        assert rows["computer:easy"].games == 1
    finally:
        store.close()
