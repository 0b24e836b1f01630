"""A seat of a server table at the terminal: ``tarocchi play LINK`` or ``tarocchi play --server URL
--token TOKEN``. It speaks the server's websocket protocol (docs/protocol.md), so people at the
terminal and in the browser may sit at one table. The server sends this seat's view only; it is
read back into the engine's typed view and printed with the terminal's own rendering.

Whatever happens is one line: a token that opens no seat, a server that does not answer or
closes the connection, an action the server refuses (and the prompt comes back). Ctrl-C leaves
the table; the seat stays the person's, and the same command takes it again. A computer player
seated for the person while they were away holds the seat for them: on their return by the same
command the terminal says so and, at their Enter, takes the seat back (``reclaim``), as the
browser page's "Take back your seat" does.
"""

from __future__ import annotations

import contextlib
import json
import queue
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tarocchi.cli import editing
from tarocchi.cli.common import say
from tarocchi.cli.play import EXIT_ERROR, EXIT_INTERRUPTED, LINE_LIMIT, _is_terminal, _LineReader, _TooLong
from tarocchi.cli.render import (
    Seating,
    events_lines,
    hand_lines,
    legal_text,
    line_of,
    status_lines,
    trick_text,
)
from tarocchi.core.errors import NotationError, TarocchiError
from tarocchi.core.protocol import Game
from tarocchi.core.registry import get_game
from tarocchi.core.rulings import for_players
from tarocchi.core.text import bounded, shown
from tarocchi.core.views import PlayerView
from tarocchi.core.words import listed

CONNECT_SECONDS = 10.0
"""How long the server may take to answer the connection and the first state."""
WAIT_SECONDS = 0.5
"""How often the wait for the server's next message looks up (Ctrl-C is heard between)."""
COME_BACK = "Your seat stays yours; the same command takes it again."
TAKE_BACK = "Press Enter to take your seat back (or type quit) "
COMMANDS = (
    ("help", "this list"),
    ("hand", "show your hand again"),
    ("legal", "the legal moves now"),
    ("last", "the last completed trick"),
    ("tricks", "every completed trick of this hand"),
    ("score", "the score sheet so far"),
    ("hint", "what the hard player would do here (only alone with computer players)"),
    ("quit", "leave the table: your seat stays yours, the same command takes it again"),
)


class Leave(Exception):
    """The person left (quit, end of input, Ctrl-C) or the table ended them: the exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Seat:
    """Where to sit: the server's address, the table and the seat's secret token."""

    base: str
    table: str
    token: str

    @property
    def socket_url(self) -> str:
        parts = urllib.parse.urlsplit(self.base)
        scheme = "wss" if parts.scheme == "https" else "ws"
        return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}/ws/{urllib.parse.quote(self.table)}"


class SeatError(Exception):
    """Why a link, a server or a token gives no seat: one line for the person."""


def _base(url: str) -> str:
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise SeatError(f'"{shown(url)}" is no server address: give it as http://host:port')
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}".removesuffix("/table.html")


def from_link(link: str) -> Seat:
    """The seat a seat's link opens (``http://host:port/table.html?id=TABLE#TOKEN``)."""
    parts = urllib.parse.urlsplit(link.strip())
    table = urllib.parse.parse_qs(parts.query).get("id", [""])[0]
    if not table or not parts.fragment:
        raise SeatError(
            f"\"{shown(link, 120)}\" is no seat's link: a seat's link is http://host:port/table.html?id=TABLE#TOKEN"
        )
    return Seat(_base(f"{parts.scheme}://{parts.netloc}"), table, parts.fragment)


def _get(url: str) -> Any:
    """A JSON answer of the server's HTTP API; SeatError in one line when there is none."""
    try:
        with urllib.request.urlopen(url, timeout=CONNECT_SECONDS) as answer:
            return json.loads(answer.read(1 << 20))
    except urllib.error.HTTPError as error:
        try:
            detail = json.loads(error.read(4096)).get("detail")
        except (ValueError, AttributeError):
            detail = None
        raise SeatError(f"the server refused: {detail or error.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        raise SeatError(f"cannot reach the server at {url.split('/api/')[0]}: {reason}") from None


def from_token(server: str, token: str) -> Seat:
    """The unfinished table where ``token`` opens a seat on ``server`` (the lobby's list)."""
    base = _base(server)
    tables = _get(f"{base}/api/tables?{urllib.parse.urlencode({'token': token})}")
    seated = [t for t in tables if t.get("seat") is not None and not t.get("over")]
    if not seated:
        raise SeatError(
            "that token opens no seat at an unfinished table of this server (check the link's end)"
        )
    return Seat(base, seated[0]["id"], token)


class Connection:
    """The websocket, its messages read by a thread into a queue (None when it closes)."""

    def __init__(self, seat: Seat) -> None:
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        self.opened = contextlib.ExitStack()
        try:
            self.socket = self.opened.enter_context(
                connect(seat.socket_url, open_timeout=CONNECT_SECONDS, max_size=1 << 24)
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
            raise SeatError(f"cannot reach the server at {seat.base}: {error}") from None
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True, name="tarocchi-socket").start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                self.messages.put(json.loads(text))
        except Exception:  # closed, or a broken connection: the table is told once, below
            pass
        self.messages.put(None)

    def send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(Exception):  # a closed connection: the reader says so
            self.socket.send(json.dumps(message))

    def next(self) -> dict[str, Any] | None:
        """The next message (None: the connection closed); Ctrl-C is heard while waiting."""
        while True:
            try:
                return self.messages.get(timeout=WAIT_SECONDS)
            except queue.Empty:
                continue

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.opened.close()


class RemoteTable:
    """The terminal at a seat of a server table, until the game ends or the person leaves."""

    def __init__(self, console: Console, seat: Seat, autoplay: bool = True) -> None:
        self.console = console
        self.seat_link = seat
        self.autoplay = autoplay
        self.connection: Connection | None = None
        self.game: Game[Any] | None = None
        self.me = 0
        self.seating: Seating | None = None
        self.state: dict[str, Any] = {}
        self.view: PlayerView | None = None
        self.shown_hand = 0
        self.shown_events = 0
        self.shown_sheet = 0
        self.prompted: int | None = None
        self.later: list[dict[str, Any]] = []
        """Messages read while waiting for another (a hint's answer), taken next."""
        self.interactive = _is_terminal(sys.stdin)
        self.reader = None if self.interactive else _LineReader(sys.stdin)

    # -- the course of the table ----------------------------------------------------------
    def run(self) -> int:
        """Sit, play, and leave; the exit code (0 at the game's end or on quit)."""
        try:
            public = _get(f"{self.seat_link.base}/api/tables/{urllib.parse.quote(self.seat_link.table)}")
            self.game = get_game(public["game"], public["options"])
            self.connection = Connection(self.seat_link)
            if self.interactive:
                editing.enable(self.completions, editing.repeated_words(self.game))
            self._sit()
            while True:
                self._take(self._next())
        except SeatError as error:
            say(self.console, bounded(str(error)), "bold red")
            return EXIT_ERROR
        except TarocchiError as error:
            say(self.console, bounded(f"this table's game cannot be played here: {error}"), "bold red")
            return EXIT_ERROR
        except Leave as leave:
            return leave.code
        except KeyboardInterrupt:
            self.console.print()
            say(self.console, f"Interrupted: you left the table. {COME_BACK}")
            return EXIT_INTERRUPTED
        finally:
            if self.connection is not None:
                self.connection.close()

    def _sit(self) -> None:
        """Say hello with the seat's token and read the server's answers to it, which end at the
        ``pong`` of a ``ping`` sent after it (the server answers one connection's messages in
        order). A seat the token opens is played; one a computer player holds for this person
        (``you`` names it) is offered back; a token that opens nothing ends here in one line."""
        assert self.connection is not None
        self.connection.send({"type": "hello", "token": self.seat_link.token})
        self.connection.send({"type": "ping"})
        answers: list[dict[str, Any]] = []
        while (message := self._next()).get("type") != "pong":
            answers.append(message)
        held = [m["reclaim"] for m in answers if m.get("type") == "you" and m.get("reclaim") is not None]
        states = [m for m in answers if m.get("type") == "state"]
        if held and states:
            self._take_back(held[0], states[-1])
        else:
            for message in answers:
                if message.get("type") == "error" and message.get("code") in ("token", "table"):
                    self._error(message)  # no seat here: the terminal does not watch
            self.later = answers
        self.connection.send({"type": "pace", "pace": "normal"})

    def _take_back(self, seat: int, watched: dict[str, Any]) -> None:
        """A computer player holds this person's seat: said, and at their word taken back; the
        answers until the seat is theirs again are read here (a spectator's states)."""
        assert self.game is not None and self.connection is not None
        table = watched["table"]
        place = self.game.seat_name(seat)
        if table["over"]:
            seating = Seating(self.game, seat)
            winners = listed([seating.label(s) for s in table["winners"]])
            say(
                self.console,
                f"The game ended while a computer player held your seat ({place}): {winners} "
                f"{'win' if len(table['winners']) > 1 else 'wins'}.",
                "bold",
            )
            raise Leave(0)
        say(
            self.console,
            f"A computer player ({table['seats'][seat]['kind']}) took your seat, {place}, while you were "
            "away: it is yours to take back.",
            "bold",
        )
        while (word := self._read(TAKE_BACK).strip().lower()) not in ("", "quit"):
            self._refuse(f'"{shown(word, 40)}": press Enter to take your seat back, or type quit')
        if word == "quit":
            say(self.console, f"You left the table. {COME_BACK}")
            raise Leave(0)
        self.connection.send({"type": "reclaim"})
        while True:
            message = self._next()
            if message.get("type") == "error" and message.get("code") == "reclaim":
                raise SeatError(f"your seat could not be taken back: {message.get('message', '')}")
            if message.get("type") == "state" and message["table"]["seat"] is not None:
                say(self.console, "You took your seat back from the computer player.", "bold")
                self.later.append(message)
                return

    def _next(self) -> dict[str, Any]:
        if self.later:
            return self.later.pop(0)
        assert self.connection is not None
        message = self.connection.next()
        if message is None:
            raise SeatError(
                "the server closed the connection (stopped, or restarted): the same command sits you again"
            )
        return message

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "error":
            self._error(message)
        elif kind == "state":
            self._state(message)
        elif kind == "seats" and self.state.get("version") == message.get("version"):
            self.state["table"] |= {"seats": message["seats"], "hints": message["hints"]}

    def _error(self, message: dict[str, Any]) -> None:
        code, words = message.get("code"), str(message.get("message", ""))
        if code in ("token", "table"):  # no seat here: the terminal does not watch
            raise SeatError(f"that link opens no seat: {words}" if code == "token" else words)
        self._refuse(f"Refused: {words}")
        view = self.view
        told = self.later or (self.connection is not None and not self.connection.messages.empty())
        if told or code == "hint" or view is None or view.to_act != self.me or not view.legal_actions:
            return  # the table changed meanwhile (a move made for a person out of time): shown next
        self._turn(self.state["version"], view)  # the prompt comes back

    def _refuse(self, words: str) -> None:
        assert self.game is not None
        say(self.console, bounded(for_players(self.game.info.ruling_letter, words)), "yellow")

    def _state(self, message: dict[str, Any]) -> None:
        assert self.game is not None
        first = not self.state
        self.state = message
        table = message["table"]
        self.me = table["seat"]
        if self.me is None:  # given away while connected (at another of the server's processes)
            raise SeatError(
                "that link opens no seat at this table"
                if first
                else "your seat was given to someone else: the same command offers it back if a computer "
                "player holds it for you"
            )
        view = self.view = PlayerView.from_json(self.game, message["view"])
        if first:
            self.seating = Seating(self.game, self.me)
            say(
                self.console,
                f"{self.game.info.name} at {self.seat_link.base}: you are {self.game.seat_name(self.me)}. "
                "Type help for the commands.",
                "bold",
            )
        assert self.seating is not None
        if view.hand_number != self.shown_hand:
            self.shown_hand, self.shown_events = view.hand_number, 0
            title = f"Hand {view.hand_number} of {table['hands']} · dealer {self.seating.label(view.dealer)}"
            self.console.print(Rule(Text(title, style="bold")))
        for line in events_lines(self.seating, self.game.deck, view, self.shown_events):
            self.console.print(line, soft_wrap=True)
        self.shown_events = len(view.events)
        self._sheets(message["sheet"])
        if table["over"]:
            winners = listed([self.seating.label(s) for s in table["winners"]])
            say(
                self.console,
                f"Game over: {winners} {'win' if len(table['winners']) > 1 else 'wins'}.",
                "bold",
            )
            raise Leave(0)
        if table["waiting"] and self.me in table["waiting"]:
            self._read("Press Enter for the next hand (or type quit) ")
            self._send({"type": "next", "hand": view.hand_number})
            return
        if view.to_act == self.me and view.legal_actions and self.prompted != message["version"]:
            self._turn(message["version"], view)

    def _sheets(self, sheet: list[dict[str, Any]]) -> None:
        """Each hand's score sheet once, as the server words it, with the running totals."""
        assert self.game is not None
        for hand in sheet[self.shown_sheet :]:
            table = Table(title=f"Hand {hand['number']}", title_justify="left")
            table.add_column("")
            table.add_column("side")
            table.add_column("points", justify="right")
            for line in hand["lines"]:
                table.add_row(line["label"], line["side"], str(line["value"]))
            self.console.print(table)
            names = [self.game.seat_name(s) for s in range(self.game.players)]
            scores = ", ".join(f"{n} {s:+d}" for n, s in zip(names, hand["scores"], strict=True))
            totals = ", ".join(f"{n} {t}" for n, t in zip(names, hand["totals"], strict=True))
            say(self.console, f"This hand: {scores}. Totals: {totals}.")
        self.shown_sheet = len(sheet)

    # -- this seat's turn -----------------------------------------------------------------
    def _turn(self, version: int, view: PlayerView) -> None:
        assert self.game is not None and self.seating is not None
        self.prompted = version
        if self.autoplay and len(view.legal_actions) == 1:
            forced = view.legal_actions[0]
            say(self.console, f"forced: {forced} (your only legal move)", "dim")
            self._act([str(forced)], version)
            return
        for line in status_lines(self.game, self.seating, view):
            self.console.print(line, soft_wrap=True)
        while True:
            text = self._read(f"{self.game.seat_name(self.me)}> ").strip()
            if self._command(text.lower(), view):
                continue
            try:
                actions = self._parse(text, view)
            except NotationError as error:
                self._refuse(f"{error} (help lists the commands)")
                continue
            self._act(actions, version)
            return

    def _parse(self, text: str, view: PlayerView) -> list[str]:
        """One action, or several discards (``discard 2E 3E``), each in the notation."""
        assert self.game is not None
        if not text:
            raise NotationError("type a card or an action (legal lists them)")
        words = text.split()
        parse = self.game.parse_action
        if len(words) > 2 and words[0].lower() in ("discard", "d", "show", "abundance"):
            return [str(parse(f"{words[0]} {word}", view)) for word in words[1:]]
        return [str(parse(text, view))]

    def _act(self, actions: list[str], version: int) -> None:
        """Send each action on the table as it stands, the next once the server took the one before."""
        for i, action in enumerate(actions):
            self._send({"type": "act", "action": action, "version": version})
            if i + 1 == len(actions):
                return
            while True:  # the server's answer to this action, before the next is sent
                message = self._next()
                self._take_quietly(message)
                if message.get("type") == "error":
                    return
                if message.get("type") == "state" and message["version"] != version:
                    version = message["version"]
                    break

    def _take_quietly(self, message: dict[str, Any]) -> None:
        """A message in the middle of a discard: shown, without prompting again."""
        prompted, self.prompted = self.prompted, None
        if message.get("type") == "state":
            self.prompted = message["version"]
        self._take(message)
        if message.get("type") != "state":
            self.prompted = prompted

    def _send(self, message: dict[str, Any]) -> None:
        assert self.connection is not None
        self.connection.send(message)

    def _command(self, command: str, view: PlayerView) -> bool:
        """A table command (True), else False: the line is an action."""
        assert self.game is not None and self.seating is not None
        deck = self.game.deck
        if command == "quit":
            say(self.console, f"You left the table. {COME_BACK}")
            raise Leave(0)
        if command == "help":
            for name, what in COMMANDS:
                say(self.console, f"  {name:<8} {what}")
            say(self.console, self.game.deck.notation_help, indent=2)
        elif command == "hand":
            for line in hand_lines(deck, view.hand, self.game, view):
                self.console.print(line, soft_wrap=True)
        elif command == "legal":
            self.console.print(line_of("Legal now: ").append_text(legal_text(deck, view, game=self.game)))
        elif command in ("last", "tricks"):
            tricks = view.tricks[-1:] if command == "last" else view.tricks
            first = len(view.tricks) - len(tricks) + 1
            for number, trick in enumerate(tricks, first):
                self.console.print(trick_text(self.seating, deck, trick, number), soft_wrap=True)
            if not tricks:
                say(self.console, "No trick has been completed in this hand yet.")
        elif command == "score":
            self.shown_sheet = 0
            self._sheets(self.state["sheet"])
        elif command == "hint":
            self._send({"type": "hint"})
            while (answer := self._next()).get("type") not in ("hint", "error", "state"):
                self._take(answer)
            if answer["type"] == "state":  # the table changed meanwhile (out of time, say)
                self.later.append(answer)
            elif answer["type"] == "hint":
                say(self.console, f"hint: {answer['text']}", "cyan")
            else:
                self._refuse(str(answer.get("message", "")))
        else:
            return False
        return True

    # -- input ------------------------------------------------------------------------------
    def _read(self, prompt: str) -> str:
        """A line typed (or piped, echoed); Leave at the end of input."""
        while True:
            try:
                if self.reader is None:
                    line = input(editing.prompt_text(self.console, Text(prompt, style="bold")))
                else:
                    line = self.console.input(Text(prompt, style="bold"), stream=self.reader)  # type: ignore[arg-type]
            except _TooLong:
                self._refuse(f"A line may hold at most {LINE_LIMIT} characters; that one was longer.")
                continue
            except EOFError:
                line = ""
            if self.reader is not None:
                if not line:
                    self.console.print()
                    say(self.console, f"End of input: you left the table. {COME_BACK}")
                    raise Leave(0)
                line = line.removesuffix("\n").removesuffix("\r")
                self.console.print(Text(shown(line, LINE_LIMIT)), soft_wrap=True)
            if len(line) > LINE_LIMIT:
                self._refuse(f"A line may hold at most {LINE_LIMIT} characters.")
                continue
            return line

    def completions(self) -> list[str]:
        """Tab completes the commands and the legal moves now."""
        lines = [name for name, _ in COMMANDS]
        if self.view is not None and self.view.to_act == self.me:
            lines += [str(action) for action in self.view.legal_actions]
        return lines


def sit(console: Console, link: str | None, server: str | None, token: str | None, autoplay: bool) -> int:
    """``tarocchi play LINK`` or ``--server URL --token TOKEN``: the exit code (2 for a usage
    mistake, 1 for a seat that cannot be had, 130 after Ctrl-C)."""
    if (server is None) != (token is None) or (server is not None and link is not None):
        say(console, "give a seat's link, or --server URL with --token TOKEN (not both)", "bold red")
        return 2
    try:
        seat = from_link(link) if link is not None else from_token(server or "", token or "")
    except SeatError as error:
        say(console, bounded(str(error)), "bold red")
        return EXIT_ERROR
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return RemoteTable(console, seat, autoplay).run()
