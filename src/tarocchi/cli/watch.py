"""Watching a game from the rail: ``tarocchi watch`` (computer players only) and ``tarocchi replay
--show`` (a recorded game, trick by trick). Both print the spectator's view, ``game.view(state,
None)``: what anyone at the table sees, never a hidden card."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tarocchi.bots import Player
from tarocchi.bots.base import player_rng
from tarocchi.cli.render import (
    Seating,
    events_lines,
    line_of,
    result_table,
    running_lines,
    totals_table,
    winners_text,
)
from tarocchi.core.actions import Action
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game
from tarocchi.core.record import replay
from tarocchi.core.registry import get_game

Pause = Callable[[], bool]
"""Waits between two tricks; False stops the showing (the viewer typed quit, or input ended)."""


def sleeper(seconds: float) -> Pause:
    """A pause of ``seconds`` between tricks (none for 0)."""

    def pause() -> bool:
        if seconds > 0:
            time.sleep(seconds)
        return True

    return pause


def enter_key(console: Console) -> Pause:
    """At a terminal, Enter for the next trick (``q`` or the end of input stops); piped, none."""
    if not sys.stdin.isatty():
        return sleeper(0)

    def pause() -> bool:
        try:
            answer = console.input("[dim]Enter for the next trick, q to stop [/dim]")
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() not in ("q", "quit")

    return pause


class Rail:
    """Prints a match as a spectator sees it: each hand's title, every public event, the running
    state after each trick, each hand's score sheet and totals, and the winners."""

    def __init__(self, console: Console, match: Match, pause: Pause) -> None:
        self.console = console
        self.match = match
        self.game = match.game
        self.seating = Seating(match.game, None)
        self.pause = pause
        self.shown_events = 0
        self.shown_tricks = 0
        self.stopped = False

    def start_hand(self) -> None:
        hand = self.match.hand
        title = (
            f"Hand {hand.number} of {self.game.hands_per_game()} · dealer {self.game.seat_name(hand.dealer)}"
        )
        self.console.print(Rule(Text(title, style="bold")))
        self.shown_events = self.shown_tricks = 0
        self.show()

    def show(self) -> None:
        """What happened since the last call; after a trick, the running state and a pause."""
        view = self.match.view(None)
        for line in events_lines(self.seating, self.game.deck, view, self.shown_events):
            self.console.print(line)
        self.shown_events = len(view.events)
        if len(view.tricks) > self.shown_tricks:
            self.shown_tricks = len(view.tricks)
            if self.match.to_act() is not None:
                for line in running_lines(self.seating, view, totals=False):
                    self.console.print(line)
                if not self.pause():
                    self.stopped = True

    def end_hand(self) -> None:
        hand = self.match.hand
        if hand.result is not None:
            self.console.print(result_table(self.seating, hand.result, hand.number))
            self.console.print(totals_table(self.seating, self.match))

    def end_game(self) -> None:
        self.console.print(Rule(Text("Game over", style="bold")))
        self.console.print(totals_table(self.seating, self.match, last_hand=False))
        self.console.print(winners_text(self.seating, self.match))


def watch_match(
    console: Console, match: Match, players: Sequence[Player], seed: int | None, pause: Pause
) -> None:
    """Play ``match`` to the end between ``players`` (one per seat), printing the spectator's view."""
    rngs = [player_rng(seed, seat) for seat in range(match.game.players)]
    rail = Rail(console, match, pause)
    rail.start_hand()
    while not rail.stopped:
        seat = match.to_act()
        if seat is None:
            rail.end_hand()
            if match.over:
                rail.end_game()
                return
            match.next_hand()
            rail.start_hand()
            continue
        match.submit(seat, players[seat].choose(match.view(seat), rngs[seat]))
        rail.show()
    console.print(line_of("Stopped.", "dim"))


def show_record(console: Console, data: Any, pause: Pause) -> None:
    """Step through a record trick by trick as a spectator saw it. The record is checked first
    (``record.replay``: RecordError, one line, if it is bad); an incomplete game stops where its
    record does."""
    summary = replay(data)
    game: Game[Any] = get_game(summary.game, dict(data["options"]))
    hands = data["hands"]
    deals = [Deal.from_json(game.deck, hand["deal"]) for hand in hands]
    match = Match(game, first_dealer=data["first_dealer"], players=data["players"], deals=deals)
    rail = Rail(console, match, pause)
    for number, hand in enumerate(hands):
        if number:
            match.next_hand()
        rail.start_hand()
        for seat, text in hand["actions"]:
            action: Action = game.parse_action(text)  # a record holds each action's full notation
            match.submit(seat, action)
            rail.show()
            if rail.stopped:
                console.print(line_of("Stopped.", "dim"))
                return
        if match.to_act() is None:
            rail.end_hand()
        else:
            console.print(line_of(f"The record ends here, in hand {match.hand.number}.", "dim"))
            return
    if match.over:
        rail.end_game()
