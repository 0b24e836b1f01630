"""Every setting of the table server in one typed value, read once at start.

``tarocchi serve`` fills a ``Settings`` from its flags and the environment (``TAROCCHI_*``, one
variable a setting; docs/server.md lists them) and ``create_app`` takes it whole, so the app and
the command never disagree about a default. Standard library only: the command reads the
defaults for its help before it imports the server.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

UNDO_SECONDS = 1.5
"""How long computer players wait after a move of a person alone with them before they act: the
person may take it back meanwhile (undo is for one's own last move, until the next player acts).
0 offers no undo."""

ARCHIVE_DAYS = 7.0
"""An unfinished table nobody changed for this many days is archived: a server's start does not
load it (the start stays quick however many tables were left), a client's asking for it does."""


@dataclass(frozen=True)
class Settings:
    """The server's settings; each default is the one ``tarocchi serve`` uses."""

    db_url: str
    """The database: ``sqlite:///path/tables.db`` or ``postgresql://user@host/db``."""
    host: str = "127.0.0.1"
    port: int = 8000
    undo_seconds: float = UNDO_SECONDS
    """How long computer players wait after a lone person's move, who may take it back (0: no undo)."""
    archive_after_days: float = ARCHIVE_DAYS
    """Unfinished tables nobody touched for this long are archived: not loaded at start, reopened
    on demand (0: never)."""
    access_log: bool = False
    """Whether client addresses, paths and query strings are logged (a query string may hold a token)."""
    allow_origins: tuple[str, ...] = ()
    """Origins (``https://host[:port]``) whose pages may open the websocket besides the server's own."""
    forwarded_allow_ips: str = "127.0.0.1"
    """Proxies trusted to tell the client's address (X-Forwarded-For), comma-separated, ``*`` for any."""
    tables_per_minute: int = 10
    """Tables one client address may create in any 60 s."""
    tables_per_minute_all: int = 120
    """Tables all clients together may create in any 60 s."""
    open_tables_per_address: int = 50
    """Unfinished tables one client address may have created (counted while this process holds them)."""
    open_tables: int = 5000
    """Unfinished tables this process holds at most; past it, creation is refused."""
    sockets_per_address: int = 50
    """Websockets open at once from one client address."""
    sockets_per_table: int = 40
    """Websockets open at once on one table (seats and spectators)."""
    sockets: int = 2000
    """Websockets open at once on this process."""


def default(name: str) -> Any:
    """The default of the setting ``name``."""
    found = {field.name: field.default for field in fields(Settings)}[name]
    assert found is not MISSING, name
    return found
