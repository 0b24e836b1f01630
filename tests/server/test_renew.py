"""A change around the table (a name, the new table everyone said play again for) reaches every
connection, even when it comes while a broadcast of the state before it is still being sent: no
connection is left with the older state marked as its newest."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from eventloop import run

from tarocchi.server.store import Store, digest
from tarocchi.server.tables import Connection, LiveTable


def test_a_renewal_during_a_broadcast_reaches_every_connection(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.create("t", "sicilian", {}, 11, 0, 1, "c" * 64, [("invite", digest(str(s))) for s in range(4)])
    stored = store.load("t")
    store.close()
    assert stored is not None
    table = LiveTable(stored)
    received: dict[int, list[dict[str, object]]] = {0: [], 1: []}

    async def scene() -> None:
        sending = asyncio.Event()
        go_on = asyncio.Event()

        def to(seat: int) -> Connection:
            async def send(text: str) -> None:
                if seat == 0 and not go_on.is_set():
                    sending.set()
                    await go_on.wait()  # the first broadcast is held while it sends to seat 0
                received[seat].append(json.loads(text))

            return Connection(seat, send)

        table.connections = [to(0), to(1)]
        first = asyncio.create_task(table.renew())
        await sending.wait()
        table.around.next_id = "next"  # everyone said play again, while seat 0's state is on its way
        second = asyncio.create_task(table.renew())
        await asyncio.sleep(0)
        go_on.set()
        await asyncio.gather(first, second)

    run(scene())
    for seat in (0, 1):
        assert received[seat], seat
        assert received[seat][-1]["table"]["next"] == "next", seat  # type: ignore[index]
