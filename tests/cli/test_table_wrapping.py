"""At a terminal every line wraps between words at its width: help, hints, refusals, ``why``,
trick lists, score sheets; a file path is never cut but stands whole on a line of its own.

The same scripted session is played at 1000 columns and at 80 and 60: the words of the narrow
screens must be those of the wide one, in the same order (a word cut in two would be two
words), and no line may pass the width unless it is a path alone. The deal is in notation
(conftest); the hints are the hard player's whole search, which is the same for the same seed."""

from __future__ import annotations

import io
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from rich.console import Console

from tarocchi.bots.hint import Hint
from tarocchi.cli import play
from tarocchi.cli.play import TableSession
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game

SCRIPT = [
    "help",
    "hint",
    "discard KE",  # a King may not be discarded: a refusal
    "why",
    "discard 2E 3E 4E 5E",
    "T21",  # South must follow the suit led
    "why",
    "legal",
    "hint",
    *["auto"] * 8,
    "tricks",
    "last",
    "score",
    "hand",
]
BOXES = set("│┃┏┗┡└━─┳┻╇┩┓┛┐┘┌┬┴┼")


def screen(deal: Deal, record: Path, width: int) -> str:
    """The session's screen at a terminal ``width`` columns wide."""
    game = get_game("piedmont")
    match = Match(game, first_dealer=0, deals=[deal] * 4, players=["human", "a", "b", "c"])
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=True, highlight=False)
    stdin = io.StringIO("".join(f"{line}\n" for line in SCRIPT))
    with mock.patch.object(sys, "stdin", stdin):
        session = TableSession(console, game, match, 0, 1, record, {1: "medium", 2: "medium", 3: "medium"})
        session.run()
    return out.getvalue()


@pytest.fixture
def hints_once(full_hints: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hint searched once for the three screens: the same position, seat and random numbers
    (its random generator's state before) give the same hint, and leave the generator in the same
    state after, whatever the width. The narrow screens get the wide one's, generator and all."""
    searched: dict[tuple[bytes, int, object], tuple[Hint, object]] = {}
    search: Callable[..., Hint] = vars(play)["hint"]  # the whole search, as full_hints set it

    def hint(game: Any, state: Any, seat: int, rng: random.Random) -> Hint:
        key = (pickle.dumps(state), seat, rng.getstate())
        if key not in searched:
            found = search(game, state, seat, rng)
            searched[key] = (found, rng.getstate())
        found, after = searched[key]
        rng.setstate(after)  # type: ignore[arg-type]
        return found

    monkeypatch.setattr(play, "hint", hint)


def words(text: str, tables: bool) -> list[str]:
    """The words of the lines that are (``tables``) or are not drawn in boxes."""
    return [
        word
        for line in text.splitlines()
        if (tables == bool(BOXES & set(line)))
        for word in line.split()
        if not set(word) <= BOXES
    ]


def test_no_word_is_cut_at_80_or_60_columns(tmp_path: Path, deal: Deal, hints_once: None) -> None:
    """One wide screen, the reference of both narrow ones (the same session whatever the width)."""
    record = tmp_path / ("a-folder-with-a-long-name-" * 3) / "the-record-of-this-game.json"
    wide = screen(deal, record, 1000)
    assert "hint: discard" in wide and "Ruling P2" in wide and "you must follow suit" in wide
    assert "Trick 2:" in wide and "Score sheet" in wide and "Type a move in notation" in wide
    for width in (80, 60):
        narrow = screen(deal, record, width)
        assert words(narrow, tables=False) == words(wide, tables=False), width
        assert set(words(narrow, tables=True)) <= set(words(wide, tables=True)), width
        for line in narrow.splitlines():
            assert len(line) <= width or line.strip().endswith(".json"), (width, line)
        assert f"\n{record}\n" in narrow, width  # the path whole, on its own line
