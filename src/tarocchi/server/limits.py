"""How many tables a client may create and how many websockets it may hold: the counts behind the
429 and ``busy`` refusals (docs/protocol.md "Limits"). All in this process's memory."""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass

from tarocchi.server.settings import Settings
from tarocchi.server.tables import LiveTable

MINUTE = 60.0
FULL_RETRY_SECONDS = 60
"""The Retry-After of a refusal for a count (unfinished tables) rather than a rate: a guess, as
the count falls only when tables finish."""


@dataclass(frozen=True)
class Refused:
    """A refusal: one line saying why, and the seconds after which asking again may succeed."""

    reason: str
    retry_after: int


class Window:
    """How often something happened in the last ``span`` seconds, per key."""

    def __init__(self, most: int, span: float = MINUTE) -> None:
        self.most = most
        self.span = span
        self.times: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds until ``key`` may have one more (0: now); keys with nothing recent are dropped."""
        times = self.times.get(key)
        if times is None:
            return 0.0 if self.most > 0 else self.span
        while times and times[0] <= now - self.span:
            times.popleft()
        if not times:
            del self.times[key]
            return 0.0 if self.most > 0 else self.span
        return times[0] + self.span - now if len(times) >= self.most else 0.0

    def add(self, key: str, now: float) -> None:
        self.times.setdefault(key, deque()).append(now)


class TableLimits:
    """Table creation: a rate per client address and for everyone, and a count of unfinished tables
    per address and in all."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_address = Window(settings.tables_per_minute)
        self.everyone = Window(settings.tables_per_minute_all)
        self.created: dict[str, list[str]] = {}
        """Each address's tables, while they are unfinished and held here."""

    def refusal(self, address: str, held: Mapping[str, LiveTable], now: float) -> Refused | None:
        """Why ``address`` may not create a table now, or None; ``held`` is this process's tables."""
        wait = self.per_address.wait(address, now)
        if wait:
            return Refused(
                f"too many tables created from your address: at most {self.settings.tables_per_minute} "
                "a minute",
                math.ceil(wait),
            )
        wait = self.everyone.wait("", now)
        if wait:
            return Refused(
                f"the server creates at most {self.settings.tables_per_minute_all} tables a minute: "
                "try again shortly",
                math.ceil(wait),
            )
        mine = [t for t in self.created.get(address, []) if t in held and not held[t].match.over]
        if mine:
            self.created[address] = mine
        else:
            self.created.pop(address, None)
        if len(mine) >= self.settings.open_tables_per_address:
            return Refused(
                f"your address has {len(mine)} unfinished tables, the most it may have: finish some first",
                FULL_RETRY_SECONDS,
            )
        if sum(not table.match.over for table in held.values()) >= self.settings.open_tables:
            return Refused(
                "the server holds all the unfinished tables it may: try again later", FULL_RETRY_SECONDS
            )
        return None

    def add(self, address: str, table_id: str | None, now: float) -> None:
        """``address`` created a table (its id, if known)."""
        self.per_address.add(address, now)
        self.everyone.add("", now)
        if table_id is not None:
            self.created.setdefault(address, []).append(table_id)


class SocketLimits:
    """Websockets open at once: per client address, per table and in all."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_address: Counter[str] = Counter()
        self.per_table: Counter[str] = Counter()
        self.total = 0

    def enter(self, address: str, table_id: str) -> str | None:
        """Count a new websocket in, or say (one line) why it may not open."""
        if self.total >= self.settings.sockets:
            return f"the server has {self.total} connections open, the most it takes: try again later"
        if self.per_address[address] >= self.settings.sockets_per_address:
            return (
                f"your address has {self.per_address[address]} connections open, the most it may: "
                "close some first"
            )
        if self.per_table[table_id] >= self.settings.sockets_per_table:
            return f"this table has {self.per_table[table_id]} connections open, the most it takes"
        self.per_address[address] += 1
        self.per_table[table_id] += 1
        self.total += 1
        return None

    def leave(self, address: str, table_id: str) -> None:
        """Count a websocket out (one that ``enter`` let in)."""
        self.total -= 1
        for counts, key in ((self.per_address, address), (self.per_table, table_id)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]
