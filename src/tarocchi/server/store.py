"""The database: one schema for SQLite and PostgreSQL (SQLAlchemy Core), migrated by Alembic.

A table is its game, options and secret seed, its seats, and the list of actions taken: the
Match is rebuilt by replaying them, so an action committed is a table that survives a crash.
Tokens are kept only as SHA-256 digests; the seed never leaves the server before the game ends.

Several server processes may share one PostgreSQL database: each change moves the table's
``version`` on only if it is still the one the writer saw (exactly one writer wins), and tells
the others on the ``tarocchi_table`` channel (NOTIFY, sent when the transaction commits).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import queue
import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    false,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Row

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("hands", Integer, nullable=False),  # the game's length, as the options set it
    Column("move_seconds", Integer, nullable=True),  # a live table's time limit per move
    Column("creator_hash", String(64), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", Boolean, nullable=False, default=False),
    Column("undos", Integer, nullable=False, server_default="0"),  # actions taken back
    Column("version", Integer, nullable=False, server_default="0"),  # changes seen: 2 per undo, 1 per action
    Column("touched", BigInteger, nullable=False, server_default="0"),  # its last change, in Unix seconds
    Column("public", Boolean, nullable=False, server_default=false()),  # listed in the lobby
    Column("creator_player", String(64), nullable=True),  # the digest of the creator's player key
    Column("next_id", String(32), nullable=True),  # the table its game is played again at
    Column("spectators_muted", Boolean, nullable=False, server_default=false()),
    Column("rated", Boolean, nullable=False, server_default=false()),  # its game counted in the ratings
    Column("totals", JSON, nullable=True),  # the finished game's totals, per seat
    Column("ended", BigInteger, nullable=True),  # when the game ended, in Unix seconds
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("token_hash", String(64), nullable=True),  # None: a computer player's seat, which no token opens
    Column("player_hash", String(64), nullable=True),  # the player bound to the seat (their key's digest)
    Column("name", String(64), nullable=True),  # that player's name at this table
    Column("muted", Boolean, nullable=False, server_default=false()),  # the creator muted its chat
    Column("away_since", BigInteger, nullable=True),  # when its person left (Unix seconds; None: there)
    Column("again", Boolean, nullable=False, server_default=false()),  # its person said "play again"
)

votes = Table(
    "votes",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # the absent seat
    Column("voter", Integer, primary_key=True),  # the seat asking for a computer player there
)
"""Who asked that an absent person's seat be given to a computer player."""

ratings = Table(
    "ratings",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("who", String(80), primary_key=True),  # a player's key digest, or computer:<level>
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),  # the games counted
    Column("updated", BigInteger, nullable=False),
)
"""Each player's and computer level's rating per game (openskill's mean and deviation)."""

players = Table(
    "players",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("created", BigInteger, nullable=False),
)
"""A player: a name and the digest of their secret key (no password, no e-mail)."""

chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("room", String(16), nullable=False),  # "players" or "spectators"
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", BigInteger, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("hand", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)
"""One row per action, numbered from 0: the primary key lets exactly one writer take a number."""


def digest(token: str) -> str:
    """What the database keeps of a token: its SHA-256, so a leaked database opens no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredTable:
    id: str
    game: str
    options: dict[str, str]
    seed: int
    first_dealer: int
    hands: int
    move_seconds: int | None
    creator_hash: str
    finished: bool
    seats: tuple[tuple[str, str | None], ...]
    """(kind, token digest) of each seat; a computer player's seat has no token (None)."""
    actions: tuple[tuple[int, str], ...]
    """(seat, notation) of every action taken, in order."""
    undos: int = 0
    """How many actions were taken back (they are no longer in ``actions``)."""
    version: int = 0
    """How many changes the table has seen (two per undo, one per action standing)."""
    people: tuple[tuple[str | None, str | None, bool], ...] = ()
    """(player digest, name, muted) of each seat: the player bound to it, if any."""
    public: bool = False
    creator_player: str | None = None
    next_id: str | None = None
    spectators_muted: bool = False
    away_since: tuple[int | None, ...] = ()
    """When each seat's person left (Unix seconds; None: there, or not known)."""
    votes: tuple[tuple[int, int], ...] = ()
    """(absent seat, voter seat) of each word asking for a computer player."""
    again: frozenset[int] = frozenset()
    """The seats whose people said "play again" at the game's end."""


CHANNEL = "tarocchi_table"
"""The PostgreSQL channel every change of a table is announced on: ``<table id> <version> <origin>``,
and for an action ``<number> <seat> <notation>`` after it, so that the other processes need not
read it back from the database."""


@dataclass(frozen=True)
class Heard:
    """One announcement on CHANNEL."""

    table_id: str
    version: int
    origin: str
    action: tuple[int, int, str] | None
    """The action committed (its number, seat and notation); None for any other change."""

    @classmethod
    def parse(cls, payload: str) -> Heard:
        table_id, version, origin, *rest = payload.split(" ", 3)
        action = None
        if rest:
            seq, seat, notation = rest[0].split(" ", 2)
            action = (int(seq), int(seat), notation)
        return cls(table_id, int(version), origin, action)


@dataclass(frozen=True)
class News:
    """What a table's row says now, and the actions from a given number on: how a server process
    catches up with a change another process made."""

    version: int
    undos: int
    kinds: tuple[str, ...]
    token_hashes: tuple[str | None, ...]
    actions: tuple[tuple[int, str], ...]
    people: tuple[tuple[str | None, str | None, bool], ...] = ()
    """(player digest, name, muted) of each seat, as ``StoredTable.people``."""
    again: frozenset[int] = frozenset()
    """The seats whose people said "play again", as ``StoredTable.again``."""
    next_id: str | None = None
    """The table the game is played again at (None: none yet)."""


COMMIT_THREADS = 3
"""Threads that commit actions side by side on PostgreSQL (``Committer``); SQLite has one."""


class StaleAction(Exception):
    """Another writer took this action number first: the table has moved on."""


@dataclass(frozen=True)
class Appended:
    """One action to commit: number ``seq`` (of hand ``hand``) of the table at ``version``."""

    table_id: str
    version: int
    seq: int
    hand: int
    seat: int
    action: str
    finished: bool
    """Whether it ends the game (the table is marked finished with it)."""


def migrate(url: str, revision: str = "head") -> None:
    """Bring the database at ``url`` to the newest schema, or to ``revision`` (Alembic, run in code)."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(config, revision)


SQLITE_BUSY_SECONDS = 60.0
"""How long an SQLite write waits for another to finish before it fails ("database is locked"):
the driver's 5 s was too short when hundreds of tables were created at once (each creation a
commit that syncs to disk, one after another), and creations failed with a server error."""


def connect(url: str) -> Engine:
    """An engine for ``url`` (from ``engine_url``); SQLite keeps foreign keys and syncs each commit."""
    sqlite = make_url(url).get_backend_name() == "sqlite"
    arguments = {"timeout": SQLITE_BUSY_SECONDS} if sqlite else {}
    engine = create_engine(url, future=True, pool_pre_ping=True, connect_args=arguments)
    if sqlite:

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: object, _record: object) -> None:
            cursor = connection.cursor()  # type: ignore[attr-defined]
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")  # committed means on disk, kill -9 or not
            cursor.close()

    return engine


def engine_url(url: str) -> str:
    """The SQLAlchemy URL for a user's ``--db`` (``postgresql://`` uses psycopg 3)."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url.removeprefix("postgresql://")
    return url


def insert_table(db: Connection, row: dict[str, object], seat_rows: list[dict[str, object]]) -> None:
    """A new table's row (``row``: its columns) and its seats' (each seat's columns, in seat order),
    in the caller's transaction."""
    db.execute(
        insert(tables).values(**row, created=datetime.now(UTC), finished=False, touched=int(time.time()))
    )
    db.execute(
        insert(seats), [{"table_id": row["id"], "seat": seat, **rest} for seat, rest in enumerate(seat_rows)]
    )


class Store:
    """The server's reads and writes, each one transaction. Every change checks and moves the
    table's version in the same transaction (StaleAction: another writer moved it first)."""

    def __init__(self, url: str) -> None:
        self.url = engine_url(url)
        migrate(self.url)
        self.engine = connect(self.url)
        self.shared = self.engine.dialect.name == "postgresql"
        """Whether other server processes may share this database (PostgreSQL: they are told of
        each change; an SQLite file is one process's)."""
        self.origin = secrets.token_hex(6)
        """This process's name in the notifications, so that it skips its own."""
        self.sql = Statements("?" if self.engine.dialect.paramstyle == "qmark" else "%s")
        self.committer: Committer | None = None
        """The thread that commits actions in groups (started with the first)."""

    def listen_url(self) -> str:
        """The database's URL as psycopg takes it (for LISTEN, outside SQLAlchemy)."""
        return make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)

    def _move_on(self, db: Connection, table_id: str, version: int, **values: object) -> None:
        """Move the table from ``version`` to the next (with ``values``), and announce it; StaleAction
        if its version is no longer ``version``: of two writers exactly one moves it on."""
        moved = db.execute(
            update(tables)
            .where(tables.c.id == table_id, tables.c.version == version)
            .values(version=tables.c.version + 1, touched=int(time.time()), **values)
        )
        if moved.rowcount != 1:
            raise StaleAction(f"table {table_id} is no longer at version {version}")
        self._announce(db, table_id, version + 1)

    def _announce(self, db: Connection, table_id: str, version: int) -> None:
        """NOTIFY the other processes (at commit) of a change that is no action (an action's own
        announcement, which carries it, is ``append_all``'s)."""
        if self.shared:
            payload = f"{table_id} {version} {self.origin}"
            db.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})

    def create(
        self,
        table_id: str,
        game: str,
        options: dict[str, str],
        seed: int,
        first_dealer: int,
        hands: int,
        creator_hash: str,
        seat_rows: list[tuple[str, str | None]],
        move_seconds: int | None = None,
    ) -> None:
        with self.engine.begin() as db:
            insert_table(
                db,
                {
                    "id": table_id,
                    "game": game,
                    "options": options,
                    "seed": seed,
                    "first_dealer": first_dealer,
                    "hands": hands,
                    "move_seconds": move_seconds,
                    "creator_hash": creator_hash,
                },
                [{"kind": kind, "token_hash": token_hash} for kind, token_hash in seat_rows],
            )

    def announce_change(self, db: Connection, table_id: str) -> None:
        """Tell the other processes (at commit) that the table changed around its game (a seat, a
        word, the table it is played again at), at the version it is: no action changed."""
        db.execute(update(tables).where(tables.c.id == table_id).values(touched=int(time.time())))
        version = db.execute(select(tables.c.version).where(tables.c.id == table_id)).scalar_one()
        self._announce(db, table_id, int(version))

    def append(
        self, table_id: str, version: int, seq: int, hand: int, seat: int, action: str, finished: bool
    ) -> None:
        """Commit action number ``seq`` (of hand ``hand``) on the table at ``version``; StaleAction
        if another writer moved the table on first, or took that number."""
        (refused,) = self.append_all([Appended(table_id, version, seq, hand, seat, action, finished)])
        if refused is not None:
            raise refused

    def append_all(self, batch: Sequence[Appended]) -> list[StaleAction | None]:
        """Commit the actions of ``batch`` (at most one per table) in one transaction: one commit,
        one sync to disk, for all. Each is taken or refused on its own (its StaleAction, in
        ``batch``'s order); an error of the database refuses them all (nothing committed).

        Each action is its number taken (a row inserted unless the number is taken) and the
        table's version moved on (unless another writer moved it first: then the row is deleted
        again), in plain SQL: SQLAlchemy's building and compiling of the same statements cost ten
        times the database's own work. The tables are visited in the order of their ids, so
        that two processes' transactions lock rows in the same order, and never wait on each
        other in a circle."""
        sql = self.sql
        now = int(time.time())
        refused: dict[int, StaleAction] = {}
        with self.engine.begin() as db:
            run = db.exec_driver_sql
            for index in sorted(range(len(batch)), key=lambda i: batch[i].table_id):
                item = batch[index]
                key = (item.table_id, item.seq)
                if run(sql.insert, (*key, item.hand, item.seat, item.action)).rowcount != 1:
                    refused[index] = StaleAction(f"action {item.seq} of table {item.table_id} is taken")
                    continue
                moved = (
                    run(sql.finish, (True, now, item.table_id, item.version))
                    if item.finished
                    else run(sql.move, (now, item.table_id, item.version))
                )
                if moved.rowcount != 1:
                    run(sql.delete, key)
                    refused[index] = StaleAction(
                        f"table {item.table_id} is no longer at version {item.version}"
                    )
                    continue
                if self.shared:
                    announced = f"{item.table_id} {item.version + 1} {self.origin}"
                    run(sql.notify, (CHANNEL, f"{announced} {item.seq} {item.seat} {item.action}"))
        return [refused.get(index) for index in range(len(batch))]

    async def commit(self, item: Appended) -> None:
        """``append``, from the event loop: the action goes in the next group commit (StaleAction,
        or the database's error, raised here)."""
        if self.committer is None:
            self.committer = Committer(self, COMMIT_THREADS if self.shared else 1)
        await self.committer.commit(item)

    def take_back(self, table_id: str, version: int, seq: int) -> None:
        """Delete action number ``seq``, the table's last, on the table at ``version``, and count the
        undo (a change of its own: the version stays the actions standing plus twice the undos);
        StaleAction if another writer moved the table on first, or the action is not there."""
        with self.engine.begin() as db:
            self._move_on(db, table_id, version, undos=tables.c.undos + 1)
            gone = db.execute(delete(actions).where(actions.c.table_id == table_id, actions.c.seq == seq))
            if gone.rowcount != 1:
                raise StaleAction(f"action {seq} of table {table_id} is not there to take back")

    def set_kind(self, table_id: str, seat: int, kind: str, token_hash: str | None) -> None:
        """Put ``kind`` in the seat, opened by ``token_hash`` alone (None: no token, a computer
        player's seat); announced without moving the version (no action changed)."""
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(kind=kind, token_hash=token_hash)
            )
            self.announce_change(db, table_id)

    def news(self, table_id: str, seq: int) -> News:
        """The table's version, undos and seats now, and its actions from number ``seq`` on."""
        with self.engine.connect() as db:
            row = db.execute(
                select(tables.c.version, tables.c.undos, tables.c.next_id).where(tables.c.id == table_id)
            ).one()
            seat_rows = _seat_rows(db, table_id)
            found = db.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id, actions.c.seq >= seq)
                .order_by(actions.c.seq)
            ).all()
            return News(
                version=int(row.version),
                undos=int(row.undos),
                kinds=tuple(str(r.kind) for r in seat_rows),
                token_hashes=tuple(r.token_hash for r in seat_rows),
                people=tuple((r.player_hash, r.name, bool(r.muted)) for r in seat_rows),
                actions=tuple((int(seat), str(action)) for seat, action in found),
                again=frozenset(seat for seat, r in enumerate(seat_rows) if r.again),
                next_id=row.next_id,
            )

    def load(self, table_id: str) -> StoredTable | None:
        """The table as it is, read again if a change committed between its reads (its version is
        then not its actions plus twice its undos)."""
        while True:
            found = self._load(table_id)
            if found is None or found.version == len(found.actions) + 2 * found.undos:
                return found

    def _load(self, table_id: str) -> StoredTable | None:
        with self.engine.connect() as db:
            row = db.execute(select(tables).where(tables.c.id == table_id)).one_or_none()
            if row is None:
                return None
            seat_rows = _seat_rows(db, table_id)
            vote_rows = db.execute(
                select(votes.c.seat, votes.c.voter).where(votes.c.table_id == table_id)
            ).all()
            action_rows = db.execute(
                select(actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.seq)
            ).all()
        options = row.options if isinstance(row.options, dict) else json.loads(row.options)
        return StoredTable(
            id=row.id,
            game=row.game,
            options={str(k): str(v) for k, v in options.items()},
            seed=int(row.seed),
            first_dealer=int(row.first_dealer),
            hands=int(row.hands),
            move_seconds=None if row.move_seconds is None else int(row.move_seconds),
            creator_hash=row.creator_hash,
            finished=bool(row.finished),
            undos=int(row.undos),
            version=int(row.version),
            seats=tuple((r.kind, r.token_hash) for r in seat_rows),
            people=tuple((r.player_hash, r.name, bool(r.muted)) for r in seat_rows),
            public=bool(row.public),
            creator_player=row.creator_player,
            next_id=row.next_id,
            spectators_muted=bool(row.spectators_muted),
            away_since=tuple(None if r.away_since is None else int(r.away_since) for r in seat_rows),
            again=frozenset(seat for seat, r in enumerate(seat_rows) if r.again),
            votes=tuple((int(r.seat), int(r.voter)) for r in vote_rows),
            actions=tuple((int(seat), str(action)) for seat, action in action_rows),
        )

    def unfinished(self, idle_seconds: float | None = None) -> list[str]:
        """The unfinished tables, those changed within ``idle_seconds`` only (None: all): a table
        left longer is archived, loaded when it is asked for and not before."""
        query = select(tables.c.id).where(tables.c.finished.is_(False))
        if idle_seconds is not None:
            query = query.where(tables.c.touched >= int(time.time() - idle_seconds))
        with self.engine.connect() as db:
            return [r.id for r in db.execute(query)]

    def unsettled(self) -> list[str]:
        """The finished tables whose game is not yet counted (``ratings.settle``)."""
        query = select(tables.c.id).where(tables.c.finished.is_(True), tables.c.rated.is_(False))
        with self.engine.connect() as db:
            return [r.id for r in db.execute(query)]

    def tables_of(self, token_hash: str) -> list[tuple[str, int]]:
        """The tables and seats a token opens (a player's tables), and those it created (seat -1).
        A seat keeps a token only while a person is invited there, or while a computer player
        holds it for that person (theirs to take back): both are the token's seats."""
        with self.engine.connect() as db:
            seated = db.execute(
                select(seats.c.table_id, seats.c.seat).where(seats.c.token_hash == token_hash)
            ).all()
            created = db.execute(select(tables.c.id).where(tables.c.creator_hash == token_hash)).all()
        return [(r.table_id, int(r.seat)) for r in seated] + [(r.id, -1) for r in created]

    def close(self) -> None:
        if self.committer is not None:
            self.committer.stop()
        self.engine.dispose()


def _seat_rows(db: Connection, table_id: str) -> Sequence[Row[*tuple[Any, ...]]]:
    """Each seat's row as a table is read (``load``, ``news``), in seat order."""
    return db.execute(
        select(
            seats.c.kind,
            seats.c.token_hash,
            seats.c.player_hash,
            seats.c.name,
            seats.c.muted,
            seats.c.away_since,
            seats.c.again,
        )
        .where(seats.c.table_id == table_id)
        .order_by(seats.c.seat)
    ).all()


class Statements:
    """The statements of an action's commit, in the driver's own parameter style (``mark``)."""

    def __init__(self, mark: str) -> None:
        self.insert = (
            "INSERT INTO actions (table_id, seq, hand, seat, action) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}) ON CONFLICT DO NOTHING"
        )
        self.move = (
            f"UPDATE tables SET version = version + 1, touched = {mark} "
            f"WHERE id = {mark} AND version = {mark}"
        )
        self.finish = (
            f"UPDATE tables SET version = version + 1, finished = {mark}, touched = {mark} "
            f"WHERE id = {mark} AND version = {mark}"
        )
        self.delete = f"DELETE FROM actions WHERE table_id = {mark} AND seq = {mark}"
        self.notify = f"SELECT pg_notify({mark}, {mark})"


Waiting = tuple[Appended, "asyncio.Future[None]", asyncio.AbstractEventLoop]


class Committer:
    """Group commit: a thread commits the actions of every table, each time all those that came
    while the last commit was under way, in one transaction.

    A commit that syncs to disk (SQLite's ``synchronous=FULL``: 4 ms here) costs the same for one
    action as for twenty; one at a time, it capped the whole server at a commit's worth of
    actions a second whatever the processor could do. Each action is still committed before
    anyone is told of it (its waiter is answered after the commit). A batch the database
    refuses is tried again action by action, so that one bad action fails only itself.

    ``threads`` commit side by side (PostgreSQL: each statement is a round trip to another
    process, which on a busy machine waits its turn for a processor; an SQLite file takes one
    writer at a time, and gains nothing from more). A table has one action in flight at most
    (its lock), so two batches never hold the same table."""

    def __init__(self, store: Store, threads: int = 1) -> None:
        self.store = store
        self.waiting: queue.SimpleQueue[Waiting | None] = queue.SimpleQueue()
        self.threads = [
            threading.Thread(target=self._run, name="tarocchi-commits", daemon=True) for _ in range(threads)
        ]
        for thread in self.threads:
            thread.start()

    async def commit(self, item: Appended) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.put((item, done, loop))
        await done

    def stop(self) -> None:
        for _ in self.threads:
            self.waiting.put(None)  # one for each thread
        for thread in self.threads:
            thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            first = self.waiting.get()
            if first is None:
                return
            batch = [first]
            stopping = False
            while True:
                try:
                    more = self.waiting.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            self._commit(batch)
            if stopping:
                return

    def _commit(self, batch: list[Waiting]) -> None:
        outcomes: list[BaseException | None]
        try:
            outcomes = list(self.store.append_all([item for item, _, _ in batch]))
        except Exception as error:
            if len(batch) == 1:
                outcomes = [error]
            else:
                for one in batch:
                    self._commit([one])
                return
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
        for (_, done, loop), outcome in zip(batch, outcomes, strict=True):
            by_loop.setdefault(loop, []).append((done, outcome))
        for loop, answers in by_loop.items():
            try:
                loop.call_soon_threadsafe(_answer, answers)
            except RuntimeError:  # that loop is closed: nobody waits any more
                continue


def _answer(answers: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    """Tell each waiter its action's outcome (on its event loop)."""
    for done, outcome in answers:
        if done.done():  # its waiter was cancelled
            continue
        if outcome is None:
            done.set_result(None)
        else:
            done.set_exception(outcome)
