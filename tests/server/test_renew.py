"""A change around the table (a name, the new table everyone said play again for, a seat given
away) reaches every connection, even when it comes while a broadcast of the state before it is
still being sent: no connection is left with the older state marked as its newest, and none is
sent the view of a seat it no longer holds."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from eventloop import run

from tarocchi.server.store import Store, digest
from tarocchi.server.tables import Connection, LiveTable


def sicilian_table(tmp_path: Path) -> LiveTable:
    """A Sicilian table of four people's seats."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.create("t", "sicilian", {}, 11, 0, 1, "c" * 64, [("invite", digest(str(s))) for s in range(4)])
    stored = store.load("t")
    store.close()
    assert stored is not None
    return LiveTable(stored)


class Held:
    """Connections at seats 0 and 1 keeping what they are sent; the first text to seat 0 is held
    until ``go_on`` is set (``sending`` says it is on its way)."""

    def __init__(self, table: LiveTable) -> None:
        self.received: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
        self.sending = asyncio.Event()
        self.go_on = asyncio.Event()
        table.connections = [self.connection(0), self.connection(1)]

    def connection(self, seat: int) -> Connection:
        async def send(text: str) -> None:
            if seat == 0 and not self.go_on.is_set():
                self.sending.set()
                await self.go_on.wait()
            self.received[seat].append(json.loads(text))

        return Connection(seat, send)

    async def renewing(self, table: LiveTable) -> asyncio.Task[None]:
        """A renewal of the table, once its text to seat 0 is on its way (and held)."""
        renewal = asyncio.create_task(table.renew())
        await self.sending.wait()
        return renewal


def test_a_renewal_during_a_broadcast_reaches_every_connection(tmp_path: Path) -> None:
    table = sicilian_table(tmp_path)

    async def scene() -> Held:
        held = Held(table)
        first = await held.renewing(table)
        table.around.next_id = "next"  # everyone said play again, while seat 0's state is on its way
        second = asyncio.create_task(table.renew())
        await asyncio.sleep(0)
        held.go_on.set()
        await asyncio.gather(first, second)
        return held

    received = run(scene()).received
    for seat in (0, 1):
        assert received[seat], seat
        assert received[seat][-1]["table"]["next"] == "next", seat


def test_a_seat_given_away_during_a_broadcast_is_sent_a_spectators_view_alone(tmp_path: Path) -> None:
    table = sicilian_table(tmp_path)

    async def scene() -> Held:
        held = Held(table)
        first = await held.renewing(table)
        moved = table.seat_given(1, "easy", None)  # seat 1's state is built, not yet sent
        held.go_on.set()
        await first
        await table.tell_unseated(moved)
        return held

    received = run(scene()).received
    assert [state["table"]["seat"] for state in received[1] if state["type"] == "state"] == [None]
    assert received[1][-1]["code"] == "token"  # and told why
