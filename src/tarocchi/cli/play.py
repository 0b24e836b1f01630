"""The interactive table: one human seat, computer players in the others, all through a Match.

The human only ever sees their seat's view; computer moves are printed from the events that
view contains, so the terminal shows exactly what a player at the table would see. Whatever
is typed, a refusal is one clear line and the prompt comes back: never a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import random
import re
import secrets
import shlex
import sys
from collections.abc import Sequence
from enum import IntEnum
from pathlib import Path
from typing import IO, Any, TextIO, cast

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tarocchi.bots import Player, player_rng, players_turn
from tarocchi.bots.hint import Hint, hint, listed
from tarocchi.cli import editing
from tarocchi.cli.common import say, say_path
from tarocchi.cli.players import level_of, make_opponent
from tarocchi.cli.render import (
    Seating,
    cards_text,
    events_lines,
    hand_lines,
    legal_text,
    line_of,
    result_table,
    score_sheet,
    status_lines,
    totals_table,
    trick_text,
    winners_text,
)
from tarocchi.core.actions import Action, Discard, Play
from tarocchi.core.errors import NotationError, RecordError, TarocchiError
from tarocchi.core.match import Match, play_out
from tarocchi.core.protocol import Game
from tarocchi.core.record import load, path_text, resume, save
from tarocchi.core.rulings import for_players, ruling_ids
from tarocchi.core.text import bounded, shown
from tarocchi.core.views import PlayerView
from tarocchi.present.table import in_hand_order

COMMANDS = (
    ("help", "this list"),
    ("hand", "show your hand again"),
    ("legal", "the legal moves now (legal all: every one, however many)"),
    ("last", "the last completed trick: who played what and who won"),
    ("tricks", "every completed trick of this hand: who led, who played what, who won"),
    ("score", "the score sheet so far"),
    ("why", "the rule behind the last refusal, with its ruling id"),
    ("hint", "what the strongest computer player would do here, and why"),
    ("auto", "play the hint's move for you (a whole discard at once)"),
    ("undo", "take back your last action, before anyone else has acted"),
    ("autoplay", "autoplay on|off: play your only legal move for you (on by default)"),
    ("quit", "stop, saving the game so far"),
)
SENTENCE_END = re.compile(r"(?<!e\.g\.)(?<=[.)]) (?=[A-Z'])")
"""Where a game's help on typing its actions is cut into lines: one sentence each."""
EXIT_INTERRUPTED = 130
EXIT_ERROR = 1
LINE_LIMIT = 200
"""The longest line the table reads: a move or a command is a few words; a longer line is
refused in one line, and never held whole in memory when it comes from a pipe or a file."""
_DRAIN = 1 << 16
"""The chunk in which the rest of an overlong line is read and dropped."""


class _Stop(Exception):
    """The human left the table: ``quit``, end of input, or Ctrl-C."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _TooLong(Exception):
    """A line longer than LINE_LIMIT; ``start`` is its beginning, for the echo."""

    def __init__(self, start: str) -> None:
        super().__init__(start)
        self.start = start


class _LineReader:
    """Standard input that is no terminal (a pipe, a file), read one bounded line at a time.

    Only LINE_LIMIT characters of a line are kept: the rest of a longer one is read in chunks
    and dropped, so a 50 MB line costs no 50 MB. Bytes that are not text in the stream's
    encoding become U+FFFD instead of a UnicodeDecodeError. Input that is missing (``<&-``),
    closed or broken reads as its end.
    """

    def __init__(self, stream: IO[str] | None) -> None:
        self.stream = stream
        self.binary: IO[bytes] | None = getattr(stream, "buffer", None)
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            self.encoding = codecs.lookup(encoding).name
        except LookupError:
            self.encoding = "utf-8"

    def readline(self) -> str:
        """The next line, its newline included; '' at the end of input; _TooLong if too long."""
        try:
            if self.binary is not None:
                return self._binary_line(self.binary)
            if self.stream is not None:
                return self._text_line(self.stream)
        except (OSError, ValueError):  # closed or broken: as good as the end of input
            pass
        return ""

    def _binary_line(self, binary: IO[bytes]) -> str:
        raw = binary.readline(4 * LINE_LIMIT + 2)  # no encoding takes more than 4 bytes a character
        whole = raw.endswith(b"\n") or len(raw) < 4 * LINE_LIMIT + 2
        if not whole:
            while (rest := binary.readline(_DRAIN)) and not rest.endswith(b"\n"):
                pass
        line = raw.decode(self.encoding, "replace")
        return self._checked(line, whole)

    def _text_line(self, stream: IO[str]) -> str:
        line = stream.readline(LINE_LIMIT + 2)
        whole = line.endswith("\n") or len(line) < LINE_LIMIT + 2
        if not whole:
            while (rest := stream.readline(_DRAIN)) and not rest.endswith("\n"):
                pass
        return self._checked(line, whole)

    @staticmethod
    def _checked(line: str, whole: bool) -> str:
        if not whole or len(_chomp(line)) > LINE_LIMIT:
            raise _TooLong(line[:LINE_LIMIT])
        return line


def _chomp(line: str) -> str:
    """``line`` without its line ending."""
    return line.removesuffix("\n").removesuffix("\r")


def _is_terminal(stream: IO[str] | None) -> bool:
    """Whether ``stream`` is a terminal; False if it is missing (``<&-``) or closed."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


class TableSession:
    """One game at the terminal, the human at ``seat``."""

    def __init__(
        self,
        console: Console,
        game: Game[Any],
        match: Match,
        seat: int,
        seed: int,
        record_path: Path,
        levels: dict[int, str] | None = None,
        autoplay: bool = False,
        ask_before_leaving: bool = False,
    ) -> None:
        self.console = console
        self.game = game
        self.match = match
        self.seat = seat
        self.record_path = record_path
        self.seating = Seating(game, seat)
        self.levels = {s: level_of(game, (levels or {}).get(s)) for s in range(game.players) if s != seat}
        self.opponents: dict[int, Player] = {
            s: make_opponent(game, s, (levels or {}).get(s)) for s in range(game.players) if s != seat
        }
        self.rngs = [player_rng(seed, s) for s in range(game.players)]
        self.hint_rng = random.Random(f"tarocchi/{seed}/hints")
        self.interactive = _is_terminal(sys.stdin)
        self.reader = None if self.interactive else _LineReader(sys.stdin)
        if self.interactive:
            editing.enable(self.completions, editing.repeated_words(game))
        self.shown_hand = 0
        self.shown_events = 0
        self.phases: set[IntEnum] = set()
        # Both off unless asked for (``tarocchi play`` turns them on): a bare session plays
        # only what it is told, which is what scripted sessions expect.
        self.autoplay = autoplay
        self.ask_before_leaving = ask_before_leaving
        self.forced: set[tuple[int, int]] = set()  # (hand, action index) of the moves autoplayed
        self.saved = False
        self.keeping = True  # saving as the game goes (see _keep); off after a failure, said once
        self.last_refusal: str | None = None  # in full, with its ruling ids, for ``why``
        self.refused_notation = False  # the last refusal was of the typing, not of the rules
        self.suggested: tuple[int, Hint] | None = None  # (state id, hint): what auto plays there

    # -- the course of the game ---------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the human leaves) and save the record; the exit code.

        Whatever happens the game so far is saved: an unforeseen error is a bug, but it must
        not cost the player the game, nor show a traceback instead of one line.
        """
        try:
            self._play()
            return self._finish()
        except _Stop as stop:
            return self._leave(stop.reason)
        except KeyboardInterrupt:
            self.console.print()
            return self._leave("interrupted")
        except Exception as error:  # the last line of defence: see above
            return self._crash(error)

    def _play(self) -> None:
        """The game on from where it stands: the human's turns at the prompt, the others'
        from the computer players; each hand's result, then a pause before the next deal."""
        computers = players_turn(self.match, self.opponents, self.rngs)

        def turn(seat: int) -> None:
            if seat == self.seat:
                self._human_turn()
            else:
                computers(seat)
            if seat == self.seat or self.match.to_act() == self.seat:
                self._keep()  # a computer's action followed by another's: saved with the last
            self._show_events()

        self._announce_hand()
        play_out(self.match, turn, hand_over=self._hand_over, hand_dealt=self._announce_hand)

    def _hand_over(self) -> None:
        self._keep()
        self._show_events()
        self._show_result()
        if not self.match.over:
            self._pause()

    def _announce_hand(self) -> None:
        match = self.match
        if len(match.hands) == self.shown_hand:
            return
        self.shown_hand = len(match.hands)
        self.shown_events = 0
        self.phases = set()
        title = (
            f"Hand {match.hand.number} of {self.game.hands_per_game()} · "
            f"dealer {self.seating.label(match.hand.dealer)}"
        )
        self.console.print(Rule(Text(title, style="bold")))
        self._keep()
        self._show_events()

    def _show_events(self) -> None:
        """Print what the human's view says happened since last time, and a phase's start."""
        view = self.match.view(self.seat)
        for line in events_lines(self.seating, self.game.deck, view, self.shown_events):
            self.console.print(line, soft_wrap=True)
        self.shown_events = len(view.events)
        if view.phase not in self.phases and view.to_act is not None:  # a new phase, not the end
            say(self.console, f"— {view.phase_name} —", "dim")
            self.phases.add(view.phase)

    def _show_result(self) -> None:
        hand = self.match.hand
        if hand.result is None:
            return
        self.console.print(result_table(self.seating, hand.result, hand.number))
        self.console.print(totals_table(self.seating, self.match))

    def _pause(self) -> None:
        if not self.interactive:
            return
        # quit or Ctrl-D here asks first, as during a hand; no (or Enter) deals the next hand.
        answer = self._read("Press Enter for the next hand (or type quit) ")
        if answer.strip().lower() == "quit" and self._confirm_leave():
            raise _Stop("quit")

    def _finish(self) -> int:
        self.console.print(Rule(Text("Game over", style="bold")))
        self.console.print(totals_table(self.seating, self.match, last_hand=False))
        self.console.print(winners_text(self.seating, self.match))
        return self._save("Record saved to", 0)

    def _keep(self) -> None:
        """Save the record as it stands, after every deal, every action of the human's and the
        last of the computer players' before the human's turn, so that a closed window, a killed
        process or a power cut loses at most the action being typed (and computer actions since
        the human's, which the computer players make again on resuming). Each save writes the
        whole record: one per computer action too would double a game's writes. A failure is
        said once and the game goes on (leaving tries again and says where it stands)."""
        if not self.keeping:
            return
        try:
            save(self.match.record(), self.record_path)
        except Exception as exc:  # a full disk, a folder taken away: the game goes on
            self.keeping = False
            self._cannot_save(exc)
            say(self.console, "The game goes on; it is saved again when you leave or it ends.", "dim")

    def _cannot_save(self, error: Exception) -> None:
        where = path_text(self.record_path)
        say_path(self.console, "could not save the record to", where, bounded(f": {error}"), "bold red")

    def _leave(self, reason: str) -> int:
        hand = self.match.hand
        words = {"quit": "You left the table", "eof": "End of input", "interrupted": "Interrupted"}
        when = "after" if hand.result is not None else "during"  # between hands: this one is scored
        say(self.console, f"{words.get(reason, reason)} {when} hand {hand.number}.")
        code = EXIT_INTERRUPTED if reason == "interrupted" else 0
        code = self._save("Partial record (complete: false) saved to", code)
        if self.saved:
            say_path(self.console, "Resume it with:", self.resume_command(), style="bold")
        return code

    def resume_command(self) -> str:
        """The command that continues this game from its record (the path quoted for a shell)."""
        return f"tarocchi play --resume {shlex.quote(path_text(self.record_path))}"

    def _confirm_leave(self) -> bool:
        """Whether to leave: asked at a terminal (the answer is no unless it is y or yes; end of
        input at the question is yes); from a pipe or a file, yes at once."""
        if not (self.interactive and self.ask_before_leaving):
            return True
        say_path(self.console, "The game is saved and can be resumed with:", self.resume_command())
        return self._yes("Leave the table? [y/N] ")

    def _yes(self, question: str) -> bool:
        try:
            answer = self._input(Text(question, style="bold"))
        except _Stop:
            return True
        except _TooLong:
            return False
        return answer.strip().lower() in ("y", "yes")

    def _crash(self, error: Exception) -> int:
        """One line about an unforeseen error, then the partial record; a non-zero exit code.
        The terminal may be what failed (a closed pipe): the record is saved all the same."""
        about = f"{type(error).__name__}: {error}"
        with contextlib.suppress(Exception):
            self.console.print()
            say(
                self.console,
                bounded(f"Stopped by an unexpected error, a bug in tarocchi: please report it ({about})"),
                "bold red",
            )
        with contextlib.suppress(Exception):
            self._save("Partial record (complete: false) saved to", EXIT_ERROR)
        return EXIT_ERROR

    def _save(self, saying: str, code: int) -> int:
        try:
            path = save(self.match.record(), self.record_path)
        except Exception as exc:  # a full disk or a bug in the record: one line, no traceback
            self._cannot_save(exc)
            return EXIT_ERROR
        say_path(self.console, saying, path_text(path))
        self.saved = True
        return code

    # -- the human's turn ---------------------------------------------------------------
    def _human_turn(self) -> None:
        if self.autoplay and self._play_forced():
            return
        view = self.match.view(self.seat)
        for line in status_lines(self.game, self.seating, view):
            self.console.print(line, soft_wrap=True)
        state_id = self.match.state_id
        while self.match.state_id == state_id:
            self._handle(self._read(f"{self.game.seat_name(self.seat)}> "))

    def _read(self, prompt: str, confirm: bool = True) -> str:
        """The next line, at most LINE_LIMIT characters (a longer one is refused and the prompt
        comes back); _Stop at the end of input."""
        while True:
            try:
                line = self._input(Text(prompt, style="bold"))
            except _Stop:
                if not confirm or self._confirm_leave():
                    raise
                continue
            except _TooLong as long:
                self._echo(long.start + "…")
                self._refuse(f"A line may hold at most {LINE_LIMIT} characters; that one was longer.")
                continue
            except UnicodeDecodeError:  # only from a terminal: the reader replaces bad bytes
                self._refuse("That line is not text the terminal's encoding can read; type it again.")
                continue
            if len(line) > LINE_LIMIT:
                self._refuse(f"A line may hold at most {LINE_LIMIT} characters; that one has {len(line):,}.")
                continue
            return line

    def _input(self, prompt: Text) -> str:
        """One line from the terminal, or from the bounded reader (echoed, so a log reads naturally)."""
        try:
            if self.reader is None:
                return self.ask(prompt)
            line = self.console.input(prompt, stream=cast(TextIO, self.reader))
        except UnicodeDecodeError:
            raise
        except (EOFError, OSError, RuntimeError, ValueError):  # RuntimeError: input() lost sys.stdin
            line = ""
        if not line:
            self.console.print()
            raise _Stop("eof")
        line = _chomp(line)
        self._echo(line)
        return line

    def completions(self) -> list[str]:
        """The whole lines Tab completes from: the commands, then the legal moves now (each
        discard's card alone too, since ``2E 3E`` discards while discarding)."""
        lines = [name for name, _ in COMMANDS] + ["legal all", "autoplay on", "autoplay off"]
        if self.match.to_act() == self.seat:
            legal = self.match.view(self.seat).legal_actions
            lines += [str(action) for action in legal]
            lines += [action.card.code for action in legal if isinstance(action, Discard)]
        return lines

    def ask(self, prompt: Text) -> str:
        """One line typed at the terminal, edited by readline (``editing``) after ``prompt``."""
        return input(editing.prompt_text(self.console, prompt))

    def _echo(self, line: str) -> None:
        """Show a line read from a pipe or a file (a terminal shows it itself), escaped and cut."""
        if self.reader is not None:
            self.console.print(Text(shown(line, LINE_LIMIT)), soft_wrap=True)

    def _refuse(self, message: str) -> None:
        """A refusal: one line, in the player's words (no ruling ids: ``why`` shows them), control
        characters escaped, at most ~300 characters."""
        say(self.console, bounded(for_players(self.game.info.ruling_letter, message)), "yellow")

    def _handle(self, line: str) -> None:
        text = line.strip()
        if not text:
            self._refuse("Type a card or an action (legal moves are listed above), or help.")
            return
        command = text.lower()
        if command == "quit":
            if self._confirm_leave():
                raise _Stop("quit")
            return
        if command.split()[0] == "autoplay":
            self._autoplay(command.split()[1:])
            return
        if command.split() == ["legal", "all"]:
            self._legal(every=True)
            return
        handler = {
            "help": self._help,
            "hand": self._hand,
            "last": self._last,
            "tricks": self._tricks,
            "why": self._why,
            "undo": self._undo,
            "score": self._score,
            "auto": self._auto,
            "hint": self._hint,
            "legal": self._legal,
        }.get(command)
        if handler is not None:
            handler()
            return
        try:
            actions = self._parse(text)
        except NotationError as exc:
            self.last_refusal, self.refused_notation = str(exc), True
            self._refuse(f"{exc} (help lists the commands)")
            return
        if len(actions) > 1 and not (
            len({type(a) for a in actions}) == 1 and all(self.game.several(a) for a in actions)
        ):
            self._refuse_mixed()
            return
        if len(actions) == 1 and not self._confirm_risk(actions[0]):
            say(self.console, f"Not taken: {actions[0]}.")
            return
        self._submit_all(actions)

    def _refuse_mixed(self) -> None:
        """A line of several actions that are not cards laid down together, refused."""
        together = editing.several(self.game)
        kinds = "discards" if together is None else f"discards, {together.name}"
        self._refuse(f"Only cards laid down together ({kinds}) may be typed several at a time.")

    def _confirm_risk(self, action: Action) -> bool:
        """A legal action the game warns of (``Game.warning``: a bid beyond the pack's points, an
        Abundance given up): at a terminal asked first; from a pipe or a file, said and taken."""
        text = self.game.warning(self.match.view(self.seat), action)
        if not text or action not in self.match.view(self.seat).legal_actions:
            return True
        words = for_players(self.game.info.ruling_letter, text)
        say(self.console, f"{words[:1].upper()}{words[1:]}.", "yellow")
        return not self.interactive or self._yes(f"{action} all the same? [y/N] ")

    def _parse(self, text: str) -> list[Action]:
        """One action, or several laid down together (``discard 2E 3E`` or, while discarding,
        ``2E 3E``; ``Game.several``)."""
        words = text.split()
        view = self.match.view(self.seat)  # shorthand is read as this seat sees the table
        parse = self.game.parse_action
        if len(words) > 2 and self._several(f"{words[0]} {words[1]}", view):
            return [parse(f"{words[0]} {word}", view) for word in words[1:]]
        if len(words) > 1 and _is_card(self.game, words[0]):
            return [parse(word, view) for word in words]
        return [parse(text, view)]

    def _several(self, text: str, view: PlayerView) -> bool:
        """Whether ``text`` (a verb and one card) is an action the game takes several of in one
        line (``Game.several``: ``discard 2E 3E``, Taroux's ``show T3 T4 T5``)."""
        try:
            return self.game.several(self.game.parse_action(text, view))
        except NotationError:
            return False

    def _submit_all(self, actions: list[Action]) -> None:
        """Apply all, or none: several actions (a discard, an Abundance) are checked together
        by the Match first, and a refusal names the refused one and applies nothing."""
        try:
            self.match.submit_all(self.seat, actions)
        except TarocchiError as exc:
            # The ruling ids are for ``why``; the refusal says it in the player's terms.
            self.last_refusal, self.refused_notation = str(exc), isinstance(exc, NotationError)
            reason = str(exc)
            tail = f" Nothing applied ({listed(actions)})." if len(actions) > 1 else ""
            self._refuse(f"{reason}.{tail}" if tail else reason)

    def _why(self) -> None:
        """The last refusal in full, with the rulings behind it, and where to read them."""
        if self.last_refusal is None:
            say(self.console, "Nothing has been refused yet.")
            return
        say(self.console, self.last_refusal)
        if self.refused_notation:
            say(self.console, "How moves are typed: see docs/notation.md.", "dim")
            return
        rules = ", ".join(ruling_ids(self.game.info.ruling_letter, self.last_refusal))
        which = "Rulings" if "," in rules else "Ruling"
        page = f"docs/rules/{self.game.info.id}.md"
        where = f"see {page} (the rules of {self.game.info.name})"
        say(self.console, f"{which} {rules}: {where}." if rules else f"The rule: {where}.", "dim")

    def _help(self) -> None:
        """The commands in two columns, the second wrapped under itself; then how moves are typed."""
        say(self.console, "Type a move in notation, or a command:", "bold")
        commands = Table.grid(padding=(0, 1, 0, 0))
        commands.add_column(width=10, no_wrap=True)
        commands.add_column()
        for name, what in COMMANDS:
            commands.add_row(f"  {name}", what)
        self.console.print(commands)
        together = editing.several(self.game)
        notes = [
            "Several discards may go on one line, checked together: discard C1 C2 ...",
            *([together.help] if together is not None else []),
            self.game.deck.notation_help,
            *SENTENCE_END.split(self.game.action_help),
        ]
        for note in notes:
            if note.strip():
                say(self.console, note, indent=2)
        self._legal()

    def _legal(self, every: bool = False) -> None:
        """Every legal move; an auction's hundreds of bids in a few words unless ``every``."""
        view = self.match.view(self.seat)
        summary = None if every else self.game.legal_summary(view.legal_actions)
        line = line_of("Legal now: ")
        if summary is None:
            line.append_text(legal_text(self.game.deck, view, every=True, game=self.game))
        else:
            line.append(summary, style="bold")
            line.append("  (legal all lists each one)", style="dim")
        self.console.print(line, soft_wrap=True)

    def _hand(self) -> None:
        view = self.match.view(self.seat)
        for line in hand_lines(self.game.deck, view.hand, self.game, view):
            self.console.print(line, soft_wrap=True)
        for label, cards in view.known:
            text = line_of(f"{label[:1].upper()}{label[1:]}: ")
            text.append_text(
                cards_text(self.game.deck, in_hand_order(self.game.deck, cards, self.game, view))
            )
            self.console.print(text, soft_wrap=True)

    def _last(self) -> None:
        view = self.match.view(self.seat)
        if not view.tricks:
            say(self.console, "No trick has been completed in this hand yet.")
            return
        trick = trick_text(self.seating, self.game.deck, view.tricks[-1], len(view.tricks))
        self.console.print(trick, soft_wrap=True)

    def _tricks(self) -> None:
        """Every completed trick of the hand, from the human's view (never the true state)."""
        view = self.match.view(self.seat)
        done = [trick for trick in view.tricks if trick.winner is not None]
        if not done:
            say(self.console, "No trick has been completed in this hand yet.")
            return
        for number, trick in enumerate(done, 1):
            line = trick_text(self.seating, self.game.deck, trick, number)
            line.append("  (led by ")
            line.append_text(self.seating.text(trick.leader))
            line.append(")")
            self.console.print(line, soft_wrap=True)

    def _undo(self) -> None:
        """Take back the human's latest action (and the forced moves played for them after it)."""
        match = self.match
        taken: list[Action] = []
        while True:
            try:
                index = len(match.hand.actions) - 1
                taken.append(match.undo(self.seat))
            except TarocchiError as exc:
                if not taken:
                    message = str(exc)
                    self._refuse(message[:1].upper() + message[1:])
                    return
                break
            if (match.hand.number, index) not in self.forced:
                break
            self.forced.discard((match.hand.number, index))
        self.shown_events = len(match.view(self.seat).events)
        say(self.console, f"undone: {listed(taken[::-1])}", "dim")

    def _autoplay(self, words: list[str]) -> None:
        if words not in (["on"], ["off"]):
            state = "on" if self.autoplay else "off"
            self._refuse(f"autoplay on or autoplay off (it is {state})")
            return
        self.autoplay = words == ["on"]
        say(
            self.console,
            f"autoplay {words[0]}: your only legal move is "
            + ("played for you" if self.autoplay else "left to you"),
        )
        if self.autoplay and self.match.to_act() == self.seat:
            self._play_forced()  # one already waiting is played at once

    def _play_forced(self) -> bool:
        """Play the human's only legal move, if there is just one (autoplay); whether it did."""
        forced = self.match.forced_action(self.seat)
        if forced is None:
            return False
        what = "card" if isinstance(forced, Play) else "move"
        say(self.console, f"forced: {forced} (your only legal {what})", "dim")
        self.forced.add((self.match.hand.number, len(self.match.hand.actions)))
        self.match.submit(self.seat, forced)
        return True

    def _score(self) -> None:
        self.console.print(score_sheet(self.seating, self.match))

    def _suggestion(self) -> Hint | None:
        """The strongest computer player's choice here, and why: what ``hint`` says and ``auto`` plays. Asked
        once per state, so that ``auto`` after ``hint`` plays what the hint said; None (refused
        in one line) for a game without a search player."""
        state_id = self.match.state_id
        if self.suggested is None or self.suggested[0] != state_id:
            try:
                found = hint(self.game, self.match.state, self.seat, self.hint_rng)
            except ValueError as error:
                self._refuse(f"{str(error)[0].upper()}{str(error)[1:]}.")
                return None
            self.suggested = (state_id, found)
        return self.suggested[1]

    def _hint(self) -> None:
        """One line: the strongest player's choice, what it infers of the hidden hands, its mean result
        over sampled worlds, the runner-up."""
        found = self._suggestion()
        if found is not None:
            say(self.console, f"hint: {for_players(self.game.info.ruling_letter, found.text)}", "cyan")

    def _auto(self) -> None:
        """The hint's move played: a whole discard at once, as the hint names it."""
        found = self._suggestion()
        if found is not None:
            say(self.console, f"auto: {listed(list(found.actions), most=len(found.actions))}", "dim")
            self.match.submit_all(self.seat, list(found.actions))


def _is_card(game: Game[Any], word: str) -> bool:
    try:
        game.deck.card(word)
    except NotationError:
        return False
    return True


HUMAN = "human"
"""The name ``tarocchi play`` records for the human's seat; a computer's is ``<level> (<kind>)``."""


def table_seats(game: Game[Any], players: Sequence[str]) -> tuple[int, dict[int, str]]:
    """The human's seat and each computer seat's level, read from a record's ``players`` names
    as ``tarocchi play`` writes them (docs/records.md); ValueError saying why if they are not."""
    humans = [seat for seat, name in enumerate(players) if name == HUMAN]
    if len(humans) != 1:
        raise ValueError(
            f'no single seat is "{HUMAN}" in its players ({", ".join(shown(p) for p in players)}): '
            "--resume continues games saved by tarocchi play"
        )
    levels: dict[int, str] = {}
    for seat, name in enumerate(players):
        if seat != humans[0]:
            word = name.split(" ", 1)[0] if name else name
            try:
                levels[seat] = level_of(game, word)
            except ValueError:
                raise ValueError(
                    f'seat {seat} is "{shown(name)}", which names no computer level'
                    " (easy, medium, hard, learned, expert)"
                ) from None
    return humans[0], levels


def resume_table(
    console: Console, path: Path, record_path: Path | None, autoplay: bool = True
) -> TableSession:
    """The table that continues the game saved in ``path`` (saving to ``record_path``, by
    default the same file): same game, options, seat and levels. RecordError, one line naming
    the file, if it cannot be resumed."""
    where = path_text(path)
    data = load(path)
    try:
        match = resume(data)
        seat, levels = table_seats(match.game, match.players)
    except (RecordError, ValueError) as exc:
        raise RecordError(f"{where}: cannot resume: {exc}") from None
    seed = match.seed
    # Without a seed the computer players' choices come from a secret seed, as in a new game.
    players_seed = secrets.randbits(128) if seed is None else seed
    return TableSession(
        console, match.game, match, seat, players_seed, record_path or path, levels, autoplay, True
    )
