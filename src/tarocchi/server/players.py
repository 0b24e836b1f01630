"""Players: a name chosen at the first visit and a secret key the browser keeps (no password, no
e-mail). The database keeps only the key's SHA-256, as for seats' tokens.

A name is untrusted text: it is cleaned (Unicode NFKC, spaces collapsed), length-limited, and
refused when it holds characters that hide or reorder text, or when it only imitates a seat's
label or another seat's name at the same table: the same after folding case, spaces,
punctuation, accents and letters that look alike (a Cyrillic ``a`` for a Latin one, ``0`` for
``o``). Pages show it as text only, never as markup.
"""

from __future__ import annotations

import functools
import secrets
import time
import unicodedata
from collections.abc import Iterable

from sqlalchemy import delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from tarocchi.core.registry import available_games, get_game
from tarocchi.server.store import Store, StoredTable, digest, insert_table, players, seats, tables, votes

NAME_MOST = 24
"""The longest name, in characters."""

COMPUTER_WORDS = (
    "computer", "computer player", "bot", "robot", "easy", "medium", "hard", "random", "heuristic",
    "search", "learned", "expert", "you", "me", "partner", "dealer", "spectator", "creator", "server",
    "tarocchi", "nobody", "seat", "player", "the rules", "rules",
)  # fmt: skip
"""Words the pages use for seats that are no person's name."""

LOOKALIKE = str.maketrans(
    {
        # Cyrillic and Greek letters drawn as Latin ones (written as escapes), digits drawn as letters
        "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u043a": "k", "\u043c": "m",
        "\u043d": "h", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0442": "t", "\u0443": "y",
        "\u0445": "x", "\u0456": "i", "\u0458": "j", "\u0455": "s", "\u0501": "d", "\u04cf": "l",
        "\u03b1": "a", "\u03b2": "b", "\u03b5": "e", "\u03b7": "n", "\u03b9": "i", "\u03ba": "k",
        "\u03bd": "v", "\u03bf": "o", "\u03c1": "p", "\u03c4": "t", "\u03c5": "u", "\u03c7": "x",
        "\u03c9": "w",
        "0": "o", "1": "l", "3": "e", "5": "s", "8": "b", "i": "l", "|": "l", "!": "l",
        "ß": "ss", "æ": "ae", "ø": "o", "đ": "d", "ł": "l",
    }
)  # fmt: skip
IGNORED = set(" \t-_.'\u2019`\u00b4\"*~^+,:;")
"""Characters folding drops: names that differ only by them look the same."""


class NameRefused(ValueError):
    """A name that cannot be used, and why, in one line."""


def fold(name: str) -> str:
    """What ``name`` looks like to a reader: case, spacing, punctuation, accents and look-alike
    letters folded away. Two names that fold alike are one name at a table."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and ch not in IGNORED)
    return unicodedata.normalize("NFKC", text).translate(LOOKALIKE)


@functools.cache
def seat_labels() -> frozenset[str]:
    """Every label a page gives a seat that is no person's name, folded: each game's seat names
    and the computer players' words."""
    labels = {fold(word) for word in COMPUTER_WORDS}
    for game_id in available_games():
        game = get_game(game_id)
        labels.update(fold(game.seat_name(seat)) for seat in range(game.players))
    return frozenset(labels)


def clean_name(raw: str) -> str:
    """``raw`` as a name (NFKC, spaces collapsed), or NameRefused saying why it cannot be one."""
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise NameRefused("a name needs at least one letter")
    if len(name) > NAME_MOST:
        raise NameRefused(f"a name may be at most {NAME_MOST} characters (this one has {len(name)})")
    marks = 0
    for ch in name:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise NameRefused(f"a name may not hold the invisible or control character U+{ord(ch):04X}")
        if ch in "()[]{}":
            raise NameRefused("a name may not hold brackets: the pages put a seat's label in them")
        marks = marks + 1 if category.startswith("M") else 0
        if marks > 2:
            raise NameRefused("a name may not stack more than two accents on one letter")
    folded = fold(name)
    if not folded:
        raise NameRefused("a name needs at least one letter or digit")
    if folded in seat_labels():
        raise NameRefused(f"'{name}' reads as a seat's label or a computer player's: choose a person's name")
    return name


def imitation(name: str, others: Iterable[str | None]) -> str | None:
    """Why ``name`` may not sit beside seats named ``others`` (None: it may): it reads as one of them."""
    folded = fold(name)
    for other in others:
        if other is not None and fold(other) == folded:
            return f"'{name}' reads as '{other}', who sits at this table: choose a name of your own"
    return None


def new_key() -> str:
    """A player's secret key: 256 random bits."""
    return secrets.token_urlsafe(32)


class Players:
    """The players' reads and writes, each one transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, name: str) -> str:
        """A new player called ``name`` (cleaned already); their secret key."""
        key = new_key()
        with self.store.engine.begin() as db:
            db.execute(insert(players).values(key_hash=digest(key), name=name, created=int(time.time())))
        return key

    def name_of(self, key_hash: str) -> str | None:
        with self.store.engine.connect() as db:
            found = db.execute(select(players.c.name).where(players.c.key_hash == key_hash)).scalar()
        return None if found is None else str(found)

    def rename(self, key_hash: str, name: str) -> bool:
        """Give the player a new name (their seats keep the name they sat down with); whether
        the player exists."""
        with self.store.engine.begin() as db:
            changed = db.execute(update(players).where(players.c.key_hash == key_hash).values(name=name))
        return changed.rowcount == 1

    def tables_of(self, key_hash: str) -> list[tuple[str, int | None]]:
        """The tables the player sits at (their seat), or created (None), newest first."""
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(tables.c.id, seats.c.seat, tables.c.created)
                .select_from(
                    tables.outerjoin(
                        seats, (seats.c.table_id == tables.c.id) & (seats.c.player_hash == key_hash)
                    )
                )
                .where(or_(seats.c.player_hash == key_hash, tables.c.creator_player == key_hash))
                .order_by(tables.c.created.desc())
                .limit(200)
            ).all()
        found: dict[str, int | None] = {}
        for row in rows:
            if row.seat is not None or row.id not in found:
                found[row.id] = None if row.seat is None else int(row.seat)
        return list(found.items())

    def sit(self, table_id: str, seat: int, key_hash: str | None, name: str | None, keep_token: bool) -> None:
        """Bind ``seat`` to the player (None: to nobody); unless ``keep_token``, the seat's link
        stops opening it (the player's key does). Announced to the other processes."""
        values: dict[str, object] = {"player_hash": key_hash, "name": name}
        if not keep_token:
            values["token_hash"] = None
        self._seat(table_id, seat, values)

    def mute(self, table_id: str, seat: int | None, muted: bool) -> None:
        """Mute (or let speak again) a seat's chat, or the spectators' (``seat`` None)."""
        if seat is None:
            with self.store.engine.begin() as db:
                db.execute(update(tables).where(tables.c.id == table_id).values(spectators_muted=muted))
        else:
            self._seat(table_id, seat, {"muted": muted})

    def away(self, table_id: str, seat: int, since: int | None) -> None:
        """The seat's person left at ``since`` (Unix seconds), or came back (None: the words
        asking for a computer player in their place are void)."""
        with self.store.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(away_since=since)
            )
            if since is None:
                db.execute(delete(votes).where(votes.c.table_id == table_id, votes.c.seat == seat))

    def again(self, table_id: str, seat: int) -> tuple[frozenset[int], str | None]:
        """The seat's person said "play again" at the game's end (announced to the other
        processes); the words as the database holds them then, every process's: the seats that
        said it, and the table it is played again at (None: none yet)."""
        self._seat(table_id, seat, {"again": True})
        with self.store.engine.connect() as db:
            said = db.execute(
                select(seats.c.seat).where(seats.c.table_id == table_id, seats.c.again.is_(True))
            ).all()
            next_id = db.execute(select(tables.c.next_id).where(tables.c.id == table_id)).scalar()
        return frozenset(int(r.seat) for r in said), next_id

    def play_again(self, old: StoredTable, new_id: str, seed: int, first_dealer: int) -> str:
        """Make the table ``old`` is played again at: the same game, options, seats (their kinds,
        links and players), creator and time limit, ``first_dealer`` dealing first; the id of the
        table it is played again at. One transaction claims ``old``'s successor (its ``next_id``,
        written only while it is empty) and makes the new table: of several processes deciding
        at once exactly one makes it, and the others, their claim refused, are answered its id."""
        with self.store.engine.begin() as db:
            claimed = db.execute(
                update(tables)
                .where(tables.c.id == old.id, tables.c.next_id.is_(None))
                .values(next_id=new_id, touched=int(time.time()))
            )
            if claimed.rowcount != 1:  # another process made it first (its claim is committed)
                return str(db.execute(select(tables.c.next_id).where(tables.c.id == old.id)).scalar_one())
            insert_table(
                db,
                {
                    "id": new_id,
                    "game": old.game,
                    "options": old.options,
                    "seed": seed,
                    "first_dealer": first_dealer,
                    "hands": old.hands,
                    "move_seconds": old.move_seconds,
                    "creator_hash": old.creator_hash,
                    "public": old.public,
                    "creator_player": old.creator_player,
                },
                [
                    {"kind": kind, "token_hash": token_hash, "player_hash": key_hash, "name": name}
                    for (kind, token_hash), (key_hash, name, _) in zip(old.seats, old.people, strict=True)
                ],
            )
            self.store.announce_change(db, old.id)
        return new_id

    def vote(self, table_id: str, seat: int, voter: int) -> None:
        """``voter`` asks for a computer player in absent ``seat`` (once: a second word is the same)."""
        try:
            with self.store.engine.begin() as db:
                db.execute(insert(votes).values(table_id=table_id, seat=seat, voter=voter))
        except IntegrityError:
            pass

    def votes_done(self, table_id: str, seat: int) -> None:
        """The seat went to a computer player: the words that asked for it are spent."""
        with self.store.engine.begin() as db:
            db.execute(delete(votes).where(votes.c.table_id == table_id, votes.c.seat == seat))

    def _seat(self, table_id: str, seat: int, values: dict[str, object]) -> None:
        with self.store.engine.begin() as db:
            db.execute(
                update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(**values)
            )
            self.store.announce_change(db, table_id)

    def describe(
        self, table_id: str, *, public: bool, creator: str | None, people: list[tuple[str | None, str | None]]
    ) -> None:
        """A new table's public flag, creator and the players bound to its seats."""
        with self.store.engine.begin() as db:
            db.execute(
                update(tables).where(tables.c.id == table_id).values(public=public, creator_player=creator)
            )
            for seat, (key_hash, name) in enumerate(people):
                if key_hash is not None:
                    db.execute(
                        update(seats)
                        .where(seats.c.table_id == table_id, seats.c.seat == seat)
                        .values(player_hash=key_hash, name=name)
                    )

    def set_table(self, table_id: str, **values: object) -> None:
        """Change a table's own columns (``move_seconds``)."""
        with self.store.engine.begin() as db:
            db.execute(
                update(tables).where(tables.c.id == table_id).values(touched=int(time.time()), **values)
            )
