"""Tables dealt from the golden playthroughs' fixed deals (tests/golden/golden_deals.py, in card
notation): one Match per game, for the terminal's tests that go through a whole hand of each."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

from rich.console import Console

from tarocchi.cli.play import TableSession
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.registry import get_game

_PATH = Path(__file__).parents[1] / "golden" / "golden_deals.py"
_SPEC = importlib.util.spec_from_file_location("golden_deals", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
golden_deals = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("golden_deals", golden_deals)
_SPEC.loader.exec_module(golden_deals)

VARIANTS = {variant.name: variant for variant in golden_deals.VARIANTS}
"""Every golden variant by name: ``piedmont-good_evil=trumps``, ``sicilian``, ..."""
FIRST_OF_EACH_GAME = {variant.game: variant for variant in reversed(golden_deals.VARIANTS)}


def golden_match(name: str) -> Match:
    """The match of variant ``name`` dealt its golden deals (in notation), its first dealer first."""
    variant = VARIANTS[name]
    game = get_game(variant.game, dict(variant.options))
    deals = [Deal.parse(game.deck, golden.text) for golden in variant.deals]
    return Match(game, first_dealer=variant.deals[0].dealer, deals=deals)


def session(match: Match, seat: int, tmp_path: Path, width: int = 100) -> tuple[TableSession, io.StringIO]:
    """A table at ``seat`` of ``match`` printing to a string, ``width`` columns wide."""
    out = io.StringIO()
    console = Console(file=out, width=width, highlight=False, color_system=None)
    return TableSession(console, match.game, match, seat, 1, tmp_path / "record.json"), out
