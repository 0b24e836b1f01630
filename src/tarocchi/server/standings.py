"""Who won what: each game's leaderboard (``ratings``), and a player's finished games with their
standings, each opening the trick-by-trick replay (docs/protocol.md "HTTP").

The history is asked for with the player's key in the body, as every player request is: no
answer holds a key, a key's digest or a seat's token, and a game appears in it only once it is
over (its record hides nothing then).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from sqlalchemy import select, update

from tarocchi.core.registry import available_games, get_game
from tarocchi.server import ratings
from tarocchi.server.messages import (
    Board,
    History,
    MyRating,
    PastGame,
    PlayerKey,
    Problem,
    Standing,
)
from tarocchi.server.players import Players
from tarocchi.server.store import Store, digest, seats, tables
from tarocchi.server.tables import LiveTable, Tables

router = APIRouter()

HISTORY_MOST = 100
"""The newest finished games a history lists."""


def _tables(request: Request) -> Tables:
    found: Tables = request.app.state.tables
    return found


def _board(store: Store, game: str) -> Board:
    return Board(game=game, game_name=get_game(game).info.name, ratings=ratings.leaderboard(store, game))


@router.get("/api/ratings", responses={404: {"model": Problem, "description": "No such game"}})
async def boards(request: Request, game: Annotated[str | None, Query(max_length=32)] = None) -> list[Board]:
    """Each game's leaderboard (``?game=`` one game's): players and computer levels, best first."""
    games = available_games() if game is None else [game]
    if game is not None and game not in available_games():
        raise HTTPException(404, f"no game '{game}': the games are {', '.join(available_games())}")
    store = _tables(request).store
    return [await asyncio.to_thread(_board, store, one) for one in games]


def places(totals: list[int]) -> list[int]:
    """Each seat's place by its total: 1 for the best, ties sharing a place."""
    return [1 + sum(other > mine for other in totals) for mine in totals]


def _finished(store: Store, key_hash: str) -> list[tuple[Any, list[Any], int]]:
    """The player's finished tables, newest first: each row, its seats, and the player's seat."""
    with store.engine.connect() as db:
        mine = db.execute(
            select(tables, seats.c.seat)
            .join(seats, seats.c.table_id == tables.c.id)
            .where(seats.c.player_hash == key_hash, tables.c.finished.is_(True))
            .order_by(tables.c.ended.desc().nulls_last(), tables.c.created.desc())
            .limit(HISTORY_MOST)
        ).all()
        found = []
        for row in mine:
            seat_rows = db.execute(
                select(seats.c.seat, seats.c.kind, seats.c.name)
                .where(seats.c.table_id == row.id)
                .order_by(seats.c.seat)
            ).all()
            found.append((row, list(seat_rows), int(row.seat)))
    return found


def _totals(store: Store, row: Any) -> list[int]:
    """A finished game's totals: as kept when it ended, or (a game older than that) from its
    actions replayed, kept from then on."""
    if row.totals is not None:
        return [int(t) for t in row.totals]
    stored = store.load(row.id)
    assert stored is not None
    totals = list(LiveTable(stored).match.totals)
    with store.engine.begin() as db:
        db.execute(update(tables).where(tables.c.id == row.id).values(totals=totals))
    return totals


def _history(store: Store, key_hash: str) -> list[PastGame]:
    games = []
    for row, seat_rows, me in _finished(store, key_hash):
        game = get_game(row.game, row.options if isinstance(row.options, dict) else None)
        totals = _totals(store, row)
        place = places(totals)
        games.append(
            PastGame(
                id=row.id,
                game=row.game,
                game_name=game.info.name,
                ended=None if row.ended is None else int(row.ended),
                seat=me,
                place=place[me],
                standings=[
                    Standing(
                        seat=int(s.seat),
                        seat_name=game.seat_name(int(s.seat)),
                        name=s.name,
                        kind=s.kind,
                        total=totals[int(s.seat)],
                        place=place[int(s.seat)],
                    )
                    for s in seat_rows
                ],
                replay=f"/replay.html?id={row.id}",
            )
        )
    return games


@router.post("/api/players/history", responses={404: {"model": Problem, "description": "No such player key"}})
async def history(who: PlayerKey, request: Request) -> History:
    """The player's finished games, newest first, with each seat's total and place, and their
    rating in each game they were rated at."""
    store = _tables(request).store
    key_hash = digest(who.player)
    name = await asyncio.to_thread(Players(store).name_of, key_hash)
    if name is None:
        raise HTTPException(404, "that player key is nobody's: choose a name in the lobby to get one")
    games = await asyncio.to_thread(_history, store, key_hash)
    mine = await asyncio.to_thread(ratings.of_player, store, key_hash)
    return History(
        name=name,
        games=games,
        ratings={game: MyRating(rating=rating, games=count) for game, (rating, count) in mine.items()},
    )
