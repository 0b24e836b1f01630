"""A live table: the engine's Match, rebuilt from the database, and who is connected to it.

Every action goes one way: checked against the Match (turn, version, legality), committed to the
database, applied, and only then sent to the connections, each its own seat's view. A finished
hand is followed by the next at once; the score sheet keeps every finished hand.

Several processes may serve one table (PostgreSQL): the database's version check lets exactly one
of them commit each change; the others hear of it (``Tables.heard``), read the new actions and
tell their own connections. Computer players and time limits are driven by the process that made
the table's latest change; the others stand by, and act only if the table stays still for
STANDBY_SECONDS more (that process died, say): two attempts cost a refusal, never a double move.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from pydantic_core import to_json

from tarocchi.bots.base import Player
from tarocchi.bots.hint import Hint, hint
from tarocchi.bots.players import make_player, player_kinds
from tarocchi.core.actions import Action
from tarocchi.core.errors import TarocchiError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.registry import get_game
from tarocchi.core.rulings import for_players
from tarocchi.server import around, nexthand, pace, ratings
from tarocchi.server.discard import discards_due
from tarocchi.server.messages import State
from tarocchi.server.settings import ARCHIVE_DAYS, UNDO_SECONDS
from tarocchi.server.store import Appended, Heard, StaleAction, Store, StoredTable, digest
from tarocchi.web.present import Log, action_json, presentation

log = logging.getLogger("tarocchi.server")

HARD_SECONDS = 0.7
"""The hard (search) player's thinking per decision at a table: a sampled world and one playout
may run past it, and ``benchmarks/hard_decisions.py`` measures the longest decision under 1 s."""

RETRY_SECONDS = 1.0
"""After a computer player's move fails (a database that refused a write, say), it tries again
after this long, doubling up to RETRY_MOST: a table never stalls, and a failure that lasts does not
spin the processor or flood the log."""
RETRY_MOST = 60.0


def backoff(failures: int, most: float = RETRY_MOST) -> float:
    """The pause after ``failures`` failures in a row: RETRY_SECONDS, doubled each time, at most ``most``."""
    return min(most, RETRY_SECONDS * 2.0 ** (failures - 1))


HINT_THREADS = 2
"""Hints thought about at once (each within HARD_SECONDS); more wait their turn."""

STANDBY_SECONDS = 5.0
"""How much longer than the driving process a process that did not make the table's latest
change waits before it moves for a computer player or a person out of time: past the hard
player's thinking (under 1 s) and a commit, so that it acts only when the driver is gone."""
STEP_SECONDS = 0.1
"""How often a computer player waiting (a standby, a person's undo window) looks whether the
table moved on meanwhile."""

STAND_IN = "heuristic"
"""Who makes a move for a person whose time ran out (the medium player; easy where there is none)."""

Send = Callable[[str], Awaitable[None]]
"""Sends one JSON text to one connection."""


class Refusal(Exception):
    """An action the table does not take; ``code`` for programs, the text for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Connection:
    """One websocket at a table: a seat, or a spectator (seat None)."""

    def __init__(self, seat: int | None, send: Send) -> None:
        self.seat = seat
        self.send = send
        self.sent: tuple[int, int, tuple[int, ...], int] | None = None
        """The moment (``LiveTable.moment``) of the last state sent: a state goes to a connection
        once per change."""
        self.pace: str | None = None
        """The pace a person watching asked for (``pace.PACES``; None: a program, never paced)."""
        self.player: str | None = None
        """The digest of the player key it said hello with (None: none)."""
        self.claim: str | None = None
        """The digest of the token it said hello with when that opened no seat: a seat a computer
        player holds for the link's person is theirs to take back."""


class LiveTable:
    """One table in memory. Its lock orders actions: one is checked, stored and applied at a time."""

    def __init__(self, stored: StoredTable, undo_seconds: float = 0.0) -> None:
        self.id = stored.id
        self.game: Game[Any] = get_game(stored.game, stored.options)
        self.kinds = [kind for kind, _ in stored.seats]
        self.offered = player_kinds(self.game)
        """The kinds of computer player this game has (looked up once: the lookup asks the
        import system, a file system search, and every state sent asks for hints)."""
        self.token_hashes = [token_hash for _, token_hash in stored.seats]
        self.creator_hash = stored.creator_hash
        self.around = around.Around(stored, self.game.players)
        self.connections: list[Connection] = []
        self.hand_end = nexthand.HandEnd()
        self.changed_at = time.monotonic()
        """When the table last changed here, or was loaded (monotonic seconds): a table idle for the
        archive time, that nobody watches, is forgotten until it is asked for again."""
        self.shown_at = self.changed_at
        """When this process last finished sending a state to its connections (monotonic seconds):
        computer players' pauses count from it (``pace``), so that a change stays in view for the
        whole pause however long telling it took."""
        self._replay(stored)
        self.driving = True
        """Whether this process made the table's latest change (or knows of no other that did):
        it moves for computer players at once, the others only after STANDBY_SECONDS."""
        self.behind = False
        """Another process changed the table and this one has not caught up yet."""
        self.told: dict[int, tuple[int, int, str]] = {}
        """Actions other processes announced, by the version they made: (number, seat, notation)."""
        self.unread = False
        """A change was announced without its action (an undo, a seat): read from the database."""
        self.following: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.telling = asyncio.Lock()
        """Orders the states sent (``broadcast``)."""
        self.renewals = 0
        """Changes around the game that every connection is to be sent the state for (``renew``):
        part of the moment, so a broadcast already under way cannot mark the older state sent."""
        self.players: dict[int, Player] = {}
        self.rngs = [random.Random(secrets.randbits(128)) for _ in range(self.game.players)]
        self.thinking = False
        self.failures = 0
        """Computer moves that failed in a row (each retry waits longer)."""
        self.move_seconds = stored.move_seconds
        self.clock: tuple[int, asyncio.Task[None]] | None = None
        """The running time limit: the version it times and the task that moves when it runs out."""
        self.undo_seconds = undo_seconds
        """The server's undo window: 0, no undo."""
        self.logs: dict[int | None, Log] = {}
        self.stood_in: dict[int, dict[str, Any]] = {}
        """The move the time limit made for a person, by seat (its typed action, as ``legal``
        has them), until that person's own next move: the page says the clock moved for them."""
        """Each seat's log lines (None: the spectators'), kept from one state to the next."""

    # -- who is who ------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        """The seat ``token`` opens, compared in constant time against every seat (None: none).
        Only a person's seat has a token: a computer player's seat, and so its hand, opens to
        nobody (not even to the table's creator)."""
        wanted = digest(token)
        found = None
        for seat, token_hash in enumerate(self.token_hashes):
            if hmac.compare_digest(wanted, token_hash or "") and self.kinds[seat] == "invite":
                found = seat
        return found

    def held_for(self, connection: Connection) -> int | None:
        """The seat a computer player holds for this connection's person, theirs to take back: bound
        to their player key, or opened by their link's token (None: none)."""
        if connection.player is not None:
            held = self.around.held_from(connection.player, self.kinds)
            if held is not None:
                return held
        if connection.claim is None:
            return None
        for seat, token_hash in enumerate(self.token_hashes):
            if self.kinds[seat] != "invite" and hmac.compare_digest(connection.claim, token_hash or ""):
                return seat
        return None

    def person_refusal(self, seat: int) -> Refusal | None:
        """Why a connection at ``seat`` may not act there (None: it may): a computer player sits
        there now, and nobody may act for it."""
        if self.kinds[seat] != "invite":
            return Refusal("seat", "a computer player sits at this seat now: nobody may act for it")
        return None

    def seat_given(self, seat: int, kind: str, token_hash: str | None) -> list[Connection]:
        """Put ``kind`` in ``seat``, opened by ``token_hash`` alone (None: a computer player's seat,
        which no token opens). A connection that sat there becomes a spectator: the person's token
        no longer opens the seat's hand. Returns those connections, to be told."""
        self.kinds[seat] = kind
        self.token_hashes[seat] = token_hash
        self.changed_at = time.monotonic()
        self.players.pop(seat, None)
        moved = [c for c in self.connections if c.seat == seat]
        for connection in moved:
            connection.seat = None
            connection.sent = None  # a spectator's view now, which it has not had
        return moved

    async def tell_unseated(self, moved: list[Connection]) -> None:
        """Tell each connection whose seat was given away what it now sees, and why."""
        told = {
            "type": "error",
            "code": "token",
            "message": "the table's creator gave this seat to someone else: you are watching as a spectator",
        }
        await self.broadcast()  # each moved connection's ``sent`` was cleared: the spectator's state
        for connection in moved:
            try:
                await connection.send(to_json(told).decode())
            except Exception:  # a closed socket: its handler removes it
                log.debug("table %s: a connection could not be sent to", self.id)

    def is_creator(self, token: str) -> bool:
        return hmac.compare_digest(digest(token), self.creator_hash)

    def alone_with_computers(self, seat: int) -> bool:
        """Whether every seat but ``seat`` is a computer player's: hints and undo are only for
        such a table, where they help nobody against another person."""
        return all(kind != "invite" for s, kind in enumerate(self.kinds) if s != seat)

    def computer(self, seat: int) -> Player | None:
        kind = self.kinds[seat]
        if kind == "invite":
            return None
        if seat not in self.players:
            self.players[seat] = make_player(kind, self.game, seconds=HARD_SECONDS)
        return self.players[seat]

    # -- acting ----------------------------------------------------------------------------
    def check(self, seat: int, text: str, version: int) -> Action:
        """The action ``text`` means for ``seat`` now; Refusal naming why it cannot be taken."""
        if self.match.over:
            raise Refusal("over", "the game is over: nothing more can be played")
        if version != self.version:
            raise Refusal(
                "stale",
                f"the table has moved on (version {self.version}, you acted on {version}); look again",
            )
        to_act = self.match.to_act()
        if to_act != seat:
            who = "nobody" if to_act is None else self.game.seat_name(to_act)
            raise Refusal("turn", f"it is {who}'s turn, not yours")
        try:
            action = self.game.parse_action(text, self.match.view(seat))
        except TarocchiError as error:
            raise Refusal("notation", self.words(str(error))) from None
        reason = self.game.explain_illegal(self.match.state, action)
        if reason is not None:
            raise Refusal("illegal", self.words(reason))
        return action

    def finishes(self, action: Action) -> bool:
        """Whether ``action`` ends the game's last hand."""
        after = self.game.apply(self.match.state, action)
        return self.game.to_act(after) is None and len(self.match.hands) >= self.game.hands_per_game()

    def _replay(self, stored: StoredTable) -> None:
        """The Match from the stored actions (at loading, and when another process took one back)."""
        self.match = Match(self.game, seed=stored.seed, first_dealer=stored.first_dealer)
        self.version = 2 * stored.undos
        """How many changes the table has seen (an action taken back counts twice: taken, and
        taken back): a client acts on the version it saw, and no version is ever seen twice."""
        self.undos = stored.undos
        self.stored = 0
        """How many actions stand (the next one's number in the database)."""
        for seat, text in stored.actions:
            self._apply(seat, self.game.parse_action(text))

    def _apply(self, seat: int, action: Action) -> None:
        nexthand.deal(self)  # a hand held for its people, whose next hand another process dealt
        self.match.submit(seat, action)
        self.version += 1
        self.stored += 1
        self.changed_at = time.monotonic()
        if not pace.people(self):
            nexthand.deal(self)

    async def act(
        self, store: Store, seat: int, text: str, version: int, person: bool = True, stand_in: bool = False
    ) -> None:
        """Take the action (``person``: a person's, or with ``stand_in`` a computer player's for
        a person out of time; else the computer player's at that seat): committed to the
        database before anyone hears of it."""
        async with self.lock:
            if person:
                refusal = self.person_refusal(seat)
            elif self.kinds[seat] == "invite":
                refusal = Refusal(
                    "seat", "a person sits at this seat now: the computer player's move is void"
                )
            else:
                refusal = None
            if refusal is not None:
                raise refusal
            action = self.check(seat, text, version)
            try:
                await store.commit(
                    Appended(
                        self.id,
                        self.version,
                        self.stored,
                        self.match.hand.number,
                        seat,
                        str(action),
                        self.finishes(action),
                    )
                )
            except StaleAction:
                lost = True
            else:
                lost = False
                self._apply(seat, action)
                self.driving = True
                if stand_in:
                    self.stood_in[seat] = action_json(action)
                elif person:
                    self.stood_in.pop(seat, None)
        if lost:
            await self.catch_up(store)
            raise Refusal("stale", "another server process took an action first; look again")
        await self.broadcast()
        if self.match.over:
            await self.settle(store)

    async def settle(self, store: Store) -> None:
        """The game is over: its totals kept for the players' history, and it counted once in
        the ratings (a failure is logged; the next start counts it)."""
        try:
            await asyncio.to_thread(
                ratings.settle,
                store,
                self.id,
                self.game.info.id,
                ratings.rated_as(self.kinds, self.around.players),
                ratings.standings(self.game.info.partnerships, self.match.totals),
                list(self.match.totals),
            )
        except Exception:
            log.exception(
                "table %s: the finished game could not be counted; it is at the next start", self.id
            )

    async def catch_up(self, store: Store) -> bool:
        """Read and apply what other processes committed since this one last looked, and tell this
        process's connections each new state in turn, as the writer's own were told; whether
        anything changed."""
        async with self.lock:
            if await self._follow_told():
                return True
            self.unread = False
            news = await asyncio.to_thread(store.news, self.id, self.stored)
            seated = list(news.kinds) != self.kinds
            changed = seated
            moved: list[Connection] = []
            for seat, (kind, token_hash) in enumerate(zip(news.kinds, news.token_hashes, strict=True)):
                if kind != self.kinds[seat] or token_hash != self.token_hashes[seat]:
                    moved += self.seat_given(seat, kind, token_hash)
            followed = self.around.follow(news.people)  # another process seated a player: names to tell
            if self.around.follow_again(news.again, news.next_id) or followed:  # words to play again
                self.renewals += 1
            follows = self.stored + len(news.actions) == news.version - 2 * news.undos
            if news.version == self.version:
                pass
            elif news.undos == self.undos and follows:
                for seat, text in news.actions:
                    self._apply(seat, self.game.parse_action(text))
                    await self.broadcast()
                changed = True
                self.driving = False
            else:  # an action was taken back (or committed while we read): the whole table again
                stored = await asyncio.to_thread(store.load, self.id)
                assert stored is not None, "a table is never deleted"
                self._replay(stored)
                changed = True
                self.driving = False
        await self.tell_unseated(moved)
        await self.broadcast()  # to each connection not yet told this version (none, if no action)
        if seated:
            await self.tell_seats()
        return changed

    async def _follow_told(self) -> bool:
        """Apply the actions announced, if they follow on from this table without a gap and
        nothing else was announced, telling the connections each new state: no database read.
        Whether it did."""
        for version in [v for v in self.told if v <= self.version]:
            del self.told[version]
        if self.unread or not self.told:
            return False
        versions = range(self.version + 1, max(self.told) + 1)
        if any(v not in self.told or self.told[v][0] != self.stored + v - versions[0] for v in versions):
            return False
        for version in versions:
            _, seat, notation = self.told.pop(version)
            self._apply(seat, self.game.parse_action(notation))
            await self.broadcast()
        self.driving = False
        return True

    def undo_refusal(self, seat: int | None) -> Refusal | None:
        """Why ``seat`` may not take back its last action now, or None. Undo is for a person
        alone with computer players (who wait ``undo_seconds`` after each of the person's
        moves), of the person's own latest action, until the next player acts."""
        if seat is None:
            return Refusal("seat", "say hello with your seat's token before taking anything back")
        if self.kinds[seat] != "invite":
            return self.person_refusal(seat)
        if self.undo_seconds <= 0:
            return Refusal("undo", "this server offers no undo (tarocchi serve --undo-seconds 0)")
        if not self.alone_with_computers(seat):
            return Refusal("undo", "undo is only for a table where everyone else is a computer player")
        if self.match.over:
            return Refusal("over", "the game is over: nothing can be taken back")
        reason = self.match.undo_refusal(seat)
        return None if reason is None else Refusal("undo", f"nothing to take back: {reason}")

    async def undo(self, store: Store, seat: int | None, version: int) -> None:
        """Take back ``seat``'s last action: deleted from the database before anyone is told."""
        async with self.lock:
            refusal = self.undo_refusal(seat)
            if refusal is not None:
                raise refusal
            assert seat is not None
            if version != self.version:
                raise Refusal(
                    "stale",
                    f"the table has moved on (version {self.version}, you asked at {version}); look again",
                )
            try:
                await asyncio.to_thread(store.take_back, self.id, self.version, self.stored - 1)
            except StaleAction:
                lost = True
            else:
                lost = False
                self.match.undo(seat)
                self.stood_in.pop(seat, None)
                self.stored -= 1
                self.version += 1
                self.undos += 1
                self.changed_at = time.monotonic()
                self.driving = True
        if lost:
            await self.catch_up(store)
            raise Refusal("stale", "another server process changed the table first; look again")
        await self.broadcast()

    # -- telling -----------------------------------------------------------------------------
    def sheet(self) -> list[dict[str, Any]]:
        """The score sheet as sent (``SheetHand``, in plain JSON values): every finished hand."""
        totals = [0] * self.game.players
        sheet = []
        for hand in self.match.hands:
            if hand.result is None:
                continue
            totals = [t + s for t, s in zip(totals, hand.result.scores, strict=True)]
            sheet.append(
                {
                    "number": hand.number,
                    "lines": [
                        {
                            "label": self.words(line.label),
                            "side": self.side_name(line.side),
                            "value": line.value,
                        }
                        for line in hand.result.lines
                    ],
                    "scores": list(hand.result.scores),
                    "totals": totals,
                }
            )
        return sheet

    def words(self, text: str) -> str:
        """The engine's ``text`` as players read it, without its ruling ids (docs/rules names them)."""
        return for_players(self.game.info.ruling_letter, text)

    def side_name(self, side: int | None) -> str:
        names = self.game.info.side_names
        if side is None:
            return ""
        return names[side] if side < len(names) else f"side {side}"

    def hint_refusal(self, seat: int | None, turn: bool = True) -> Refusal | None:
        """Why ``seat`` may not have a hint now (``turn``: it must be its turn), or None.

        Hints are for a person alone with computer players: at a table with other people a
        hint would be help one player gets and the others do not."""
        if seat is None:
            return Refusal("seat", "say hello with your seat's token before asking for a hint")
        if self.kinds[seat] != "invite":
            return self.person_refusal(seat)
        if "search" not in self.offered:
            return Refusal("hint", f"no hints for {self.game.info.id}: it has no hard player")
        if turn and self.match.to_act() != seat:
            return Refusal("turn", "a hint is for your own turn, and it is not yours")
        if not self.alone_with_computers(seat):
            return Refusal("hint", "hints are only for a table where everyone else is a computer player")
        return None

    def state_data(
        self,
        seat: int | None,
        sheet: list[dict[str, Any]] | None = None,
        connected: set[int | None] | None = None,
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent, as plain JSON values in ``State``'s shape:
        its own view and nothing else of the hand (``sheet``, ``connected``: the score sheet and
        the seats connected, when the caller has them already)."""
        view = self.match.view(seat)
        log = self.logs.setdefault(seat, Log())
        if connected is None:
            connected = {c.seat for c in self.connections}
        over = self.match.over
        return {
            "type": "state",
            "version": self.version,
            "table": {
                "id": self.id,
                "game": self.game.info.id,
                "game_name": self.game.info.name,
                "deck": self.game.deck.name,
                "hands": self.game.hands_per_game(),
                "seat": seat,
                "seats": [{"kind": kind, "connected": s in connected} for s, kind in enumerate(self.kinds)],
                "over": over,
                "winners": list(self.match.winners()) if over else [],
                "hints": self.hint_refusal(seat, turn=False) is None,
                "undo": self.undo_refusal(seat) is None,
                "move_seconds": self.move_seconds,
                "waiting": nexthand.waiting(self),
                "discards": discards_due(self.game, self.match.state, seat),
                **around.fields(self),
                "clock_moved": None if seat is None else self.stood_in.get(seat),
            },
            "view": view.to_json(),
            "present": around.named(self, presentation(self.game, view, log)),
            "sheet": self.sheet() if sheet is None else sheet,
        }

    def state_for(self, seat: int | None) -> State:
        """What ``seat`` is sent, checked against the protocol's model (``state_text`` is what is
        sent: the same JSON, without checking again what this module built)."""
        return State.model_validate(self.state_data(seat))

    def state_text(
        self,
        seat: int | None,
        sheet: list[dict[str, Any]] | None = None,
        connected: set[int | None] | None = None,
    ) -> str:
        """``state_for(seat).model_dump_json()``, character for character, serialized straight
        from the plain values (pydantic's validation of a state cost more than its JSON)."""
        return to_json(self.state_data(seat, sheet, connected)).decode()

    def moment(self) -> tuple[int, int, tuple[int, ...], int]:
        """What a state sent shows: the version, the hand dealt (the next hand is dealt without an
        action, so at the same version), the people a finished hand still waits for, and the
        changes around the game (``renewals``)."""
        return (self.version, self.match.hand.number, tuple(nexthand.waiting(self) or ()), self.renewals)

    async def renew(self) -> None:
        """Send every connection the state again (names, seats or the words to play again
        changed, not the game)."""
        self.renewals += 1
        await self.broadcast()

    async def _send(self, connection: Connection, text: str) -> None:
        try:
            await connection.send(text)
        except Exception:  # a closed socket: its handler removes it
            log.debug("table %s: a connection could not be sent to", self.id)

    async def broadcast(self) -> None:
        """Each connection that has not had it the state of this version, its seat's: built once
        per seat, the sheet and the seats connected once for all (nothing at all for a table nobody
        here watches, as most are in a process that follows others). One at a time, and every text
        built before the first is sent: a broadcast that a newer change overtook while it sent would
        otherwise leave a connection with an older state marked as its newest."""
        async with self.telling:
            moment = self.moment()
            behind = [c for c in self.connections if c.sent != moment]
            if not behind:
                return
            sheet = self.sheet()
            connected = {c.seat for c in self.connections}
            seated = [(connection, connection.seat) for connection in behind]  # as the texts are built
            texts: dict[int | None, str] = {}
            for _, seat in seated:
                if seat not in texts:
                    texts[seat] = self.state_text(seat, sheet, connected)
            for connection, seat in seated:
                if connection.seat != seat:
                    continue  # moved while this was sent: never the old seat's view; the next its own
                connection.sent = moment
                await self._send(connection, texts[seat])
            self.shown_at = time.monotonic()

    async def arrive(self, connection: Connection) -> bool:
        """A new connection: it gets its state; the others hear only that a seat came online (a
        spectator's coming is news to nobody), never the state again. Whether its seat came
        online (its person is back: their absence and the words asking to replace them are void)."""
        online = connection.seat is not None and all(c.seat != connection.seat for c in self.connections)
        if online:
            self.around.votes.pop(connection.seat, None)  # type: ignore[arg-type]
            self.around.away.pop(connection.seat, None)  # type: ignore[arg-type]
        self.connections.append(connection)
        await self.broadcast()  # to this connection alone, unless another is behind too
        if online:
            await self.tell_seats(but=connection)
        return online

    def leave(self, connection: Connection) -> bool:
        """A connection closed; whether its seat went away with it (the others are to hear that
        alone, by ``tell_seats``: the state is not sent again)."""
        self.connections.remove(connection)
        gone = connection.seat is not None and all(c.seat != connection.seat for c in self.connections)
        if gone:
            self.around.away[connection.seat] = time.monotonic()  # type: ignore[index]
        return gone

    async def tell_seats(self, but: Connection | None = None) -> None:
        """The seats' news that is no change of the game (who is online, who is a computer player,
        and so whether one may ask hints or undo): a small ``seats`` message to each connection
        (``but`` one that knows), at the version it has."""
        connected = {c.seat for c in self.connections}
        seats = [{"kind": kind, "connected": s in connected} for s, kind in enumerate(self.kinds)]
        texts: dict[int | None, str] = {}
        for connection in [c for c in self.connections if c is not but]:
            text = texts.get(connection.seat)
            if text is None:
                seat = connection.seat
                text = texts[seat] = to_json(
                    {
                        "type": "seats",
                        "version": self.version,
                        "seats": seats,
                        "hints": self.hint_refusal(seat, turn=False) is None,
                        "undo": self.undo_refusal(seat) is None,
                    }
                ).decode()
            await self._send(connection, text)


class Tables:
    """Every live table of this server, loaded from the database on demand."""

    def __init__(
        self,
        store: Store,
        pool: Executor,
        undo_seconds: float = UNDO_SECONDS,
        archive_days: float | None = ARCHIVE_DAYS,
    ) -> None:
        self.store = store
        self.pool = pool
        self.undo_seconds = undo_seconds
        self.archive_days = archive_days
        """An unfinished table nobody changed for this long is archived: not loaded at start, only
        when someone asks for it (None: never)."""
        self.live: dict[str, LiveTable] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.hinting = ThreadPoolExecutor(max_workers=HINT_THREADS, thread_name_prefix="tarocchi-hints")
        """Hints think in threads of their own: behind the computer players' moves in the worker
        pool a hint waited for them, past the hard player's time."""

    def get(self, table_id: str, made_here: bool = False) -> LiveTable | None:
        """The table, loaded from the database if it is not live here. A table loaded on a
        database other processes share was last changed by one of them (unless ``made_here``: this
        process just created it): this one stands by, as for any change another process made."""
        table = self.live.get(table_id)
        if table is None:
            stored = self.store.load(table_id)
            if stored is None:
                return None
            table = LiveTable(stored, self.undo_seconds)
            table.driving = made_here or not self.store.shared
            self.live[table_id] = table
        return table

    def heard(self, heard: Heard) -> None:
        """Another process changed a table: if it is live here, catch up (one reader at a time per
        table; news heard meanwhile is read after). A table not live here is read whole from the
        database when it is next wanted."""
        table = self.live.get(heard.table_id)
        if table is None:
            return
        if heard.action is None:
            table.unread = True
        else:
            table.told[heard.version] = heard.action
        table.behind = True
        if table.following is None or table.following.done():
            table.following = asyncio.get_running_loop().create_task(self._follow(table))
            self.tasks.add(table.following)
            table.following.add_done_callback(self.tasks.discard)

    def heard_all(self) -> None:
        """News may have been missed (the listening connection was lost): catch up every table
        from the database."""
        for table in list(self.live.values()):
            self.heard(Heard(table.id, table.version, "", None))

    async def _follow(self, table: LiveTable) -> None:
        failures = 0
        while table.behind:
            table.behind = False
            try:
                if await table.catch_up(self.store):
                    self.wake(table)
                failures = 0
            except Exception:
                failures += 1
                wait = backoff(failures)
                log.exception(
                    "table %s: could not read another process's change; again in %g s", table.id, wait
                )
                table.behind = True
                await asyncio.sleep(wait)

    def let_go(self, table: LiveTable) -> None:
        """Forget a finished table nobody watches: it is in the database (its record, its sheet)
        and loads again on demand. A long-running server's memory, and the time the garbage
        collector spends on it, stay those of the tables in play."""
        if table.match.over and not table.connections and self.live.get(table.id) is table:
            del self.live[table.id]

    async def hint(self, table: LiveTable, seat: int | None) -> tuple[int, Hint]:
        """The hard player's suggestion for ``seat`` and the version it is for (Refusal: why not).
        It thinks in the hint threads, on its own random numbers, within the hard player's time."""
        refusal = table.hint_refusal(seat)
        if refusal is not None:
            raise refusal
        assert seat is not None
        version, state = table.version, table.match.state
        rng = random.Random(secrets.randbits(64))
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self.hinting, hint, table.game, state, seat, rng, HARD_SECONDS)
        return version, found

    def wake(self, table: LiveTable) -> None:
        """If a computer player is to act, let it think in the worker pool and act; if a person is,
        start the table's time limit for this move (once: a reconnection does not restart it)."""
        if nexthand.held(table):
            nexthand.settle(self, table)
            return
        seat = table.match.to_act()
        if seat is None or table.thinking:
            return
        if table.computer(seat) is None:
            self._start_clock(table, seat)
            return
        table.thinking = True
        task = asyncio.get_running_loop().create_task(self._think(table, seat))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _think(self, table: LiveTable, seat: int) -> None:
        try:
            await self._move(table, seat)
            table.failures = 0
        except Exception:
            table.failures += 1
            wait = backoff(table.failures)
            log.exception("table %s: computer player at seat %d failed; again in %g s", table.id, seat, wait)
            await asyncio.sleep(wait)
        finally:
            table.thinking = False
        self.wake(table)

    async def _move(self, table: LiveTable, seat: int) -> None:
        """The computer player's move at ``seat``, after the undo window if a person may take
        his own move back, and only if nothing changed meanwhile."""
        player = table.computer(seat)
        if player is None:
            return
        version = table.version
        wait = 0.0 if table.driving else STANDBY_SECONDS
        if any(table.undo_refusal(s) is None for s, kind in enumerate(table.kinds) if kind == "invite"):
            wait += table.undo_seconds
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        # Waited out in short steps: a table that moves on meanwhile (the person took the move
        # back, or this process made a change and drives the table now) is met at once, not after
        # the whole standby.
        while table.version == version and loop.time() < deadline:
            await asyncio.sleep(min(STEP_SECONDS, deadline - loop.time()))
        if table.version != version:
            return
        action = await loop.run_in_executor(
            self.pool, player.choose, table.match.view(seat), table.rngs[seat]
        )
        if table.computer(seat) is None:
            log.info(
                "table %s: seat %d was handed back to a person while its computer thought", table.id, seat
            )
            return
        paced = pace.remaining(table, action)
        if paced:
            await asyncio.sleep(paced)
        try:
            await table.act(self.store, seat, str(action), version, person=False)
        except Refusal as refusal:
            log.info("table %s: computer at seat %d not taken: %s", table.id, seat, refusal)

    def _start_clock(self, table: LiveTable, seat: int) -> None:
        if table.move_seconds is None or table.match.over:
            return
        if table.clock is not None and table.clock[0] == table.version and not table.clock[1].done():
            return
        if table.clock is not None:
            table.clock[1].cancel()
        seconds = table.move_seconds + (0.0 if table.driving else STANDBY_SECONDS)
        task = asyncio.get_running_loop().create_task(self._time_out(table, seat, table.version, seconds))
        table.clock = (table.version, task)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _time_out(self, table: LiveTable, seat: int, version: int, seconds: float) -> None:
        """When the time limit passes with ``seat`` still to act, a computer player makes that move
        (``seconds``: the limit, and the standby if another process drives the table)."""
        await asyncio.sleep(seconds)
        if table.version != version or table.match.to_act() != seat or table.computer(seat) is not None:
            return  # moved in time, or the seat is a computer player's now
        try:
            stand_in = make_player(STAND_IN if STAND_IN in player_kinds(table.game) else "random", table.game)
            view = table.match.view(seat)
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(self.pool, stand_in.choose, view, table.rngs[seat])
            await table.act(self.store, seat, str(action), version, stand_in=True)
            log.info("table %s: seat %d ran out of time; a computer player moved for it", table.id, seat)
        except Refusal:  # the person moved at the last moment
            return
        except Exception:
            log.exception("table %s: the stand-in at seat %d failed", table.id, seat)
            return
        self.wake(table)

    def idle(self, table: LiveTable) -> bool:
        """Whether ``table`` is to be archived: unchanged for ``archive_days``, nobody watching,
        no computer player thinking and no time limit running."""
        return (
            self.archive_days is not None
            and time.monotonic() - table.changed_at >= self.archive_days * 86_400
            and not table.connections
            and not table.thinking
            and not table.lock.locked()
            and (table.following is None or table.following.done())
            and (table.clock is None or table.clock[1].done())
        )

    async def _archive(self) -> None:
        """Forget, now and then, the tables left idle: they are in the database and load again when
        asked for; a long-running server's memory stays that of the tables in play."""
        assert self.archive_days is not None
        every = min(3_600.0, self.archive_days * 86_400 / 4)
        while True:
            await asyncio.sleep(every)
            for table_id, table in list(self.live.items()):
                if self.idle(table):
                    del self.live[table_id]

    def resume_all(self) -> int:
        """Load every unfinished table changed within ``archive_days`` (the others are loaded when
        asked for) and set its computer players going; how many there were. From then on, a table
        left idle that long is forgotten from memory too."""
        if self.archive_days is not None:
            task = asyncio.get_running_loop().create_task(self._archive())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        ids = self.store.unfinished(None if self.archive_days is None else self.archive_days * 86_400)
        for table_id in ids:
            table = self.get(table_id)
            if table is not None:
                self.wake(table)
        for table_id in self.store.unsettled():  # finished while the last process stopped: counted now
            table = self.get(table_id)
            if table is not None:
                task = asyncio.get_running_loop().create_task(table.settle(self.store))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        return len(ids)

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.hinting.shutdown(wait=False, cancel_futures=True)
