"""Taroinche's auction at the table. ``legal`` says the hundreds of legal bids
in one line, ``legal all`` lists every one, and ``help`` explains how a bid is typed, a sentence
a line. Seat 0 bids first (dealer 4, B2); the deal is in notation."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from unittest import mock

from rich.console import Console

from tarocchi.cli.play import TableSession
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game

DEAL = """
0: JH 9H AH 10H KH QH
1: AS KS QS JS 10S 9S
2: AC KC QC JC 10C 9C
3: AD KD QD JD 10D 9D
4: 8H 7H 8S 7S 8C 7C
stock: 8D 7D
"""


def run(tmp_path: Path, lines: list[str], width: int = 100) -> list[str]:
    game = get_game("taroinche")
    match = Match(game, first_dealer=4, deals=[Deal.parse(game.deck, DEAL)] * 5)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    with mock.patch.object(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines))):
        session = TableSession(console, game, match, 0, 1, tmp_path / "r.json", {})
        assert session.run() == 0
    return out.getvalue().splitlines()


def test_legal_summarises_the_bids_and_legal_all_lists_them(tmp_path: Path) -> None:
    lines = run(tmp_path, ["legal", "legal all", "quit"], width=10_000)  # each on one line
    legal = [line for line in lines if line.startswith("Legal now: ")]
    assert len(legal) == 2
    summary, every = legal
    # nobody has bid: any value from 82, every trump, mode and partner; no coinche without a bid
    assert summary.startswith("Legal now: pass | any bid")
    assert "82" in summary and "capot" in summary and "coinche" not in summary
    assert summary.endswith("(legal all lists each one)") and len(summary) < 300
    assert "82 S with 0..4" in every and "capot AT against 0..4" in every
    assert "90 H without 0..4" in every and len(every) > 2_000


def test_help_explains_how_a_bid_is_typed_a_sentence_a_line(tmp_path: Path) -> None:
    lines = run(tmp_path, ["help", "quit"])
    start = next(
        i for i, line in enumerate(lines) if line.startswith("  Bids: value, trump, dog mode and partner")
    )
    assert "e.g. '90 H without 3' or 'capot NT with self'." in lines[start]
    assert lines[start + 1].startswith("  Value 82, 90, 100 ... 180 or capot")
    assert all(len(line) <= 160 for line in lines[start : start + 8])
