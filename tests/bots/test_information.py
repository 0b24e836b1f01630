"""The information benchmark (``benchmarks/information.py``) on a Taroinche deal written by hand:
its oracle's worlds are the true state, and its placement share is worked out by hand."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_inference import GAME, SWAPPED, start
from test_taroinche_heuristic import DEAL

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def information() -> Any:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("information", BENCHMARKS / "information.py")
        assert spec is not None and spec.loader is not None
        module: ModuleType = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path.remove(str(BENCHMARKS))
        vars(GAME).pop("view", None)  # the oracle's recording of the shared game's views


def test_the_oracle_searches_the_true_state_and_nothing_else(information: Any) -> None:
    """The view the table made last is answered with the state it was made of, in every world;
    a view made before another one is refused rather than answered with the wrong state."""
    player = information.oracle(GAME)
    state = start(DEAL)
    view = GAME.view(state, 2)
    draw = player.sampler(view, random.Random(1))
    assert draw() is state and draw() is state
    GAME.view(start(SWAPPED), 2)
    with pytest.raises(RuntimeError, match="did not just make"):
        player.sampler(view, random.Random(1))
    assert information.oracle(GAME).sampler.recording is player.sampler.recording  # wrapped once


def test_the_placement_counts_the_cards_each_world_gives_their_holder(information: Any) -> None:
    """Seat 2 sees six cards in each of seats 0, 1, 3 and 4: 24. Swapping seat 0's Jack of spades
    with seat 3's Queen misplaces 2 of them (22/24); swapping seats 1 and 4's whole hands
    misplaces 12 (12/24)."""
    truth = start(DEAL)
    lines = DEAL.strip().splitlines()
    hands_swapped = "\n".join(
        [lines[0], lines[4].replace("4:", "1:"), *lines[2:4], lines[1].replace("1:", "4:"), lines[5]]
    )
    assert information.placement(GAME, truth, truth, 2) == 1
    assert information.placement(GAME, start(SWAPPED), truth, 2) == pytest.approx(22 / 24)
    assert information.placement(GAME, start(hands_swapped), truth, 2) == pytest.approx(12 / 24)
