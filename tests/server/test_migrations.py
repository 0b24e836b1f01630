"""Migration 0005 gives every table its version in the database: what a server counted in memory
before it (one per action standing, two per action taken back), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import insert

from tarocchi.server.store import StaleAction, Store, actions, connect, engine_url, migrate, seats, tables


def test_a_table_from_before_migration_0005_keeps_its_version(any_db_url: str) -> None:
    url = engine_url(any_db_url)
    migrate(url, "0004")
    engine = connect(url)
    with engine.begin() as db:
        db.execute(
            insert(tables).values(
                id="old",
                game="sicilian",
                options={},
                seed=7,
                first_dealer=0,
                hands=4,
                creator_hash="c" * 64,
                created=datetime.now(UTC),
                finished=False,
                undos=2,
            )
        )
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
