"""Output on a terminal that is not UTF-8, record names that never collide, and a
tournament progress bar that counts the deals it plays."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tarocchi.cli.app import default_record_path


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_terminal_without_utf8_gets_ascii_look_alikes(encoding: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    done = subprocess.run(
        [sys.executable, "-c", "from tarocchi.cli import main; main()", "games"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode(encoding)
    assert "piedmont - Tarocchi as played in Piedmont" in text  # the em dash became a hyphen
    assert "--option good_evil=...  trumps (default)" in text  # the ellipsis became three dots


def test_two_games_started_in_the_same_second_get_different_record_names() -> None:
    names = {default_record_path("piedmont") for _ in range(50)}
    assert len(names) == 50
    for name in names:
        assert re.fullmatch(r"piedmont-\d{8}-\d{6}-[0-9a-f]{8}\.json", name.name), name


def test_the_tournament_bar_counts_deals_played(invoke: Callable[..., Result]) -> None:
    """Two deals asked of a 5-hand Taroinche game play one whole game: 5 deals, each played in
    2 seatings, and the bar counts the 10 hands played (it said 5/2: it counted a game's deals
    against the number asked)."""
    result = invoke(
        "tournament", "taroinche", "--players", "easy,medium", "--deals", "2", "--option", "hands=5"
    )
    assert result.exit_code == 0, result.output
    assert "10/10" in result.output and "5/2" not in result.output
    assert "5 deals x 2 seatings" in result.output


@pytest.mark.parametrize("game", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_in_ascii_a_suits_mark_is_no_letter_a_card_code_holds(game: str, tmp_path: Path) -> None:
    """The hand's suit lines (``♣ Earth   KE 8E``) in ASCII: the mark must not read as a card
    letter (C was the Cavalier, D and S Sicilian suits)."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "COLUMNS": "100"}
    done = subprocess.run(
        [sys.executable, "-c", "from tarocchi.cli import main; main()", "play", game, "--seat", "0"],
        input=b"quit\n",
        capture_output=True,
        env=env,
        cwd=tmp_path,  # the record of the game left is written there, not in the checkout
        timeout=120,
    )
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode("ascii")
    suit_lines = re.findall(r"^  (\S) ([A-Z][a-z]+)(?: \(trump\))? +", text, re.M)
    marks = {mark for mark, name in suit_lines if name not in ("Trumps", "Fool")}
    assert len(marks) == 4, text
    assert not any(mark.isalnum() for mark in marks), marks
