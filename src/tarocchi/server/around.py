"""Around a table: who sits where by name, a person who left replaced by a computer player (and
taking the seat back), the time limit changed, play again, and the chat's mutes.

A seat may be bound to a player (their key's digest and the name they sat down with): their key
opens it on any device, as the seat's link does. A person away for the grace time
(``TAROCCHI_GRACE_SECONDS``, 60 s by default) may be replaced by a computer player: at once when
the table's creator asks, or, at a public table, when most of the other people seated ask. The
seat stays bound to its player, and its link stays its person's (opening no hand while the
computer player holds it): either takes it back with one click on return. When each person left
and who asked for a computer player are stored, so a restart forgets neither; with several
processes on one database, the process asked reads them again before it decides
(``follow_words``), so every process's people and words count. At the game's end
every person at the table says "play again" and the same seats play a new table, the next seat
dealing first: the words are stored, the process that hears one reads them all again, and the
database lets one process alone name the new table (``Players.play_again``).
"""

from __future__ import annotations

import asyncio
import os
import re
import time
from typing import TYPE_CHECKING, Any

from tarocchi.bots.players import LEVELS

if TYPE_CHECKING:
    from tarocchi.server.store import StoredTable
    from tarocchi.server.tables import LiveTable

GRACE_VARIABLE = "TAROCCHI_GRACE_SECONDS"
GRACE_SECONDS = 60.0
"""How long a person must be away before their seat may be given to a computer player."""

REPLACEMENT = ("medium", "easy")
"""The computer player seated for a person who left: the medium one, else the easy one."""


def grace() -> float:
    """The grace time (``TAROCCHI_GRACE_SECONDS``, GRACE_SECONDS when unset or unreadable)."""
    try:
        return max(0.0, float(os.environ.get(GRACE_VARIABLE, GRACE_SECONDS)))
    except ValueError:
        return GRACE_SECONDS


class Around:
    """A table's people by name, and what is asked of it around the game."""

    def __init__(self, stored: StoredTable, players: int) -> None:
        people = stored.people or tuple((None, None, False) for _ in range(players))
        self.players = [key_hash for key_hash, _, _ in people]
        """Each seat's player (their key's digest; None: nobody's, or a link's alone)."""
        self.names = [name for _, name, _ in people]
        self.muted = [muted for _, _, muted in people]
        self.public = stored.public
        self.creator_player = stored.creator_player
        self.next_id = stored.next_id
        self.spectators_muted = stored.spectators_muted
        self.first_dealer = stored.first_dealer
        self.loaded = time.monotonic()
        self.away: dict[int, float] = {
            seat: self.loaded - max(0.0, time.time() - since)
            for seat, since in enumerate(stored.away_since)
            if since is not None
        }
        """When each absent seat's person went away, in monotonic seconds, as stored (a seat whose
        person's leaving is not known: since loading)."""
        self.storing: dict[int, asyncio.Future[None]] = {}
        """Each seat's latest storing of its person's leaving or coming back (``social.store_away``):
        the next waits for it, so the database ends with the last of them."""
        self.again: set[int] = set(stored.again)
        """The seats that said "play again" (stored)."""
        self.making = False
        """The table to play again at is being made here."""
        self.votes: dict[int, set[int]] = {}
        """The seats asking that an absent seat be given to a computer player (stored)."""
        for seat, voter in stored.votes:
            self.votes.setdefault(seat, set()).add(voter)

    def follow(self, people: tuple[tuple[str | None, str | None, bool], ...]) -> bool:
        """Take the seats' players as another process stored them; whether they changed."""
        if not people or list(people) == list(zip(self.players, self.names, self.muted, strict=True)):
            return False
        self.players = [key_hash for key_hash, _, _ in people]
        self.names = [name for _, name, _ in people]
        self.muted = [muted for _, _, muted in people]
        return True

    def follow_again(self, again: frozenset[int], next_id: str | None) -> bool:
        """Take the words to play again, and the table it is played again at, as the database
        holds them (every process's); whether they changed."""
        if again <= self.again and (next_id is None or next_id == self.next_id):
            return False
        self.again |= again
        self.next_id = next_id or self.next_id
        return True

    def seat_of_player(self, key_hash: str, kinds: list[str]) -> int | None:
        """The person's seat a player's key opens (None: none, or a computer player holds it)."""
        for seat, player in enumerate(self.players):
            if player == key_hash and kinds[seat] == "invite":
                return seat
        return None

    def held_from(self, key_hash: str, kinds: list[str]) -> int | None:
        """The seat bound to the player that a computer player holds now: theirs to take back."""
        for seat, player in enumerate(self.players):
            if player == key_hash and kinds[seat] != "invite":
                return seat
        return None

    def is_creator(self, key_hash: str | None) -> bool:
        return key_hash is not None and key_hash == self.creator_player


def absent_for(table: LiveTable, seat: int) -> float | None:
    """How long the person at ``seat`` has been away (None: there, or no person's seat)."""
    if table.kinds[seat] != "invite" or any(c.seat == seat for c in table.connections):
        return None
    return time.monotonic() - table.around.away.get(seat, table.around.loaded)


def replaceable(table: LiveTable) -> list[int]:
    """The seats whose people have been away for the grace time (a computer player may take them)."""
    seats = []
    for seat in range(table.game.players):
        away = absent_for(table, seat)
        if away is not None and away >= grace():
            seats.append(seat)
    return seats


def persons_present(table: LiveTable) -> set[int]:
    """The people's seats with a connection now."""
    return {c.seat for c in table.connections if c.seat is not None and table.kinds[c.seat] == "invite"}


def replacement(table: LiveTable) -> str:
    """The level of the computer player seated for a person who left."""
    return next(level for level in REPLACEMENT if LEVELS[level] in table.offered)


def vote(table: LiveTable, voter: int, seat: int, elsewhere: frozenset[int] = frozenset()) -> bool:
    """``voter`` asks that ``seat`` be given to a computer player; whether most of the people
    present now ask it (those connected here, and ``elsewhere``: the people the database counts
    as there, connected to another process)."""
    voters = table.around.votes.setdefault(seat, set())
    voters.add(voter)
    present = (persons_present(table) | elsewhere) - {seat}
    return 2 * len(voters & present) > len(present)


def follow_words(table: LiveTable, stored: StoredTable) -> tuple[frozenset[int], frozenset[int]]:
    """Several processes: take the absences and the words asking for computer players as the
    database holds them now (each process stores its people's comings, goings and words, and
    reads the others' only here, before it decides). Returns the people's seats not connected
    here that the database does not know to have left, as (all of them, those seen away before
    and come back since: connected to another process). The others are counted as there in a
    majority too: a person who never came, or was there when the servers stopped, may be
    connected elsewhere, and a majority is not made without them."""
    around = table.around
    around.votes = {}
    for seat, voter in stored.votes:
        around.votes.setdefault(seat, set()).add(voter)
    here = {c.seat for c in table.connections}
    there: set[int] = set()
    back: set[int] = set()
    now, wall = time.monotonic(), time.time()
    for seat, since in enumerate(stored.away_since):
        if table.kinds[seat] != "invite" or seat in here:
            continue
        if since is not None:  # left (here or at another process) and not back anywhere since
            around.away[seat] = now - max(0.0, wall - since)
            continue
        there.add(seat)
        if seat in around.away:
            back.add(seat)
    return frozenset(there), frozenset(back)


def labels(table: LiveTable) -> list[str]:
    """Each seat as the pages name it: ``Anna (South)`` for a named person, else the seat's own
    name (a computer player's level is shown beside it, from the seat's kind)."""
    out = []
    for seat, kind in enumerate(table.kinds):
        place = table.game.seat_name(seat)
        name = table.around.names[seat]
        out.append(f"{name} ({place})" if name and kind == "invite" else place)
    return out


def named(table: LiveTable, present: dict[str, Any]) -> dict[str, Any]:
    """``present`` (``tarocchi.web.present``) with the seats' names: the labels in ``seat_names``,
    and each named person's name beside their seat's in the log."""
    present["seat_names"] = labels(table)
    names = {
        table.game.seat_name(seat): f"{name} ({table.game.seat_name(seat)})"
        for seat, name in enumerate(table.around.names)
        if name and table.kinds[seat] == "invite"
    }
    if not names:
        return present
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w-])"
    )

    def swap(text: str) -> str:
        return pattern.sub(lambda found: names[found.group(1)], text)

    present["log"] = [swap(line) for line in present["log"]]
    present["log_parts"] = [
        [swap(part) if isinstance(part, str) else part for part in line] for line in present["log_parts"]
    ]
    return present


def fields(table: LiveTable) -> dict[str, Any]:
    """The state's ``table`` fields of what happens around the game (the same for every seat)."""
    around = table.around
    return {
        "names": list(around.names),
        "public": around.public,
        "again": sorted(around.again),
        "next": around.next_id,
        "replaceable": replaceable(table),
        "absent": [absent_for(table, seat) for seat in range(table.game.players)],
        "grace": grace(),
        "votes": [len(around.votes.get(seat, ())) for seat in range(table.game.players)],
        "muted": [seat for seat, muted in enumerate(around.muted) if muted],
        "spectators_muted": around.spectators_muted,
        "reclaimable": [
            seat
            for seat, kind in enumerate(table.kinds)
            if kind != "invite" and (around.players[seat] is not None or table.token_hashes[seat] is not None)
        ],
    }


def everyone_again(table: LiveTable) -> bool:
    """Whether every person's seat has said "play again"."""
    return all(seat in table.around.again for seat, kind in enumerate(table.kinds) if kind == "invite")
