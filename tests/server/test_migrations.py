"""Migrations keep the tables a database holds, on SQLite and PostgreSQL: 0005 gives every table its
version in the database (what a server counted in memory before it: one per action standing, two
per action taken back); 0006 takes the computer players' seats' tokens away."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Insert, insert

from tarocchi.server.store import (
    StaleAction,
    Store,
    actions,
    connect,
    digest,
    engine_url,
    migrate,
    seats,
    tables,
)
from tarocchi.server.tables import LiveTable


def old_sicilian(**values: object) -> Insert:
    """The row of an unfinished Sicilian table "old", as a schema before the newest holds it
    (``values``: its seed, creator's digest, and the columns of that schema)."""
    return insert(tables).values(
        id="old",
        game="sicilian",
        options={},
        first_dealer=0,
        hands=4,
        created=datetime.now(UTC),
        finished=False,
        **values,
    )


def test_a_table_from_before_migration_0005_keeps_its_version(any_db_url: str) -> None:
    url = engine_url(any_db_url)
    migrate(url, "0004")
    engine = connect(url)
    with engine.begin() as db:
        db.execute(old_sicilian(seed=7, creator_hash="c" * 64, undos=2))
        db.execute(
            insert(seats),
            [{"table_id": "old", "seat": s, "kind": "invite", "token_hash": "h"} for s in range(4)],
        )
        db.execute(
            insert(actions),
            [{"table_id": "old", "seq": n, "hand": 1, "seat": n, "action": "pass"} for n in range(3)],
        )
    engine.dispose()
    store = Store(any_db_url)  # migrates to the newest schema
    try:
        loaded = store.load("old")
        assert loaded is not None and loaded.version == 3 + 2 * 2
        store.append("old", 7, 3, 1, 3, "pass", finished=False)  # the next change is on version 7
        news = store.news("old", 3)
        assert news.version == 8 and news.actions == ((3, "pass"),)
        with pytest.raises(StaleAction):  # a writer that saw version 7 is too late
            store.append("old", 7, 4, 1, 0, "pass", finished=False)
        assert store.news("old", 0).version == 8
    finally:
        store.close()


def test_migration_0006_takes_the_computer_seats_tokens_away_and_keeps_the_table(any_db_url: str) -> None:
    """A table stored with a token for every seat, as tables were before: afterwards only the
    person's token opens a seat, and the table plays on from its actions."""
    url = engine_url(any_db_url)
    migrate(url, "0005")
    engine = connect(url)
    kinds = ["invite", "hard", "invite", "easy"]
    with engine.begin() as db:
        db.execute(old_sicilian(seed=11, creator_hash=digest("creator"), version=1))
        db.execute(
            insert(seats),
            [
                {"table_id": "old", "seat": s, "kind": kind, "token_hash": digest(f"token {s}")}
                for s, kind in enumerate(kinds)
            ],
        )
        db.execute(insert(actions).values(table_id="old", seq=0, hand=1, seat=1, action="silent"))
    engine.dispose()
    store = Store(any_db_url)
    try:
        loaded = store.load("old")
        assert loaded is not None and loaded.actions == ((1, "silent"),) and loaded.version == 1
        assert loaded.seats == (
            ("invite", digest("token 0")),
            ("hard", None),
            ("invite", digest("token 2")),
            ("easy", None),
        )
        table = LiveTable(loaded)
        assert [table.seat_of(f"token {s}") for s in range(4)] == [0, None, 2, None]
        assert table.seat_of("creator") is None and table.version == 1
        assert store.tables_of(digest("token 1")) == [] and store.tables_of(digest("token 2")) == [("old", 2)]
    finally:
        store.close()


def test_migration_0007_counts_every_stored_table_as_changed_when_it_ran(any_db_url: str) -> None:
    """A table from before is not archived by the migration: it is live for a week from then."""
    url = engine_url(any_db_url)
    migrate(url, "0006")
    engine = connect(url)
    with engine.begin() as db:
        db.execute(old_sicilian(seed=3, creator_hash=digest("creator"), version=0))
        db.execute(
            insert(seats),
            [
                {"table_id": "old", "seat": s, "kind": "invite", "token_hash": digest(f"t{s}")}
                for s in range(4)
            ],
        )
    engine.dispose()
    store = Store(any_db_url)
    try:
        assert store.unfinished(idle_seconds=60) == ["old"]
        loaded = store.load("old")
        assert loaded is not None and loaded.seed == 3 and loaded.seats[2] == ("invite", digest("t2"))
    finally:
        store.close()
