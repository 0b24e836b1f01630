"""The HTTP API and websocket messages around the tables: players and their names, the lobby's
list of public tables and joining a free seat, a player's tables on any device, and at a table
the chat, mutes, a computer player for a person who left, the time limit, and play again
(docs/protocol.md "Players", "Around the table").

A player's key is a secret like a seat's token: it travels in request bodies and the socket's
hello only (never in a path or query string), the database keeps its SHA-256, and no answer or
state ever holds another player's key.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref

from fastapi import APIRouter, HTTPException, Request
from pydantic_core import to_json

from tarocchi.server import around, chat
from tarocchi.server.guards import address
from tarocchi.server.limits import Window
from tarocchi.server.messages import (
    Again,
    Clock,
    Join,
    Joined,
    Mute,
    Name,
    NewPlayer,
    OpenSeat,
    OpenTable,
    PlayerKey,
    PlayerOut,
    PlayerTable,
    Problem,
    Reclaim,
    Rename,
    Replace,
    Say,
)
from tarocchi.server.players import NameRefused, Players, clean_name, imitation

__all__ = ["Players", "router"]
from tarocchi.server.store import digest
from tarocchi.server.tables import Connection, LiveTable, Refusal, Tables

log = logging.getLogger("tarocchi.server")

PLAYERS_PER_MINUTE = 20
"""Players one client address may make in any 60 s."""

router = APIRouter()
paces: weakref.WeakKeyDictionary[Connection, chat.Pace] = weakref.WeakKeyDictionary()
"""How often each connection spoke lately."""

UNKNOWN = {"model": Problem, "description": "No such player key"}


def _tables(request: Request) -> Tables:
    found: Tables = request.app.state.tables
    return found


def page_link(table_id: str) -> str:
    return f"/table.html?id={table_id}"


def _name(raw: str) -> str:
    try:
        return clean_name(raw)
    except NameRefused as refused:
        raise HTTPException(422, str(refused)) from None


async def _known(request: Request, key: str) -> tuple[str, str]:
    """The player's key digest and name; 404 for a key that is nobody's."""
    key_hash = digest(key)
    name = await asyncio.to_thread(Players(_tables(request).store).name_of, key_hash)
    if name is None:
        raise HTTPException(404, "that player key is nobody's: choose a name in the lobby to get one")
    return key_hash, name


@router.post("/api/players", status_code=201, responses={429: {"model": Problem}})
async def new_player(new: NewPlayer, request: Request) -> PlayerOut:
    """A new player: the name (checked) and the secret key the browser keeps."""
    name = _name(new.name)
    now = time.monotonic()
    made = getattr(request.app.state, "players_made", None)
    if made is None:  # this app's count (each app its own, as the tables' limits)
        made = request.app.state.players_made = Window(PLAYERS_PER_MINUTE)
    wait = made.wait(address(request.scope), now)
    if wait:
        raise HTTPException(
            429, f"too many players made from your address: at most {PLAYERS_PER_MINUTE} a minute"
        )
    made.add(address(request.scope), now)
    key = await asyncio.to_thread(Players(_tables(request).store).create, name)
    return PlayerOut(name=name, key=key)


@router.post("/api/players/me", responses={404: UNKNOWN})
async def me(who: PlayerKey, request: Request) -> PlayerOut:
    """The name the key belongs to (the key is not sent back)."""
    _, name = await _known(request, who.player)
    return PlayerOut(name=name)


@router.post("/api/players/name", responses={404: UNKNOWN})
async def rename(change: Rename, request: Request) -> PlayerOut:
    """A new name for the player (the seats they sit at keep the name they sat down with)."""
    name = _name(change.name)
    if not await asyncio.to_thread(Players(_tables(request).store).rename, digest(change.player), name):
        raise HTTPException(404, "that player key is nobody's: choose a name in the lobby to get one")
    return PlayerOut(name=name)


@router.post("/api/players/tables", responses={404: UNKNOWN})
async def player_tables(who: PlayerKey, request: Request) -> list[PlayerTable]:
    """The player's tables, on any device: where it is their move, in play, finished."""
    key_hash, _ = await _known(request, who.player)
    found = []
    for table_id, seat in await asyncio.to_thread(Players(_tables(request).store).tables_of, key_hash):
        table = _tables(request).get(table_id)
        if table is None:
            continue
        if table.match.over:
            status = "finished"
        elif seat is not None and (table.match.to_act() == seat or seat in (waiting_for(table) or [])):
            status = "waiting"
        else:
            status = "playing"
        found.append(
            PlayerTable(
                id=table.id,
                game=table.game.info.id,
                game_name=table.game.info.name,
                seat=seat,
                status=status,  # type: ignore[arg-type]
                link=page_link(table.id),
                next=table.around.next_id,
            )
        )
    order = {"waiting": 0, "playing": 1, "finished": 2}
    return sorted(found, key=lambda t: order[t.status])


def waiting_for(table: LiveTable) -> list[int] | None:
    from tarocchi.server.nexthand import waiting

    return waiting(table)


def free(table: LiveTable, seat: int) -> bool:
    """Whether anyone may take ``seat`` from the lobby: a person's seat bound to no player, with
    nobody connected at it."""
    return (
        table.kinds[seat] == "invite"
        and table.around.players[seat] is None
        and all(c.seat != seat for c in table.connections)
    )


@router.get("/api/lobby")
def lobby(request: Request) -> list[OpenTable]:
    """The public tables in play with a free seat: game, options, free seats and who sits."""
    out = []
    for table in list(_tables(request).live.values()):
        if not table.around.public or table.match.over:
            continue
        if not any(free(table, seat) for seat in range(table.game.players)):
            continue
        connected = {c.seat for c in table.connections}
        out.append(
            OpenTable(
                id=table.id,
                game=table.game.info.id,
                game_name=table.game.info.name,
                options=dict(table.game.options),
                hands=table.game.hands_per_game(),
                move_seconds=table.move_seconds,
                seat_names=[table.game.seat_name(s) for s in range(table.game.players)],
                seats=[
                    OpenSeat(
                        kind=kind,  # type: ignore[arg-type]
                        name=table.around.names[seat],
                        free=free(table, seat),
                        connected=seat in connected,
                    )
                    for seat, kind in enumerate(table.kinds)
                ],
                watch=page_link(table.id),
            )
        )
    return out[:200]


@router.post(
    "/api/tables/{table_id}/join",
    responses={404: {"model": Problem}, 409: {"model": Problem, "description": "The seat is not free"}},
)
async def join(table_id: str, wanted: Join, request: Request) -> Joined:
    """Take a free seat of a public table: it is bound to the player, whose key opens it."""
    key_hash, name = await _known(request, wanted.player)
    table = _tables(request).get(table_id) if len(table_id) <= 32 else None
    if table is None:
        raise HTTPException(404, f"no table '{table_id[:32]}'")
    if not table.around.public:
        raise HTTPException(403, "this table is invite-only: its seats open by their links")
    if not 0 <= wanted.seat < table.game.players:
        raise HTTPException(422, f"seat must be 0..{table.game.players - 1} (got {wanted.seat})")
    async with table.lock:
        if table.match.over:
            raise HTTPException(409, "the game is over")
        if key_hash in table.around.players:
            raise HTTPException(409, "you sit at this table already")
        if not free(table, wanted.seat):
            raise HTTPException(409, "that seat is taken: choose another")
        refused = imitation(name, table.around.names)
        if refused is not None:
            raise HTTPException(409, refused)
        await asyncio.to_thread(
            Players(_tables(request).store).sit, table.id, wanted.seat, key_hash, name, False
        )
        table.around.players[wanted.seat] = key_hash
        table.around.names[wanted.seat] = name
        table.token_hashes[wanted.seat] = None
    await table.renew()
    return Joined(id=table.id, seat=wanted.seat, link=page_link(table.id))


async def say_hello(
    tables: Tables, table: LiveTable, connection: Connection, token: str | None, key: str | None
) -> str | None:
    """After ``hello``: a seat the token opened and no player holds is bound to the player (unless
    the name imitates another seat's); the connection is sent the chat it may read (if any) and,
    if it gave a player key, what it may do (``you``).
    Returns a refusal to tell it (the name), or None."""
    refusal = None
    players = Players(tables.store)
    if key is not None:
        key_hash = digest(key)
        name = await asyncio.to_thread(players.name_of, key_hash)
        if name is None:
            refusal = "that player key is nobody's: choose a name in the lobby to get one"
        else:
            connection.player = key_hash
            seat = connection.seat
            if token is not None and seat is not None and table.around.players[seat] is None:
                others = [n for s, n in enumerate(table.around.names) if s != seat]
                refusal = imitation(name, others)
                if refusal is None and key_hash not in table.around.players:
                    async with table.lock:
                        await asyncio.to_thread(players.sit, table.id, seat, key_hash, name, True)
                        table.around.players[seat] = key_hash
                        table.around.names[seat] = name
                    await table.renew()
    lines = await asyncio.to_thread(chat.history, tables.store, table.id, chat.rooms_read(connection.seat))
    if lines:
        told = {"type": "chat", "history": True, "lines": [line.json() for line in lines]}
        await connection.send(to_json(told).decode())
    if key is not None or table.held_for(connection) is not None:  # a link's person whose seat is held
        await tell_you(tables, table, connection)
    return refusal


async def left(tables: Tables, table: LiveTable, seat: int | None) -> None:
    """A seat's person left: the others are told, and when it was is stored (``seat``; None: the
    server is stopping, nobody left), so that the grace time counts across a restart."""
    await table.tell_seats()
    if seat is None:
        return
    try:
        await store_away(tables, table, seat, int(time.time()))
    except Exception:
        log.exception("table %s: when seat %d's person left could not be stored", table.id, seat)


def store_away(tables: Tables, table: LiveTable, seat: int, since: int | None) -> asyncio.Future[None]:
    """Store that the seat's person left at ``since`` or came back (None), after the seat's
    previous such storing: a person who comes and goes at once (a handler cancelled while its
    coming is stored) is never left stored as there. Await it shielded where the caller may be
    cancelled: the storing goes on."""
    before = table.around.storing.get(seat)

    async def store() -> None:
        if before is not None:
            await asyncio.wait([before])
        await asyncio.to_thread(Players(tables.store).away, table.id, seat, since)

    storing = table.around.storing[seat] = asyncio.ensure_future(store())
    return storing


async def tell_you(tables: Tables, table: LiveTable, connection: Connection) -> None:
    """What this connection alone may do: manage the table (its creator), take a seat back; and
    the name its player goes by."""
    held = table.held_for(connection)
    name = None
    if connection.player is not None:
        name = await asyncio.to_thread(Players(tables.store).name_of, connection.player)
    you = {
        "type": "you",
        "creator": table.around.is_creator(connection.player),
        "reclaim": held if connection.seat is None else None,
        "name": name,
    }
    await connection.send(to_json(you).decode())


async def handle(tables: Tables, table: LiveTable, connection: Connection | None, message: object) -> None:
    """One of the messages around the game; Refusal saying why it is not done."""
    if connection is None:
        raise Refusal("seat", "say hello before anything else")
    if isinstance(message, Say):
        await _say(tables, table, connection, message.text)
    elif isinstance(message, Mute):
        _creator(table, connection, "mute")
        if message.seat is not None and message.seat >= table.game.players:
            raise Refusal("seat", f"seat must be 0..{table.game.players - 1}")
        await asyncio.to_thread(Players(tables.store).mute, table.id, message.seat, message.muted)
        if message.seat is None:
            table.around.spectators_muted = message.muted
        else:
            table.around.muted[message.seat] = message.muted
        await table.renew()
    elif isinstance(message, Replace):
        await _replace(tables, table, connection, message.seat)
    elif isinstance(message, Reclaim):
        await _reclaim(tables, table, connection)
    elif isinstance(message, Again):
        await _again(tables, table, connection)
    elif isinstance(message, Name):
        await _rename(tables, table, connection, message.name)
    elif isinstance(message, Clock):
        _creator(table, connection, "set the time limit")
        await asyncio.to_thread(Players(tables.store).set_table, table.id, move_seconds=message.move_seconds)
        table.move_seconds = message.move_seconds
        if table.clock is not None:
            table.clock[1].cancel()
            table.clock = None
        await table.renew()
        tables.wake(table)


def _creator(table: LiveTable, connection: Connection, what: str) -> None:
    if not table.around.is_creator(connection.player):
        raise Refusal("creator", f"only the table's creator may {what}")


async def _say(tables: Tables, table: LiveTable, connection: Connection, raw: str) -> None:
    try:
        text = chat.clean_line(raw)
    except chat.ChatRefused as refused:
        raise Refusal("chat", str(refused)) from None
    seat = connection.seat
    if seat is None:
        room, muted = "spectators", table.around.spectators_muted
    else:
        room, muted = "players", table.around.muted[seat]
    if muted:
        raise Refusal("muted", "the table's creator has muted this chat")
    pace = paces.setdefault(connection, chat.Pace())
    if not pace.allow():
        raise Refusal("rate", f"too many lines: at most {chat.LINES} in {chat.SPAN:.0f} seconds")
    if seat is not None:
        name = table.around.names[seat] or table.game.seat_name(seat)
    elif connection.player is not None:
        known = await asyncio.to_thread(Players(tables.store).name_of, connection.player)
        name = known or "a spectator"
    else:
        name = "a spectator"
    line = chat.Line(room, seat, name, text, int(time.time()))
    await asyncio.to_thread(chat.add, tables.store, table.id, line)
    told = to_json({"type": "chat", "lines": [line.json()]}).decode()
    for other in list(table.connections):
        if room in chat.rooms_read(other.seat):
            try:
                await other.send(told)
            except Exception:  # a closed socket: its handler removes it
                log.debug("table %s: a connection could not be sent to", table.id)


async def _replace(tables: Tables, table: LiveTable, connection: Connection, seat: int) -> None:
    if seat >= table.game.players:
        raise Refusal("seat", f"seat must be 0..{table.game.players - 1}")
    creator = table.around.is_creator(connection.player)
    if not creator:
        if not table.around.public:
            raise Refusal("creator", "at an invite-only table only its creator may seat a computer player")
        if connection.seat is None or table.kinds[connection.seat] != "invite":
            raise Refusal("seat", "only the people seated may ask for a computer player")
    there = back = frozenset[int]()
    if tables.store.shared:  # another process's people and words are in the database only
        stored = await asyncio.to_thread(tables.store.load, table.id)
        assert stored is not None, "a table is never deleted"
        there, back = around.follow_words(table, stored)
    if seat in back or seat not in around.replaceable(table):
        raise Refusal(
            "replace",
            f"that seat's person is there, or away for less than {around.grace():.0f} s: only one away "
            "that long is replaced",
        )
    if not creator:
        assert connection.seat is not None
        await asyncio.to_thread(Players(tables.store).vote, table.id, seat, connection.seat)
        if not around.vote(table, connection.seat, seat, there):
            await table.renew()
            return
    kind = around.replacement(table)
    async with table.lock:
        kept = table.token_hashes[seat]  # the link's person takes the seat back by it, as a player by key
        await asyncio.to_thread(tables.store.set_kind, table.id, seat, kind, kept)
        await asyncio.to_thread(Players(tables.store).votes_done, table.id, seat)
        table.seat_given(seat, kind, kept)
        table.around.votes.pop(seat, None)
    log.info("table %s: seat %d given to a computer player after its person left", table.id, seat)
    await table.renew()
    await table.tell_seats()
    tables.wake(table)


async def _reclaim(tables: Tables, table: LiveTable, connection: Connection) -> None:
    seat = table.held_for(connection)
    if seat is None or connection.seat is not None:
        raise Refusal("reclaim", "no seat of yours is held by a computer player here")
    async with table.lock:
        kept = table.token_hashes[seat]
        await asyncio.to_thread(tables.store.set_kind, table.id, seat, "invite", kept)
        await store_away(tables, table, seat, None)
        table.seat_given(seat, "invite", kept)
        connection.seat = seat
        table.around.away.pop(seat, None)
    log.info("table %s: seat %d taken back by its person", table.id, seat)
    await table.renew()
    await table.tell_seats()
    await tell_you(tables, table, connection)
    tables.wake(table)


async def _rename(tables: Tables, table: LiveTable, connection: Connection, raw: str) -> None:
    """A new name for the connection's player, and at their seat here (a seat a link opened and
    no player holds yet takes it): the rules of a first name, and never one that reads as another
    seat's."""
    player = connection.player
    if player is None:
        raise Refusal("player", "choose a name first: it gives you a player key")
    try:
        name = clean_name(raw)
    except NameRefused as bad:
        raise Refusal("name", str(bad)) from None
    seat = connection.seat
    bound = table.around.players
    ours = seat is not None and (bound[seat] == player or (bound[seat] is None and player not in bound))
    mine = seat if ours and seat is not None and table.kinds[seat] == "invite" else None
    refused = imitation(name, [n for s, n in enumerate(table.around.names) if s != mine])
    if refused is not None:
        raise Refusal("name", refused)
    players = Players(tables.store)
    async with table.lock:
        await asyncio.to_thread(players.rename, player, name)
        if mine is not None:
            await asyncio.to_thread(players.sit, table.id, mine, player, name, True)
            bound[mine] = player
            table.around.names[mine] = name
    await table.renew()
    await tell_you(tables, table, connection)


async def _again(tables: Tables, table: LiveTable, connection: Connection) -> None:
    """The person's word to play again, stored; then every process's words read again, so that
    whichever process hears the last word makes the new table (once: the database refuses a
    second)."""
    seat = connection.seat
    if seat is None or table.kinds[seat] != "invite":
        raise Refusal("seat", "only the people seated may ask to play again")
    if not table.match.over:
        raise Refusal("again", "the game is not over yet")
    if table.around.next_id is None:
        said, next_id = await asyncio.to_thread(Players(tables.store).again, table.id, seat)
        table.around.follow_again(said | {seat}, next_id)
        if table.around.next_id is None and around.everyone_again(table) and not table.around.making:
            table.around.making = True  # one new table here, however many words come while it is made
            try:
                table.around.next_id = await asyncio.to_thread(_play_again, tables, table)
            finally:
                table.around.making = False
            log.info("table %s: played again at table %s", table.id, table.around.next_id)
    await table.renew()


def _play_again(tables: Tables, table: LiveTable) -> str:
    """The new table of the same game, options, seats (their players and links) and creator, the
    next seat dealing first (made here, or by another process deciding at the same moment)."""
    stored = tables.store.load(table.id)
    assert stored is not None, "a table is never deleted"
    first_dealer = (stored.first_dealer + 1) % table.game.players
    return Players(tables.store).play_again(stored, secrets.token_hex(8), secrets.randbits(62), first_dealer)


def creation(
    tables: Tables, key: str | None, sit: int | None, kinds: list[str]
) -> tuple[str | None, str | None, int | None]:
    """The creator's player (key digest and name) and the seat they sit at, checked for a new
    table: HTTPException for a key that is nobody's or a seat that is no person's."""
    if key is None:
        if sit is not None:
            raise HTTPException(422, "sit: a seat to sit at needs the player's key ('player')")
        return None, None, None
    key_hash = digest(key)
    name = Players(tables.store).name_of(key_hash)
    if name is None:
        raise HTTPException(404, "that player key is nobody's: choose a name in the lobby to get one")
    if sit is not None and (sit >= len(kinds) or kinds[sit] != "invite"):
        raise HTTPException(422, f"sit: seat {sit} is no person's seat")
    return key_hash, name, sit


def describe(
    tables: Tables,
    table_id: str,
    public: bool,
    creator: tuple[str | None, str | None, int | None],
    players: int,
) -> None:
    """Store a new table's public flag, its creator, and the creator at the seat they sit at."""
    key_hash, name, sit = creator
    people: list[tuple[str | None, str | None]] = [(None, None)] * players
    if sit is not None:
        people[sit] = (key_hash, name)
    Players(tables.store).describe(table_id, public=public, creator=key_hash, people=people)
