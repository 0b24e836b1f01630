"""The players' migration keeps the tables a database holds, on SQLite and PostgreSQL: a table from
before is invite-only, its seats bound to nobody and opened by their links as before, its chat
empty, and it plays on."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import insert

from tarocchi.server import chat
from tarocchi.server.players import Players
from tarocchi.server.store import Store, actions, connect, digest, engine_url, migrate, seats, tables
from tarocchi.server.tables import LiveTable


def test_a_table_from_before_players_keeps_its_seats_and_actions(any_db_url: str) -> None:
    url = engine_url(any_db_url)
    migrate(url, "0007")
    engine = connect(url)
    kinds = ["invite", "hard", "invite", "easy"]
    with engine.begin() as db:
        db.execute(
            insert(tables).values(
                id="old",
                game="sicilian",
                options={},
                seed=5,
                first_dealer=2,
                hands=4,
                creator_hash=digest("creator"),
                created=datetime.now(UTC),
                finished=False,
                version=1,
                touched=0,
            )
        )
        db.execute(
            insert(seats),
            [
                {
                    "table_id": "old",
                    "seat": s,
                    "kind": kind,
                    "token_hash": digest(f"t{s}") if kind == "invite" else None,
                }
                for s, kind in enumerate(kinds)
            ],
        )
        db.execute(insert(actions).values(table_id="old", seq=0, hand=1, seat=3, action="silent"))
    engine.dispose()
    store = Store(any_db_url)
    try:
        loaded = store.load("old")
        assert loaded is not None and loaded.actions == ((3, "silent"),) and loaded.version == 1
        assert loaded.seats[0] == ("invite", digest("t0")) and loaded.seats[1] == ("hard", None)
        assert loaded.people == ((None, None, False),) * 4
        assert (loaded.public, loaded.creator_player, loaded.next_id, loaded.spectators_muted) == (
            False,
            None,
            None,
            False,
        )
        table = LiveTable(loaded)
        assert [table.seat_of(f"t{s}") for s in range(4)] == [0, None, 2, None]
        assert chat.history(store, "old", ("players", "spectators")) == []
        players = Players(store)
        key = players.create("Anna")
        players.sit("old", 2, digest(key), "Anna", keep_token=True)
        chat.add(store, "old", chat.Line("players", 2, "Anna", "<b>hi</b>", 1))
        again = store.load("old")
        assert again is not None and again.people[2] == (digest(key), "Anna", False)
        assert again.seats[2] == ("invite", digest("t2"))  # the link still opens it
        assert [line.text for line in chat.history(store, "old", ("players",))] == ["<b>hi</b>"]
        assert players.tables_of(digest(key)) == [("old", 2)]
    finally:
        store.close()
