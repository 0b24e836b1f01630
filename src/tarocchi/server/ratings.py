"""Ratings: each named player's skill per game, and each computer level's, by openskill's
Bradley-Terry full-pairing model (a Bayesian rating for several players and teams: a mean ``mu``
and a deviation ``sigma``). It compares every side with every other, a side ahead winning the pair
and sides on equal totals drawing it, so from equal ratings a better total always gives a higher
rating and an equal total an equal one (openskill's Plackett-Luce, which ranks the sides one place
after another, rates a second place alone above a tie for first); Thurstone-Mosteller full pairing
orders them as well, but Bradley-Terry's logistic needs no draw margin to tune.

A finished game counts once (the table's ``rated`` flag, set in the transaction that counts it),
as one contest decided by its standings: where the game has fixed partnerships (Piedmont's two,
Taroux's three) each partnership is a team ranked by its total, elsewhere each seat alone by its
own (a Sicilian rally or a Taroinche partnership lasts one hand, and its result is already in
each seat's total: rated hand by hand, a player who finished last could rise above the winner).
A seat is rated as the player bound to it, whoever made its moves (a computer player seated for a
person who left plays for that person); an unbound computer player's seat as its level
(``computer:medium``). A game with no player, or with a person's seat bound to nobody (a guest
by link who chose no name), is not rated. Several seats of one level at a table each play their
own copy of its rating, and the level's new rating is their mean.

People read ``shown``: 1000 + 40 x (mu - 3 sigma), the conservative estimate, so a newcomer is
1000 and a rating rises as the games make it surer.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import BradleyTerryFull, BradleyTerryFullRating
from sqlalchemy import select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from tarocchi.server.messages import Rating
from tarocchi.server.store import Store, players, ratings, tables

MODEL = BradleyTerryFull()
"""openskill's defaults: a newcomer's mu 25, sigma 25/3 (as every openskill model: ratings
stored before keep their meaning)."""
BASE = 1000
SCALE = 40
COMPUTER = "computer:"
"""The prefix of a computer level's entry (a player's is their key's digest, 64 hex digits)."""

_counting = threading.Lock()
"""One count at a time in this process (on PostgreSQL, the rows' locks order processes)."""


def shown(mu: float, sigma: float) -> int:
    """The rating people read: the conservative estimate on a scale where a newcomer is 1000."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def rated_as(kinds: Sequence[str], bound: Sequence[str | None]) -> list[str] | None:
    """Whom each seat is rated as (a player's key digest, or ``computer:<level>``); None when the
    game does not count: nobody's player sits there, or a person's seat is bound to nobody."""
    who: list[str] = []
    for kind, player in zip(kinds, bound, strict=True):
        if player is not None:
            who.append(player)
        elif kind == "invite":
            return None
        else:
            who.append(COMPUTER + kind)
    if not any(player is not None for player in bound):
        return None
    return who


@dataclass(frozen=True)
class Contest:
    """A game's result as rated: its sides (seats) and each side's total."""

    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


def standings(partnerships: Sequence[Sequence[int]], totals: Sequence[int]) -> Contest:
    """The finished game as one contest: the fixed partnerships as teams (none: each seat alone),
    each ranked by its total."""
    sides = tuple(tuple(side) for side in partnerships) or tuple((seat,) for seat in range(len(totals)))
    return Contest(sides, tuple(sum(totals[seat] for seat in side) for side in sides))


def rate(before: Sequence[tuple[float, float]], contest: Contest) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after the game, from each seat's before."""
    seats: list[BradleyTerryFullRating] = [MODEL.rating(mu, sigma) for mu, sigma in before]
    teams = [[seats[s] for s in side] for side in contest.sides]
    after = MODEL.rate(teams, scores=[float(score) for score in contest.scores])
    for side, rated in zip(contest.sides, after, strict=True):
        for seat, rating in zip(side, rated, strict=True):
            seats[seat] = rating
    return [(rating.mu, rating.sigma) for rating in seats]


TRIES = 3
"""Counts tried: two processes may add the same newcomer's row at once, and one of them tries again."""


def settle(
    store: Store, table_id: str, game: str, who: list[str] | None, contest: Contest, totals: list[int]
) -> bool:
    """Record the finished game's totals and, once only, count it (``who`` None: it does not
    count); whether this call counted it."""
    for tried in range(1, TRIES + 1):
        try:
            return _settle(store, table_id, game, who, contest, totals)
        except IntegrityError:
            if tried == TRIES:
                raise
    return False


def _settle(
    store: Store, table_id: str, game: str, who: list[str] | None, contest: Contest, totals: list[int]
) -> bool:
    with _counting, store.engine.begin() as db:
        now = int(time.time())
        first = db.execute(
            update(tables)
            .where(tables.c.id == table_id, tables.c.rated.is_(False))
            .values(rated=True, totals=totals, ended=now)
        )
        if first.rowcount != 1:
            return False
        if who is None:
            return False
        _count(db, game, who, contest, now)
    return True


def _count(db: Connection, game: str, who: list[str], contest: Contest, now: int) -> None:
    entries = sorted(set(who))
    known = {
        row.who: row
        for row in db.execute(
            select(ratings)
            .where(ratings.c.game == game, ratings.c.who.in_(entries))
            .order_by(ratings.c.who)
            .with_for_update()
        )
    }
    start = {
        entry: (float(known[entry].mu), float(known[entry].sigma))
        if entry in known
        else (MODEL.mu, MODEL.sigma)
        for entry in entries
    }
    seats = rate([start[entry] for entry in who], contest)
    for entry in entries:
        mine = [seats[s] for s, e in enumerate(who) if e == entry]
        values: dict[str, Any] = {
            "mu": sum(mu for mu, _ in mine) / len(mine),
            "sigma": sum(sigma for _, sigma in mine) / len(mine),
            "updated": now,
        }
        if entry in known:
            values["games"] = int(known[entry].games) + 1
            db.execute(update(ratings).where(ratings.c.game == game, ratings.c.who == entry).values(**values))
        else:
            db.execute(ratings.insert().values(game=game, who=entry, games=1, **values))


def leaderboard(store: Store, game: str, most: int = 100) -> list[Rating]:
    """The game's ratings, best first: players by their name now, computer levels by their level."""
    with store.engine.connect() as db:
        rows = db.execute(
            select(ratings, players.c.name)
            .select_from(ratings.outerjoin(players, players.c.key_hash == ratings.c.who))
            .where(ratings.c.game == game)
        ).all()
    found = []
    for row in rows:
        level = row.who[len(COMPUTER) :] if row.who.startswith(COMPUTER) else None
        if level is None and row.name is None:
            continue
        name = f"computer ({level})" if level is not None else str(row.name)
        found.append((shown(row.mu, row.sigma), int(row.games), name, level, float(row.mu), float(row.sigma)))
    found.sort(key=lambda line: (-line[0], -line[1], line[2]))
    return [
        Rating(
            place=place,
            name=name,
            computer=level,
            rating=rating,
            mu=round(mu, 3),
            sigma=round(sigma, 3),
            games=games,
        )
        for place, (rating, games, name, level, mu, sigma) in enumerate(found[:most], start=1)
    ]


def of_player(store: Store, key_hash: str) -> dict[str, tuple[int, int]]:
    """A player's rating and games counted, by game."""
    with store.engine.connect() as db:
        rows = db.execute(select(ratings).where(ratings.c.who == key_hash)).all()
    return {row.game: (shown(row.mu, row.sigma), int(row.games)) for row in rows}
