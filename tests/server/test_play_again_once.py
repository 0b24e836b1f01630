"""Play again decided by two writers at the same moment, on SQLite and PostgreSQL: the old
table's successor is claimed by a conditional write in the transaction that makes the new table,
so exactly one new table is made and both writers are answered its id."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select, text

from tarocchi.server.players import Players
from tarocchi.server.store import Store, StoredTable, tables


def finished_table(store: Store) -> StoredTable:
    store.create("old", "sicilian", {}, 7, 0, 4, "c" * 64, [("invite", "a" * 64), ("invite", "b" * 64)] * 2)
    stored = store.load("old")
    assert stored is not None
    return stored


def test_two_writers_deciding_at_once_make_one_table(any_db_url: str) -> None:
    store = Store(any_db_url)
    try:
        old = finished_table(store)
        started = threading.Barrier(3)

        def decide(new_id: str) -> str:
            started.wait(timeout=30)
            return Players(store).play_again(old, new_id, 11, 1)

        with store.engine.connect() as holder, ThreadPoolExecutor(2) as pool:
            # A write holds the old table while both writers start: they meet it at the same moment.
            holder.execute(text("UPDATE tables SET touched = touched WHERE id = 'old'"))
            answers = [pool.submit(decide, new_id) for new_id in ("first", "second")]
            started.wait(timeout=30)
            time.sleep(0.3)
            holder.commit()
            made = {answer.result(timeout=60) for answer in answers}
        assert len(made) == 1, made
        (successor,) = made
        with store.engine.connect() as db:
            assert db.execute(select(func.count()).select_from(tables)).scalar_one() == 2
            assert db.execute(select(tables.c.next_id).where(tables.c.id == "old")).scalar_one() == successor
        again = store.load(successor)
        assert again is not None and again.first_dealer == 1 and again.seats == old.seats
        assert Players(store).play_again(old, "third", 12, 1) == successor  # a late word: the same table
    finally:
        store.close()
