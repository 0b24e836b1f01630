"""The end of a hand, held on the table until the people there have looked at it.

When a hand ends the table keeps it (its last trick, its score on the sheet) and deals the next
only when every person seated and paced (``pace.people``) has said ``next`` for it; computer
players wait meanwhile. A person who leaves, or whose seat goes to a computer player, is no
longer waited for; at a table with a move time limit the next hand is dealt when that time has
passed, ready or not. Dealing the next hand takes no action of anyone's (the deal follows from
the table's seed), so it changes no version and is stored nowhere: a server that restarts, or
another process serving the table, deals it at its own people's word or when the next hand's
first action arrives.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from tarocchi.server.pace import people

if TYPE_CHECKING:
    from tarocchi.server.tables import LiveTable, Tables


class HandEnd:
    """Who has said ``next`` for the finished hand ``hand``, and its time limit's task."""

    def __init__(self) -> None:
        self.hand = 0
        self.ready: set[int] = set()
        self.clock: asyncio.Task[None] | None = None


def held(table: LiveTable) -> bool:
    """Whether ``table`` shows a finished hand whose next hand is not dealt yet."""
    return table.match.hand_over and not table.match.over


def waiting(table: LiveTable) -> list[int] | None:
    """The seats whose people have not yet said ``next`` (None: no hand is held)."""
    if not held(table):
        return None
    end = table.hand_end
    ready = end.ready if end.hand == table.match.hand.number else set()
    return sorted({c.seat for c in people(table) if c.seat is not None} - ready)


def deal(table: LiveTable) -> None:
    """Deal the next hand of a held table (the caller holds its lock, or replays)."""
    if held(table):
        table.match.next_hand()
        table.changed_at = time.monotonic()
        if table.hand_end.clock is not None:
            table.hand_end.clock.cancel()
        table.hand_end = HandEnd()


def say_next(table: LiveTable, seat: int, hand: int) -> None:
    """``seat`` has seen hand ``hand``'s end (a word for another hand, or none held, is nothing)."""
    if held(table) and table.match.hand.number == hand:
        if table.hand_end.hand != hand:
            table.hand_end.hand, table.hand_end.ready = hand, set()
        table.hand_end.ready.add(seat)


def settle(tables: Tables, table: LiveTable) -> None:
    """At a held table: deal now if nobody is waited for, else start the time limit (once)."""
    if not waiting(table):
        _start(tables, table, 0.0)
    elif table.move_seconds is not None and table.hand_end.clock is None:
        table.hand_end.hand = table.match.hand.number
        table.hand_end.clock = _start(tables, table, float(table.move_seconds))


def _start(tables: Tables, table: LiveTable, seconds: float) -> asyncio.Task[None]:
    hand = table.match.hand.number
    task = asyncio.get_running_loop().create_task(_deal_after(tables, table, hand, seconds))
    tables.tasks.add(task)
    task.add_done_callback(tables.tasks.discard)
    return task


async def _deal_after(tables: Tables, table: LiveTable, hand: int, seconds: float) -> None:
    """Deal the hand after ``hand`` when ``seconds`` have passed (0: if still nobody is waited for)."""
    if seconds:
        await asyncio.sleep(seconds)
    async with table.lock:
        if not held(table) or table.match.hand.number != hand or (not seconds and waiting(table)):
            return
        table.hand_end.clock = None  # this task: not to be cancelled by its own deal
        deal(table)
    await table.broadcast()
    tables.wake(table)
