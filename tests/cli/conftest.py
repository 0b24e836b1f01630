"""Fixtures for the command-line tests: a Piedmont deal written in notation, and a runner.

The deals come from notation, never from a seed: seeds only drive the computer players.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tarocchi.bots import hint as hints
from tarocchi.cli import play
from tarocchi.cli.app import cli
from tarocchi.core.decks import LOKA_80
from tarocchi.core.protocol import Deal

# South (seat 0) deals. West (Eldest) holds only plain cards, so the first lead is a plain suit,
# and South holds every suit: whatever is led, South must follow and may not trump.
# South holds KE (which may not be discarded) and takes 5E 4E 3E 2E from the stock.
DEAL_TEXT = """
0: KE 8E 7E 6E AE 9A 8A 9F 8F 10W 9W T21 T20 T19 T18 T17 T16 T15 FOOL
1: QE CE JE 10E 9E KA QA CA JA 10A KF QF CF JF 10F KW QW CW JW
2: 7A 6A 5A 4A 3A 2A AA 8W 7W 6W 5W T1 T2 T3 T4 T5 T6 T7 GOOD
3: 7F 6F 5F 4F 3F 2F AF 4W 3W 2W AW T8 T9 T10 T11 T12 T13 T14 EVIL
stock: 5E 4E 3E 2E
"""


def rotated(deal: Deal, steps: int) -> Deal:
    """The same deal with every hand moved ``steps`` seats to the left (for the later hands)."""
    n = len(deal.hands)
    return Deal(tuple(deal.hands[(seat - steps) % n] for seat in range(n)), deal.stock)


@pytest.fixture
def deal() -> Deal:
    parsed = Deal.parse(LOKA_80, DEAL_TEXT)
    parsed.check(LOKA_80, 4, 19, 4)
    return parsed


@pytest.fixture
def write_deals(tmp_path: Path, deal: Deal) -> Callable[[int], Path]:
    """Write a minimal record holding ``hands`` deals (each rotated one more seat), dealer South."""

    def write(hands: int = 4) -> Path:
        path = tmp_path / f"deals-{hands}.json"
        data = {
            "format": "tarocchi-record",
            "game": "piedmont",
            "first_dealer": 0,
            "hands": [{"deal": rotated(deal, k).to_json()} for k in range(hands)],
        }
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    return write


@pytest.fixture
def invoke() -> Callable[..., Result]:
    """Run ``tarocchi ARGS`` with ``input`` on stdin; never lets an exception escape silently."""

    def run(*args: str, input: str | None = None) -> Result:
        result = CliRunner().invoke(cli, list(args), input=input, prog_name="tarocchi")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert "Traceback" not in result.output
        return result

    return run


QUICK_HINT_SECONDS = 0.005


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """``auto`` plays the hint, the hard player's choice; these tests play whole games through
    ``auto`` to test the table, not its play, so its search gets five thousandths of a second a
    decision (out of time, the hint is the hard player's rule of thumb, a legal move all the same).
    A test of the hint itself asks for ``full_hints``."""
    monkeypatch.setattr(play, "hint", functools.partial(hints.hint, seconds=QUICK_HINT_SECONDS))


@pytest.fixture
def full_hints(quick_hints: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint as players get it, the hard player's whole search, without its clock: its
    choice then depends on the view and the seed alone, whatever the machine's load."""
    monkeypatch.setattr(play, "hint", functools.partial(hints.hint, seconds=math.inf))
