"""Group commit (``Store.append_all``, ``Committer``): the actions of many tables committed in
one transaction, each taken or refused on its own, on SQLite and PostgreSQL; nobody is answered
before the commit, and a batch the database refuses is tried again action by action."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from eventloop import run

from tarocchi.server.store import Appended, StaleAction, Store


@pytest.fixture
def store(any_db_url: str) -> Iterator[Store]:
    opened = Store(any_db_url)
    for n in range(12):
        opened.create(f"t{n}", "sicilian", {}, n, 0, 4, "c" * 64, [("invite", "h" * 64)] * 4)
    yield opened
    opened.close()


def test_one_transaction_takes_the_good_actions_and_refuses_the_stale_ones(store: Store) -> None:
    store.append("t1", 0, 0, 1, 0, "pass", finished=False)  # t1 is at version 1, action 0 taken
    batch = [
        Appended("t0", 0, 0, 1, 0, "pass", finished=False),
        Appended("t1", 0, 1, 1, 1, "pass", finished=False),  # seen at version 0: too late
        Appended("t2", 0, 0, 1, 0, "bid 1", finished=True),
        Appended("t3", 1, 0, 1, 0, "pass", finished=False),  # a version t3 never had
    ]
    outcomes = store.append_all(batch)
    assert [type(outcome).__name__ for outcome in outcomes] == [
        "NoneType",
        "StaleAction",
        "NoneType",
        "StaleAction",
    ]
    assert store.news("t0", 0).actions == ((0, "pass"),) and store.news("t0", 0).version == 1
    assert store.news("t1", 0).actions == ((0, "pass"),) and store.news("t1", 0).version == 1
    assert store.news("t2", 0).actions == ((0, "bid 1"),)
    assert "t2" not in store.unfinished() and "t0" in store.unfinished()
    # the refused action's row, inserted before its version check failed, is gone again
    assert store.news("t3", 0).actions == () and store.news("t3", 0).version == 0
    with pytest.raises(StaleAction):
        store.append("t0", 0, 1, 1, 1, "pass", finished=False)


def test_actions_arriving_together_share_commits_and_are_all_kept(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches: list[int] = []
    original = Store.append_all

    def counted(self: Store, batch: Sequence[Appended]) -> list[StaleAction | None]:
        batches.append(len(batch))
        return original(self, batch)

    monkeypatch.setattr(Store, "append_all", counted)

    async def table(n: int) -> None:
        for seq in range(5):
            await store.commit(Appended(f"t{n}", seq, seq, 1, seq % 4, "pass", finished=False))
            # answered only once committed: a new connection reads it
            assert store.news(f"t{n}", seq).actions == ((seq % 4, "pass"),)

    async def everyone() -> None:
        await asyncio.gather(*(table(n) for n in range(12)))

    run(everyone())
    assert sum(batches) == 60 and len(batches) < 60 and max(batches) > 1, batches
    for n in range(12):
        assert store.news(f"t{n}", 0).version == 5


def test_a_refused_batch_is_tried_again_one_action_at_a_time(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = Store.append_all

    def picky(self: Store, batch: Sequence[Appended]) -> list[StaleAction | None]:
        if any(item.table_id == "t5" for item in batch):
            raise RuntimeError("the database refused t5")
        return original(self, batch)

    monkeypatch.setattr(Store, "append_all", picky)

    async def everyone() -> list[BaseException | None]:
        return await asyncio.gather(
            *(store.commit(Appended(f"t{n}", 0, 0, 1, 0, "pass", finished=False)) for n in range(12)),
            return_exceptions=True,
        )

    outcomes = run(everyone())
    assert [str(outcome) for outcome in outcomes if outcome is not None] == ["the database refused t5"]
    assert outcomes[5] is not None
    for n in range(12):
        assert store.news(f"t{n}", 0).version == (0 if n == 5 else 1)


def test_an_sqlite_write_waits_for_another_longer_than_the_drivers_five_seconds(tmp_path: Path) -> None:
    """Hundreds of tables created at once, each a commit synced to disk, one after another: the
    last ones waited more than the driver's 5 s for the lock and failed ("database is locked")."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    store = Store(url)
    store.create("early", "sicilian", {}, 1, 0, 4, "c" * 64, [("invite", "h" * 64)] * 4)  # in WAL now
    holder = sqlite3.connect(tmp_path / "tables.db", check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the database for 6 s
    releaser = threading.Timer(6.0, holder.commit)
    releaser.start()
    try:
        started = time.monotonic()
        store.create("late", "sicilian", {}, 1, 0, 4, "c" * 64, [("invite", "h" * 64)] * 4)
        assert time.monotonic() - started > 5.0
        assert store.load("late") is not None
    finally:
        releaser.join()
        holder.close()
        store.close()
