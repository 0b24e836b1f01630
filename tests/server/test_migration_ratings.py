"""The ratings' migration keeps the tables a database holds, on SQLite and PostgreSQL: a game
finished before it is not rated (it counts as settled) but is in its players' history, its totals
read from its actions; an unfinished table plays on, its seats nobody's absence."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

from fastapi.testclient import TestClient
from sqlalchemy import insert

from tarocchi.bots.players import make_player
from tarocchi.core.match import Match
from tarocchi.core.registry import get_game
from tarocchi.server.app import create_app
from tarocchi.server.store import actions, connect, digest, engine_url, migrate, players, seats, tables


def played_out(seed: int) -> Match:
    """A whole Sicilian game of easy computer players (its deals from ``seed``, whatever they are)."""
    game = get_game("sicilian")
    match = Match(game, seed=seed, first_dealer=1)
    bots = [make_player("random", game) for _ in range(4)]
    rng = random.Random(seed)
    while not match.over:
        seat = match.to_act()
        if seat is None:
            match.next_hand()
            continue
        match.submit(seat, bots[seat].choose(match.view(seat), rng))
    return match


def test_tables_from_before_ratings_keep_their_games_and_join_the_history(any_db_url: str) -> None:
    url = engine_url(any_db_url)
    migrate(url, "0008")
    engine = connect(url)
    done = played_out(7)
    key = "anna's key"
    with engine.begin() as db:
        db.execute(insert(players).values(key_hash=digest(key), name="Anna", created=0))
        for table_id, finished in (("old", True), ("open", False)):
            db.execute(
                insert(tables).values(
                    id=table_id, game="sicilian", options={}, seed=7, first_dealer=1, hands=4,
                    creator_hash=digest("c"), created=datetime.now(UTC), finished=finished,
                    version=len([a for h in done.hands for a in h.actions]) if finished else 0, touched=0,
                )
            )  # fmt: skip
            db.execute(
                insert(seats),
                [
                    {"table_id": table_id, "seat": s, "kind": "invite" if s == 0 else "easy",
                     "token_hash": digest(f"{table_id}{s}") if s == 0 else None,
                     "player_hash": digest(key) if s == 0 else None, "name": "Anna" if s == 0 else None}
                    for s in range(4)
                ],
            )  # fmt: skip
        rows = [(h.number, seat, str(a)) for h in done.hands for seat, a in h.actions]
        db.execute(
            insert(actions),
            [
                {"table_id": "old", "seq": n, "hand": hand, "seat": seat, "action": a}
                for n, (hand, seat, a) in enumerate(rows)
            ],
        )
    engine.dispose()
    with TestClient(create_app(any_db_url, undo_seconds=0)) as client:
        assert client.get("/api/ratings", params={"game": "sicilian"}).json()[0]["ratings"] == []  # not rated
        history = client.post("/api/players/history", json={"player": key}).json()
        (game,) = history["games"]
        assert game["id"] == "old" and game["ended"] is None
        assert [s["total"] for s in game["standings"]] == list(done.totals)
        assert client.get("/api/tables/open").json()["over"] is False
        with client.websocket_connect("/ws/open") as socket:
            socket.send_text('{"type": "hello", "token": "open0"}')
            state = json.loads(socket.receive_text())
            assert state["table"]["seat"] == 0 and state["table"]["absent"][0] is None
            assert state["table"]["votes"] == [0, 0, 0, 0]
