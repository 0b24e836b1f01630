"""The interactive table: one human seat, computer players in the others, all through a Match.

The human only ever sees their seat's view; computer moves are printed from the events that
view contains, so the terminal shows exactly what a player at the table would see. Whatever
is typed, a refusal is one clear line and the prompt comes back: never a traceback.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tarocchi.bots import Player, player_rng
from tarocchi.bots.players import make_player, player_kinds
from tarocchi.bots.search import SearchPlayer
from tarocchi.cli.common import say
from tarocchi.cli.players import make_opponent
from tarocchi.cli.render import (
    Seating,
    cards_text,
    event_text,
    hand_lines,
    in_hand_order,
    legal_text,
    result_table,
    score_sheet,
    status_lines,
    totals_table,
    trick_text,
    winners_text,
)
from tarocchi.core.actions import Action, Discard
from tarocchi.core.errors import NotationError, TarocchiError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.record import save

COMMANDS = (
    ("help", "this list"),
    ("hand", "show your hand again"),
    ("legal", "every legal move now"),
    ("last", "the last completed trick: who played what and who won"),
    ("score", "the score sheet so far"),
    ("hint", "what the hard (search) player would do here, and why"),
    ("auto", "let the computer choose this move for you"),
    ("quit", "stop, saving the game so far"),
)
EXIT_INTERRUPTED = 130


class _Stop(Exception):
    """The human left the table: ``quit``, end of input, or Ctrl-C."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
    ) -> None:
        self.console = console
        self.game = game
        self.match = match
        self.seat = seat
        self.record_path = record_path
        self.seating = Seating(game, seat)
        self.opponents: dict[int, Player] = {
            s: make_opponent(game, s, (levels or {}).get(s)) for s in range(game.players) if s != seat
        }
        self.helper = make_opponent(game, seat, max((levels or {}).values(), key=_strength, default=None))
        self.rngs = [player_rng(seed, s) for s in range(game.players)]
        self.hint_rng = random.Random(f"tarocchi/{seed}/hints")
        self.interactive = sys.stdin.isatty()
        self.shown_hand = 0
        self.shown_events = 0
        self.phases: set[str] = set()

    # -- the course of the game ---------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the human leaves) and save the record; the exit code."""
        try:
            self._play()
        except _Stop as stop:
            return self._leave(stop.reason)
        except KeyboardInterrupt:
            self.console.print()
            return self._leave("interrupted")
        return self._finish()

    def _play(self) -> None:
        match = self.match
        while True:
            self._announce_hand()
            seat = match.to_act()
            if seat is None:
                self._show_events()
                self._show_result()
                if match.over:
                    return
                self._pause()
                match.next_hand()
                continue
            if seat == self.seat:
                self._human_turn()
            else:
                action = self.opponents[seat].choose(match.view(seat), self.rngs[seat])
                match.submit(seat, action)
            self._show_events()

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
        self._show_events()

    def _show_events(self) -> None:
        """Print what the human's view says happened since last time, and a phase's start."""
        view = self.match.view(self.seat)
        deck = self.game.deck
        for event in view.events[self.shown_events :]:
            self.console.print(event_text(self.seating, deck, event, view), soft_wrap=True)
        self.shown_events = len(view.events)
        if view.phase not in self.phases and view.phase != "done":
            say(self.console, f"— {view.phase} —", "dim")
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
        answer = self._read("Press Enter for the next hand (or type quit) ")
        if answer.strip().lower() == "quit":
            raise _Stop("quit")

    def _finish(self) -> int:
        self.console.print(Rule(Text("Game over", style="bold")))
        self.console.print(totals_table(self.seating, self.match, last_hand=False))
        self.console.print(winners_text(self.seating, self.match))
        return self._save("Record saved to", 0)

    def _leave(self, reason: str) -> int:
        hands = len(self.match.hands)
        words = {"quit": "You left the table", "eof": "End of input", "interrupted": "Interrupted"}
        say(self.console, f"{words.get(reason, reason)} during hand {hands}.")
        code = EXIT_INTERRUPTED if reason == "interrupted" else 0
        return self._save("Partial record (complete: false) saved to", code)

    def _save(self, saying: str, code: int) -> int:
        try:
            path = save(self.match.record(), self.record_path)
        except OSError as exc:
            say(self.console, f"could not save the record to {self.record_path}: {exc}", "bold red")
            return 1
        say(self.console, f"{saying} {path}")
        return code

    # -- the human's turn ---------------------------------------------------------------
    def _human_turn(self) -> None:
        view = self.match.view(self.seat)
        for line in status_lines(self.game, self.seating, view):
            self.console.print(line, soft_wrap=True)
        state_id = self.match.state_id
        while self.match.state_id == state_id:
            self._handle(self._read(f"{self.game.seat_name(self.seat)}> "))

    def _read(self, prompt: str) -> str:
        try:
            line = self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            raise _Stop("eof") from None
        if not self.interactive:
            self.console.print(Text(line), soft_wrap=True)  # echo, so that a log reads naturally
        return line

    def _handle(self, line: str) -> None:
        text = line.strip()
        if not text:
            say(self.console, "Type a card or an action (legal moves are listed above), or help.", "yellow")
            return
        command = text.lower()
        if command == "quit":
            raise _Stop("quit")
        handler = {
            "help": self._help,
            "hand": self._hand,
            "last": self._last,
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
            say(self.console, f"{exc} (help lists the commands)", "yellow")
            return
        if len(actions) > 1 and not all(isinstance(a, Discard) for a in actions):
            say(self.console, "Only discards may be typed several at a time; play one card.", "yellow")
            return
        self._submit_all(actions)

    def _parse(self, text: str) -> list[Action]:
        """One action, or several discards (``discard 2E 3E`` or, while discarding, ``2E 3E``)."""
        words = text.split()
        state = self.match.state
        parse = self.game.parse_action
        if len(words) > 2 and words[0].lower() in ("discard", "d"):
            return [parse(f"discard {word}", state) for word in words[1:]]
        if len(words) > 1 and _is_card(self.game, words[0]):
            return [parse(word, state) for word in words]
        return [parse(text, state)]

    def _submit_all(self, actions: list[Action]) -> None:
        """Apply in order; stop at the first refused one, saying why and what was applied."""
        for done, action in enumerate(actions):
            if self.match.to_act() != self.seat:
                left = " ".join(str(a) for a in actions[done:])
                say(self.console, f"Not applied: {left} (it is no longer your turn).", "yellow")
                return
            try:
                self.match.submit(self.seat, action)
            except TarocchiError as exc:
                prefix = f"{action}: " if len(actions) > 1 else ""
                unapplied = " ".join(str(a) for a in actions[done + 1 :])
                tail = f" Stopped there; not applied: {unapplied}." if unapplied else ""
                say(self.console, f"{prefix}{exc}.{tail}" if tail else f"{prefix}{exc}", "yellow")
                return
            if len(actions) > 1:
                self._show_events()

    # -- prompt commands ----------------------------------------------------------------
    def _help(self) -> None:
        say(self.console, "Type a move in notation, or a command:", "bold")
        for name, what in COMMANDS:
            say(self.console, f"  {name:<6} {what}")
        say(
            self.console,
            f"  Several discards may go on one line: discard C1 C2 ... . {self.game.deck.notation_help}",
        )
        self._legal()

    def _legal(self) -> None:
        line = Text("Legal now: ")
        line.append_text(legal_text(self.game.deck, self.match.view(self.seat), every=True))
        self.console.print(line, soft_wrap=True)

    def _hand(self) -> None:
        view = self.match.view(self.seat)
        for line in hand_lines(self.game.deck, view.hand):
            self.console.print(line, soft_wrap=True)
        for label, cards in view.known:
            text = Text(f"{label[:1].upper()}{label[1:]}: ")
            text.append_text(cards_text(self.game.deck, in_hand_order(self.game.deck, cards)))
            self.console.print(text, soft_wrap=True)

    def _last(self) -> None:
        view = self.match.view(self.seat)
        if not view.tricks:
            say(self.console, "No trick has been completed in this hand yet.")
            return
        trick = trick_text(self.seating, self.game.deck, view.tricks[-1], len(view.tricks))
        self.console.print(trick, soft_wrap=True)

    def _score(self) -> None:
        self.console.print(score_sheet(self.seating, self.match))

    def _hint(self) -> None:
        """One line: the search player's choice, its mean result over sampled worlds, the runner-up."""
        if "search" not in player_kinds(self.game):
            say(self.console, f"No hints for {self.game.info.id} yet: it has no search player.", "yellow")
            return
        view = self.match.view(self.seat)
        if len(view.legal_actions) == 1:
            say(self.console, f"hint: {view.legal_actions[0]} (your only legal move)", "cyan")
            return
        searcher = make_player("search", self.game)
        assert isinstance(searcher, SearchPlayer)
        if searcher.delegates(view):
            choice = searcher.choose(view, self.hint_rng)
            say(
                self.console,
                f"hint: {choice} (in this phase the hard player follows its rules of thumb)",
                "cyan",
            )
            return
        ranked = searcher.evaluate(view, self.hint_rng)
        (best, score, worlds), rest = ranked[0], ranked[1:]
        runner = f"; next best {rest[0][0]} {rest[0][1]:+.1f}" if rest else ""
        say(
            self.console,
            f"hint: {best}: it averages {score:+.1f} game points for you over {worlds} deals of the "
            f"unseen cards consistent with what you know{runner}",
            "cyan",
        )

    def _auto(self) -> None:
        action = self.helper.choose(self.match.view(self.seat), self.rngs[self.seat])
        say(self.console, f"auto: {action}", "dim")
        self.match.submit(self.seat, action)


def _strength(level: str) -> int:
    """Order of the levels, so that ``auto`` plays at the strongest level at the table."""
    return ("easy", "medium", "hard").index(level) if level in ("easy", "medium", "hard") else -1


def _is_card(game: Game[Any], word: str) -> bool:
    try:
        game.deck.card(word)
    except NotationError:
        return False
    return True
