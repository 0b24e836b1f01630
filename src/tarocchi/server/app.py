"""The ASGI application: the HTTP API (OpenAPI at /docs), the websocket, and the page at /.

``create_app(settings)`` opens the database (migrating it), resumes every unfinished table and
its computer players, and serves behind the guards (server/guards.py). Errors reach clients as
one line, never as a traceback.
On PostgreSQL it first listens for the changes other server processes make to the same tables.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter, ValidationError

from tarocchi.bots.players import LEVELS, player_kinds
from tarocchi.core.errors import TarocchiError
from tarocchi.core.registry import available_games, game_class, get_game, load_games
from tarocchi.server import social, standings
from tarocchi.server.guards import Guards
from tarocchi.server.health import health
from tarocchi.server.listener import Listener
from tarocchi.server.messages import (
    Act,
    Again,
    AskHint,
    ClientMessage,
    Clock,
    CreatedTable,
    Error,
    GameOut,
    Hello,
    HintAnswer,
    Mute,
    MyTable,
    Name,
    NewTable,
    NextHand,
    OptionOut,
    Ping,
    Pong,
    Problem,
    PublicTable,
    Reclaim,
    Replace,
    Say,
    SeatChange,
    SeatChanged,
    SeatInfo,
    SeatLink,
    SetPace,
    Undo,
)
from tarocchi.server.nexthand import say_next
from tarocchi.server.replay import replays
from tarocchi.server.settings import Settings
from tarocchi.server.store import Store, digest
from tarocchi.server.tables import Connection, LiveTable, Refusal, Tables
from tarocchi.web import STATIC, deck_json

log = logging.getLogger("tarocchi.server")

MAX_MESSAGE = 64 * 1024
"""The largest websocket message read (bytes); a longer one closes the connection (1009)."""
RATE = 20.0
"""Messages a second a connection may send on average, with bursts up to BURST; accepted actions
are not counted (a program playing fast against fast computer players is no flood)."""
BURST = 40.0
ABUSE = 3
SERVER_STOPPING = 1012
"""The close code uvicorn sends its websockets as the server stops: no person left the table."""
"""Refusals for flooding after which the connection is closed (1008)."""

_client_message: TypeAdapter[Any] = TypeAdapter(ClientMessage)

NO_TABLE: dict[str, Any] = {"model": Problem, "description": "No such table"}


def _one_line(error: ValidationError) -> str:
    """A pydantic error as one line: what was wrong and where."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    kind = first["type"]
    if kind == "extra_forbidden":
        return f"unknown field '{where.split('.')[-1]}': a message has only the fields docs/protocol.md lists"
    if kind == "missing":
        return f"missing field '{where.split('.')[-1]}'"
    if kind == "union_tag_invalid" or kind == "union_tag_not_found":
        return (
            "unknown message type: 'type' must be hello, act, ping, hint, undo, pace, next, say, mute, "
            "replace, reclaim, again, clock or name"
        )
    return f"{where}: {first['msg']}" if where else str(first["msg"])


class Bucket:
    """A token bucket: RATE messages a second, BURST at once."""

    def __init__(self) -> None:
        self.tokens = BURST
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        """An accepted action costs nothing: play is paced by the table, only noise is limited."""
        self.tokens = min(BURST, self.tokens + 1)


def create_app(
    settings: Settings | str,
    *,
    workers: int | None = None,
    undo_seconds: float | None = None,
    archive_days: float | None = None,
) -> FastAPI:
    """The server with ``settings`` (or the defaults on the database URL given); ``undo_seconds``
    and ``archive_days`` override the settings' (tests: computer players act at once, tables
    archive sooner). An unfinished table nobody changed for the archive time is loaded when asked
    for, not at start (0: every one is loaded)."""
    load_games()  # a game TAROCCHI_GAMES names but cannot load stops the server before it starts
    if isinstance(settings, str):
        settings = Settings(db_url=settings)
    if undo_seconds is not None:
        settings = replace(settings, undo_seconds=undo_seconds)
    if archive_days is not None:
        settings = replace(settings, archive_after_days=archive_days)
    db_url = settings.db_url
    archive_after = settings.archive_after_days or None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url)
        pool = ThreadPoolExecutor(max_workers=workers or min(4, (os.cpu_count() or 1) + 1))
        app.state.tables = Tables(store, pool, settings.undo_seconds, archive_after)
        listener = None
        if store.shared:  # listening before any table is loaded: no change falls in between
            listener = Listener(
                store.listen_url(), store.origin, app.state.tables.heard, app.state.tables.heard_all
            )
            await listener.start()
        resumed = app.state.tables.resume_all()
        log.info(
            "tarocchi server ready: %d unfinished tables resumed (older ones load when asked for)", resumed
        )
        try:
            yield
        finally:
            if listener is not None:
                await listener.stop()
            await app.state.tables.stop()
            pool.shutdown(wait=False, cancel_futures=True)
            store.close()
            log.info("tarocchi server stopped")

    app = FastAPI(
        title="tarocchi table server",
        summary="Shared tables for four tarot-family card games; the websocket is in docs/protocol.md.",
        version="1",
        lifespan=lifespan,
        responses={
            422: {"model": Problem, "description": "The request is wrong: what is wrong, in one line"}
        },
    )
    app.state.settings = settings
    app.add_middleware(Guards, settings=settings)
    app.include_router(health)
    app.include_router(replays)
    app.include_router(social.router)
    app.include_router(standings.router)

    def tables(request: Request | WebSocket) -> Tables:
        found: Tables = request.app.state.tables
        return found

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse({"detail": f"{where}: {first.get('msg')}"}, status_code=422)

    @app.get("/api/games")
    def games() -> list[GameOut]:
        """Every game: its options (with help), game length and the computer players' levels."""
        out = []
        for game_id in available_games():
            game = get_game(game_id)
            level_of = {kind: level for level, kind in LEVELS.items()}
            out.append(
                GameOut(
                    id=game_id,
                    name=game.info.name,
                    players=game.players,
                    summary=game.info.summary,
                    hands=game.hands_per_game(),
                    options=[
                        OptionOut(name=o.name, choices=list(o.choices), default=o.default, help=o.help)
                        for o in game.info.options
                    ],
                    levels=[level_of[kind] for kind in player_kinds(game)],
                    seat_names=[game.seat_name(s) for s in range(game.players)],
                )
            )
        return out

    @app.get("/api/decks")
    def decks() -> list[dict[str, Any]]:
        """Every pack, as the page draws it."""
        return [deck_json(game_class(g).info.deck) for g in available_games()]

    @app.post("/api/tables", status_code=201)
    def create(new: NewTable, request: Request) -> CreatedTable:
        """Create a table; each invited seat gets its secret link (shown once, stored hashed)."""
        try:
            game = get_game(new.game, new.options)
        except TarocchiError as error:
            raise HTTPException(422, str(error)) from None
        if len(new.seats) != game.players:
            raise HTTPException(422, f"{game.info.id} has {game.players} seats (got {len(new.seats)})")
        levels = {LEVELS.get(k, k) for k in new.seats if k != "invite"}
        missing = levels - set(player_kinds(game))
        if missing:
            raise HTTPException(422, f"{game.info.id} has no {', '.join(sorted(missing))} computer player")
        who = social.creation(tables(request), new.player, new.sit, list(new.seats))
        table_id = secrets.token_hex(8)
        creator = secrets.token_urlsafe(32)
        tokens = [secrets.token_urlsafe(32) if kind == "invite" else None for kind in new.seats]
        tables(request).store.create(
            table_id,
            game.info.id,
            dict(game.options),
            secrets.randbits(62),
            secrets.randbelow(game.players),
            game.hands_per_game(),
            digest(creator),
            [
                (kind, None if token is None else digest(token))
                for kind, token in zip(new.seats, tokens, strict=True)
            ],
            new.move_seconds,
        )
        social.describe(tables(request), table_id, new.public, who, game.players)
        table = tables(request).get(table_id, made_here=True)
        assert table is not None
        log.info("table %s created: %s, seats %s", table_id, game.info.id, ",".join(new.seats))
        return CreatedTable(
            id=table_id,
            creator_token=creator,
            seats=[
                seat_link(table_id, seat, kind, token)
                for seat, (kind, token) in enumerate(zip(new.seats, tokens, strict=True))
            ],
            watch=f"/table.html?id={table_id}",
        )

    def live(request: Request, table_id: str) -> LiveTable:
        table = tables(request).get(table_id) if len(table_id) <= 32 else None
        if table is None:
            raise HTTPException(404, f"no table '{table_id[:32]}'")
        return table

    @app.get("/api/tables/{table_id}", responses={404: NO_TABLE})
    def public(table_id: str, request: Request) -> PublicTable:
        """What anyone may know of a table: game, options, seats, progress."""
        table = live(request, table_id)
        connected = {c.seat for c in table.connections}
        return PublicTable(
            id=table.id,
            game=table.game.info.id,
            options=dict(table.game.options),
            seats=[SeatInfo(kind=k, connected=s in connected) for s, k in enumerate(table.kinds)],  # type: ignore[arg-type]
            version=table.version,
            over=table.match.over,
        )

    @app.get("/api/tables")
    def mine(token: Annotated[str, Query(min_length=1, max_length=200)], request: Request) -> list[MyTable]:
        """The tables a token sits at or created (``?token=``: request lines are never logged)."""
        found = []
        for table_id, seat in tables(request).store.tables_of(digest(token)):
            table = tables(request).get(table_id)
            if table is not None:
                found.append(
                    MyTable(
                        id=table_id,
                        game=table.game.info.id,
                        seat=None if seat < 0 else seat,
                        over=table.match.over,
                    )
                )
        return found

    @app.post(
        "/api/tables/{table_id}/seats/{seat}",
        responses={
            403: {"model": Problem, "description": "Not the table's creator token"},
            404: NO_TABLE,
            409: {"model": Problem, "description": "The seat's person is at the table"},
        },
    )
    async def change_seat(table_id: str, seat: int, change: SeatChange, request: Request) -> SeatChanged:
        """The creator puts a computer player in an absent person's seat, or a person in a computer
        player's: that seat gets a new link (an old one never opens it again)."""
        table = live(request, table_id)
        if not table.is_creator(change.creator_token):
            raise HTTPException(403, "only the table's creator may change its seats (wrong creator token)")
        if not 0 <= seat < table.game.players:
            raise HTTPException(422, f"seat must be 0..{table.game.players - 1} (got {seat})")
        if change.kind != "invite" and change.kind not in {
            lvl for lvl, kind in LEVELS.items() if kind in player_kinds(table.game)
        }:
            raise HTTPException(422, f"{table.game.info.id} has no {change.kind} computer player")
        if change.kind != "invite" and any(c.seat == seat for c in table.connections):
            raise HTTPException(409, f"seat {seat}'s person is at the table: only an absent one is replaced")
        token = secrets.token_urlsafe(32) if change.kind == "invite" else None
        token_hash = None if token is None else digest(token)
        async with table.lock:
            await asyncio.to_thread(tables(request).store.set_kind, table.id, seat, change.kind, token_hash)
            if change.kind == "invite":  # a new person, by the new link: no longer the player who left
                await asyncio.to_thread(
                    social.Players(tables(request).store).sit, table.id, seat, None, None, True
                )
                table.around.players[seat] = table.around.names[seat] = None
            unseated = table.seat_given(seat, change.kind, token_hash)
        await table.tell_unseated(unseated)
        await table.tell_seats()
        tables(request).wake(table)
        return SeatChanged(
            **public(table_id, request).model_dump(), changed=seat_link(table.id, seat, change.kind, token)
        )

    @app.get(
        "/api/tables/{table_id}/record",
        responses={404: NO_TABLE, 409: {"model": Problem, "description": "The game is not over"}},
    )
    def record(table_id: str, request: Request) -> dict[str, Any]:
        """The finished game's record (the format ``tarocchi replay`` checks), with its score sheet."""
        table = live(request, table_id)
        if not table.match.over:
            raise HTTPException(409, "the game is not over: its record would show hidden cards")
        data: dict[str, Any] = table.match.record()
        return data

    @app.websocket("/ws/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        table = tables(websocket).get(table_id) if len(table_id) <= 32 else None
        if table is None:
            await _error(websocket, "table", f"no table '{table_id[:32]}'")
            await websocket.close(code=4404)
            return
        connection: Connection | None = None
        closing: int | None = None
        """The close code: 1012 is the server's own stopping, no person leaving."""
        bucket = Bucket()
        floods = 0
        try:
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    closing = received.get("code")
                    break
                raw = received.get("text")
                if raw is None:
                    data = received.get("bytes") or b""
                    raw = data.decode("utf-8", errors="replace")
                text: str = raw
                if len(text.encode()) > MAX_MESSAGE:
                    await _error(websocket, "size", f"a message may be at most {MAX_MESSAGE} bytes")
                    await websocket.close(code=1009)
                    return
                if not bucket.take():
                    floods += 1
                    await _error(websocket, "rate", f"too many messages: at most {RATE:.0f} a second")
                    if floods >= ABUSE:
                        await websocket.close(code=1008)
                        return
                    continue
                try:
                    message = _client_message.validate_python(json.loads(text))
                except json.JSONDecodeError as error:
                    await _error(websocket, "json", f"not JSON ({error.msg} at character {error.pos})")
                    continue
                except ValidationError as error:
                    await _error(websocket, "message", _one_line(error))
                    continue
                if isinstance(message, Ping):
                    await websocket.send_text(Pong().model_dump_json())
                elif isinstance(message, Hello):
                    if connection is not None:
                        where = "watches" if connection.seat is None else f"sits at seat {connection.seat}"
                        await _error(
                            websocket,
                            "hello",
                            f"this connection already said hello and {where}: open another connection "
                            "to sit elsewhere",
                        )
                        continue
                    seat = None if message.token is None else table.seat_of(message.token)
                    if seat is None and message.player is not None:
                        seat = table.around.seat_of_player(digest(message.player), table.kinds)
                    connection = Connection(seat, websocket.send_text)
                    if message.token is not None and seat is None:
                        connection.claim = digest(message.token)
                    if await table.arrive(connection) and seat is not None:
                        await asyncio.shield(social.store_away(tables(websocket), table, seat, None))
                    if message.token is not None and seat is None:
                        held = table.held_for(connection) is not None
                        await _error(
                            websocket,
                            "token",
                            "a computer player holds your seat while you were away: you are watching as a "
                            "spectator until you take it back (reclaim)"
                            if held
                            else "that link opens no seat at this table (a computer player's seat has none, "
                            "and a seat given to someone else has a new one): you are watching as a "
                            "spectator",
                        )
                    refused = await social.say_hello(
                        tables(websocket), table, connection, message.token, message.player
                    )
                    if refused is not None:
                        await _error(websocket, "player", refused)
                    tables(websocket).wake(table)
                elif isinstance(message, AskHint):
                    try:
                        version, found = await tables(websocket).hint(
                            table, None if connection is None else connection.seat
                        )
                    except Refusal as refusal:
                        await _error(websocket, refusal.code, str(refusal))
                        continue
                    answer = HintAnswer(
                        version=version, actions=[str(a) for a in found.actions], text=table.words(found.text)
                    )
                    await websocket.send_text(answer.model_dump_json())
                elif isinstance(message, Act):
                    if connection is None or connection.seat is None:
                        await _error(websocket, "seat", "say hello with your seat's token before acting")
                        continue
                    try:
                        await table.act(
                            tables(websocket).store, connection.seat, message.action, message.version
                        )
                    except Refusal as refusal:
                        await _error(websocket, refusal.code, str(refusal))
                        continue
                    bucket.refund()
                    tables(websocket).wake(table)
                elif isinstance(message, Undo):
                    seat = None if connection is None else connection.seat
                    try:
                        await table.undo(tables(websocket).store, seat, message.version)
                    except Refusal as refusal:
                        await _error(websocket, refusal.code, str(refusal))
                        continue
                    tables(websocket).wake(table)
                elif isinstance(message, Say | Mute | Replace | Reclaim | Again | Clock | Name):
                    try:
                        await social.handle(tables(websocket), table, connection, message)
                    except Refusal as refusal:
                        await _error(websocket, refusal.code, str(refusal))
                elif isinstance(message, SetPace | NextHand):
                    if connection is None or connection.seat is None:
                        await _error(websocket, "seat", f"say hello with a token before '{message.type}'")
                        continue
                    if isinstance(message, SetPace):
                        connection.pace = message.pace
                    else:
                        async with table.lock:
                            say_next(table, connection.seat, message.hand)
                        await table.broadcast()
                    tables(websocket).wake(table)
        except WebSocketDisconnect as disconnect:
            closing = disconnect.code
        finally:
            left = None if connection is None else connection.seat
            gone = connection is not None and connection in table.connections and table.leave(connection)
            if gone:
                tables(websocket).wake(table)  # a hand held for this person goes on without them
            tables(websocket).let_go(table)
            if gone:  # shielded: a handler cancelled as its socket closes still tells the others
                stored = None if closing == SERVER_STOPPING else left  # the grace counts across a restart
                await asyncio.shield(social.left(tables(websocket), table, stored))

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="page")
    return app


def seat_link(table_id: str, seat: int, kind: str, token: str | None) -> SeatLink:
    """What the creator is given of a seat: its secret link and token for a person's seat, none for
    a computer player's (nobody may see its cards or act for it)."""
    link = None if token is None else f"/table.html?id={table_id}#{token}"
    return SeatLink(seat=seat, kind=kind, link=link, token=token)  # type: ignore[arg-type]


async def _error(websocket: WebSocket, code: str, message: str) -> None:
    await websocket.send_text(Error(code=code, message=message).model_dump_json())
