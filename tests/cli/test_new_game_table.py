"""Trio at the terminal, with nothing of the terminal written for it: ``tarocchi play`` deals,
reads the game's notation against the seat's view, refuses in the game's words, lets the hard
computer players play, scores every hand and saves a record that replays; and a real
``tarocchi play`` in a pseudo-terminal finds the game as an operator adds it (``TAROCCHI_GAMES``)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from configs import playing
from ptyscreen import table

from tarocchi.cli.app import cli
from tarocchi.core.protocol import Deal, Game
from tarocchi.core.record import load, replay
from tarocchi.core.registry import get_game

# West holds 10 card points and takes (R3); South then follows West's lead.
DEAL = """
0: KC QC T1 T2 FOOL
1: JC 10C KS QS T3
2: JS 10S T4 T5 T6
"""
COLOURS = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|[\x01\x02\r]")


def deals_file(game: Game[Any], folder: Path, first_dealer: int) -> Path:
    """A record of the one deal in notation (the later hands are shuffled from the seed)."""
    path = folder / "deals.json"
    deal = Deal.parse(game.deck, DEAL).to_json()
    data = {
        "format": "tarocchi-record",
        "game": "trio",
        "first_dealer": first_dealer,
        "hands": [{"deal": deal}],
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_person_plays_trio_against_hard_computer_players_to_the_end(
    trio: Game[Any], tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    args = ["play", "trio", "--deals", str(deals_file(trio, tmp_path, 0)), "--seat", "0", "--seed", "4"]
    args += ["--level", "hard", "--record", str(record)]
    lines = ["T9", "KS", "hand", *["auto"] * 40]
    result = CliRunner().invoke(cli, args, input="\n".join(lines) + "\n", prog_name="tarocchi")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out, out
    assert "'t9' is not a card. Did you mean T6 (the Lovers)" in out and "trumps T1..T6" in out
    assert "KS is not in your hand" in out
    assert "West calls 'take'" in out and "declarer: West" in out
    assert "Your hand" in out and "KC" in out
    assert out.count("d = ") == 3 and "Game over" in out  # three hands scored (R5)
    summary = replay(load(record))
    assert summary.complete and summary.hands == 3 and sum(summary.totals) == 0


def test_the_terminal_finds_a_game_named_in_the_environment(trio_installed: None, tmp_path: Path) -> None:
    """No registration in the program: ``TAROCCHI_GAMES`` and the package on the path."""
    folder = tmp_path / "table"
    folder.mkdir()
    with playing("trio"):
        deals = deals_file(get_game("trio"), folder, 2)  # East deals: South speaks first
    process, screen = table(["play", "trio", "--deals", str(deals), "--seed", "5"], folder)
    try:
        first = plain(screen.until(b"South> "))
        assert "take" in first and "pass" in first
        os.write(screen.fd, b"take\r")
        led = plain(screen.until(b"South> "))
        assert "South (you) calls 'take'" in led and "declarer: South" in led
        os.write(screen.fd, b"JS\r")
        assert "JS is not in your hand" in plain(screen.until(b"South> "))
        os.write(screen.fd, b"KC\r")
        screen.until(b"South> ")
        os.write(screen.fd, b"quit\r")
        leaving = plain(screen.until(b"[y/N]"))
        assert "The game is saved and can be resumed with:" in leaving and "Leave the table?" in leaving
        os.write(screen.fd, b"y\r")
        screen.until(b"Resume it with")
    finally:
        os.close(screen.fd)
        process.wait(timeout=60)
    (saved,) = (folder / "records").glob("*.json")
    actions = load(saved)["hands"][0]["actions"]
    assert actions[:2] == [[0, "take"], [0, "KC"]]


def plain(shown: bytes) -> str:
    return COLOURS.sub(b"", shown).decode()


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
