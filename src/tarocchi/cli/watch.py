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

from tarocchi.bots import Player, player_rng, players_turn
from tarocchi.cli.render import (
    Seating,
    events_lines,
    line_of,
    result_table,
    running_lines,
    totals_table,
    winners_text,
)
from tarocchi.core.match import Match, play_out
from tarocchi.core.record import replayed

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

    def after_action(self) -> bool:
        """``show``, then whether to go on: False (after saying so) when the viewer stopped."""
        self.show()
        if self.stopped:
            self.console.print(line_of("Stopped.", "dim"))
        return not self.stopped

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
    rail = Rail(console, match, pause)
    move = players_turn(match, players, [player_rng(seed, seat) for seat in range(match.game.players)])

    def turn(seat: int) -> bool:
        move(seat)
        return rail.after_action()

    rail.start_hand()
    if play_out(match, turn, hand_over=rail.end_hand, hand_dealt=rail.start_hand):
        rail.end_game()


def show_record(console: Console, data: Any, pause: Pause) -> None:
    """Step through a record trick by trick as a spectator saw it. The record is checked first
    (``record.replayed``: RecordError, one line, if it is bad); an incomplete game stops where
    its record does."""
    recorded = replayed(data)
    if recorded is None:
        console.print(line_of("The record holds no hand: there is nothing to show.", "dim"))
        return
    hands = recorded.hands
    match = Match(
        recorded.game,
        first_dealer=recorded.first_dealer,
        players=recorded.players,
        deals=[hand.deal for hand in hands],
    )
    rail = Rail(console, match, pause)

    def turn(seat: int) -> bool:
        actions = hands[match.hand.number - 1].actions
        done = len(match.hand.actions)
        if done == len(actions):
            console.print(line_of(f"The record ends here, in hand {match.hand.number}.", "dim"))
            return False
        match.submit(*actions[done])
        return rail.after_action()

    def hand_over() -> bool:
        rail.end_hand()
        return match.over or len(match.hands) < len(hands)  # an unfinished game's may end here

    rail.start_hand()
    if play_out(match, turn, hand_over=hand_over, hand_dealt=rail.start_hand):
        rail.end_game()
