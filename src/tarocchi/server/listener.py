"""Hearing the other server processes: LISTEN on the database's ``tarocchi_table`` channel.

Every change a process commits to a shared PostgreSQL database is announced (``Store._announce``,
NOTIFY sent at commit). Each process keeps one connection listening, outside SQLAlchemy's pool
(psycopg 3, asynchronous, on the event loop), and hands each announcement of another process to
``heard`` (an action's announcement carries the action). A lost connection is opened again after
a growing pause, and then ``missed`` is called: what was announced meanwhile is read from the
database, never lost with the message.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import psycopg

from tarocchi.server.store import CHANNEL, Heard
from tarocchi.server.tables import backoff

log = logging.getLogger("tarocchi.server")

PING_SECONDS = 15.0
"""How long the listening connection may stay silent before it is checked with a query: a
connection the network dropped without a word raises there, and is opened again."""
RETRY_MOST = 30.0
"""The longest pause between attempts to listen again (from 1 s, doubling)."""


class Listener:
    """One listening connection of this process; ``start`` returns once it listens."""

    def __init__(
        self, url: str, origin: str, heard: Callable[[Heard], None], missed: Callable[[], None]
    ) -> None:
        self.url = url
        self.origin = origin
        self.heard = heard
        self.missed = missed
        self.task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()

    async def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())
        await asyncio.wait_for(self.listening.wait(), timeout=30)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _run(self) -> None:
        failures = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if failures:
                        log.info("listening to the other server processes again")
                        self.missed()
                    failures = 0
                    self.listening.set()
                    await self._listen(connection)
            except (psycopg.Error, OSError):
                failures += 1
                wait = backoff(failures, RETRY_MOST)
                log.warning("lost the connection that hears the other server processes; again in %g s", wait)
                await asyncio.sleep(wait)

    async def _listen(self, connection: psycopg.AsyncConnection[object]) -> None:
        while True:
            async for note in connection.notifies(timeout=PING_SECONDS):
                heard = Heard.parse(note.payload)
                if heard.origin != self.origin:
                    self.heard(heard)
            await connection.execute("SELECT 1")
