"""At a terminal the prompt edits lines (arrow keys, history) and Tab completes
the legal moves and the commands; piped input is read as before.

The completion is tested on its own (``next_words``, the session's ``completions``), then once
for real: ``tarocchi play`` in a pseudo-terminal, keys typed as a person types them."""

from __future__ import annotations

import io
import os
from pathlib import Path

from ptyscreen import table as start_table
from rich.console import Console
from rich.text import Text

from tarocchi.cli.editing import Completer, next_words, prompt_text, repeated_words
from tarocchi.cli.play import TableSession
from tarocchi.core.actions import Discard
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game

LINES = ["pass", "discard 2E", "discard 3E", "discard KE", "82 S with 0", "82 S without 1", "90 H with 0"]


def test_the_next_word_is_completed_from_the_lines_that_could_be_typed() -> None:
    assert next_words(LINES, "", "d") == ["discard"]
    assert next_words(LINES, "", "") == ["pass", "discard", "82", "90"]
    assert next_words(LINES, "discard ", "") == ["2E", "3E", "KE"]
    assert next_words(LINES, "discard ", "k") == ["KE"]  # case does not matter
    assert next_words(LINES, "82 s ", "w") == ["with", "without"]
    assert next_words(LINES, "90 H with ", "") == ["0"]
    assert next_words(LINES, "pass ", "") == []  # nothing follows a whole line


def test_several_discards_complete_card_after_card_without_the_ones_typed() -> None:
    assert next_words(LINES, "discard 2E ", "") == ["3E", "KE"]
    assert next_words(LINES, "discard 2E 3E ", "") == ["KE"]


def test_a_game_adds_its_own_words_for_cards_laid_down_together(tmp_path: Path) -> None:
    """Taroux's manifest names its Abundance's words: after ``show`` Tab completes trump after
    trump, and help and the refusal of a mixed line say them; Piedmont's session says discards
    alone."""
    lines = ["show T3", "show T4", "show T5", "done"]
    assert repeated_words(get_game("piedmont")) == ("discard", "d")
    taroux = repeated_words(get_game("taroux"))
    assert taroux == ("discard", "d", "show", "abundance")
    assert next_words(lines, "show T3 ", "", taroux) == ["T4", "T5"]
    assert next_words(lines, "show T3 ", "") == []  # without Taroux's words a show is one card
    sessions = {}
    for game_id in ("piedmont", "taroux"):
        game = get_game(game_id)
        out = io.StringIO()
        session = TableSession(
            Console(file=out, width=200), game, Match(game), 0, 1, tmp_path / f"{game_id}.json"
        )
        session._help()
        session._refuse_mixed()
        sessions[game_id] = out.getvalue()
    assert "An Abundance's trumps too: show T1 T2 ..." in sessions["taroux"]
    assert "(discards, shown trumps) may be typed several at a time" in sessions["taroux"]
    assert "Abundance" not in sessions["piedmont"] and "(discards) may be typed" in sessions["piedmont"]


def test_the_completer_answers_readline_one_match_per_state() -> None:
    completer = Completer(lambda: LINES, lambda: ("discard ", 8))
    assert [completer.complete("", state) for state in range(4)] == ["2E", "3E", "KE", None]

    def broken() -> list[str]:
        raise RuntimeError("a bug")

    assert Completer(broken, lambda: ("", 0)).complete("", 0) is None  # never raises into readline


def test_the_prompt_tells_readline_which_characters_take_no_room() -> None:
    console = Console(force_terminal=True, color_system="standard")
    text = prompt_text(console, Text("South> ", style="bold"))
    assert "South> " in text
    visible = text.split("\x01")[0] + "".join(part.split("\x02", 1)[1] for part in text.split("\x01")[1:])
    assert visible == "South> "  # every colour code sits between \x01 and \x02


DEAL = """
0: KE 8E 7E 6E AE 9A 8A 9F 8F 10W 9W T21 T20 T19 T18 T17 T16 T15 FOOL
1: QE CE JE 10E 9E KA QA CA JA 10A KF QF CF JF 10F KW QW CW JW
2: 7A 6A 5A 4A 3A 2A AA 8W 7W 6W 5W T1 T2 T3 T4 T5 T6 T7 GOOD
3: 7F 6F 5F 4F 3F 2F AF 4W 3W 2W AW T8 T9 T10 T11 T12 T13 T14 EVIL
stock: 5E 4E 3E 2E
"""
"""Piedmont, South deals and so takes the stock's four cards and discards four (P2)."""


def test_the_session_completes_commands_and_the_legal_moves_now(tmp_path: Path) -> None:
    game = get_game("piedmont")
    match = Match(game, first_dealer=0, deals=[Deal.parse(game.deck, DEAL)] * 4)
    session = TableSession(Console(file=io.StringIO()), game, match, 0, 1, tmp_path / "r.json")
    lines = session.completions()
    assert {"help", "hand", "legal all", "undo", "quit"} <= set(lines)
    assert "discard 9A" in lines and "9A" in lines  # South is to discard: either way of typing it
    assert "discard KE" not in lines  # a King may not be discarded (P2): only legal moves complete
    match.submit_all(0, [Discard(game.deck.card(c)) for c in ("2E", "3E", "4E", "5E")])
    assert match.to_act() != 0
    assert not [line for line in session.completions() if "discard" in line]  # not South's turn


def test_at_a_real_terminal_tab_completes_and_the_up_arrow_recalls(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    table, screen = start_table(["play", "piedmont", "--seed", "5", "--record", str(record)], tmp_path)
    fd = screen.fd
    try:
        screen.until(b"> ")
        os.write(fd, b"hel\t\r")  # Tab makes hel help
        shown = screen.until(b"quit     stop")
        assert b"Type a move in notation, or a command" in shown
        screen.until(b"> ")
        os.write(fd, b"\x1b[A\r")  # the up arrow brings help back: no raw escape code
        shown = screen.until(b"quit     stop")
        assert b"^[[A" not in shown and b"is not a card" not in shown
        screen.until(b"> ")
        os.write(fd, b"quit\r")
        screen.until(b"[y/N]")
        os.write(fd, b"y\r")
        screen.until(b"Resume it with")
    finally:
        os.close(fd)
        if table.poll() is None:
            table.kill()
        table.wait(timeout=60)
    assert record.exists()
