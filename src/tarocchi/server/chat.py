"""A table's chat: lines said to the whole table, stored with it.

Two rooms: the players' (seated people say it; players and spectators read it) and the
spectators' (spectators say and read it; the players never see it, so no watcher can whisper to a
player). Each line is length-limited, each connection rate-limited, and the table's creator may
mute a seat or all the spectators. Lines are sent as text; pages show them as text only.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import Literal

from sqlalchemy import insert, select

from tarocchi.server.store import Store, chat

Room = Literal["players", "spectators"]

LINE_MOST = 300
"""The longest line, in characters."""
LINES = 5
"""Lines one connection may say in any SPAN seconds."""
SPAN = 10.0
HISTORY = 100
"""The newest lines of each room a new connection is sent."""


class ChatRefused(ValueError):
    """A line that is not said, and why, in one line."""


@dataclass(frozen=True)
class Line:
    room: str
    seat: int | None
    name: str
    text: str
    at: int

    def json(self) -> dict[str, object]:
        return {"room": self.room, "seat": self.seat, "name": self.name, "text": self.text, "at": self.at}


def clean_line(raw: str) -> str:
    """``raw`` as a chat line: one line, spaces collapsed, no control or invisible characters."""
    text = " ".join(
        "".join(
            ch for ch in unicodedata.normalize("NFC", raw) if unicodedata.category(ch) not in ("Cc", "Cf")
        ).split()
    )
    if not text:
        raise ChatRefused("say something: the line is empty")
    if len(text) > LINE_MOST:
        raise ChatRefused(f"a line may be at most {LINE_MOST} characters (this one has {len(text)})")
    return text


class Pace:
    """How often a connection spoke lately: LINES lines in any SPAN seconds."""

    def __init__(self) -> None:
        self.times: deque[float] = deque()

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        while self.times and self.times[0] <= now - SPAN:
            self.times.popleft()
        if len(self.times) >= LINES:
            return False
        self.times.append(now)
        return True


def add(store: Store, table_id: str, line: Line) -> None:
    with store.engine.begin() as db:
        db.execute(
            insert(chat).values(
                table_id=table_id, room=line.room, seat=line.seat, name=line.name, text=line.text, at=line.at
            )
        )


def history(store: Store, table_id: str, rooms: tuple[str, ...]) -> list[Line]:
    """The newest HISTORY lines of each of ``rooms``, oldest first."""
    found: list[tuple[int, Line]] = []
    with store.engine.connect() as db:
        for room in rooms:
            rows = db.execute(
                select(chat.c.id, chat.c.seat, chat.c.name, chat.c.text, chat.c.at)
                .where(chat.c.table_id == table_id, chat.c.room == room)
                .order_by(chat.c.id.desc())
                .limit(HISTORY)
            ).all()
            found += [
                (int(r.id), Line(room, None if r.seat is None else int(r.seat), r.name, r.text, int(r.at)))
                for r in rows
            ]
    return [line for _, line in sorted(found, key=lambda pair: pair[0])]


def rooms_read(seat: int | None) -> tuple[str, ...]:
    """The rooms a connection reads: a seat the players' alone, a spectator both."""
    return ("players",) if seat is not None else ("players", "spectators")
