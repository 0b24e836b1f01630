"""The strength benchmark's arithmetic (``benchmarks/strength.py``, ``bots.tournament``) on
figures worked by hand: the paired difference and its interval, the pairing of two runs on the
same deals, the decision-time percentiles and IS-MCTS's simulations at equal time."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tarocchi import get_game
from tarocchi.bots.tournament import GameScores, paired, percentile

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def strength() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location("strength", BENCHMARKS / "strength.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["strength"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_the_paired_difference_and_its_interval_by_hand() -> None:
    """Deals where A made 3, 5, -2 and B 1, 4, -6: differences 2, 1, 4, mean 7/3; their sample
    variance ((1/3)^2 + (4/3)^2 + (5/3)^2) / 2 = 7/3, so the 95% half-width is
    1.959964 * sqrt(7/3) / sqrt(3) = 1.72852."""
    mean, low, high = paired([(3, 1), (5, 4), (-2, -6)], 0, 1)
    assert mean == pytest.approx(7 / 3)
    assert (low, high) == pytest.approx((7 / 3 - 1.72852, 7 / 3 + 1.72852), abs=1e-5)
    assert paired([(1, 9), (3, 0)], 1, 0)[0] == pytest.approx((8 - 3) / 2)  # which player is first


def test_percentiles_by_nearest_rank() -> None:
    """Five times: the median is the third smallest; p99 and the largest are the fifth; the
    20th percentile is the smallest (1 of 5 do not exceed it)."""
    times = [0.5, 0.1, 0.3, 0.2, 0.4]
    assert percentile(times, 0.5) == 0.3
    assert percentile(times, 0.99) == 0.5
    assert percentile(times, 1.0) == 0.5
    assert percentile(times, 0.2) == 0.1


def test_two_runs_on_the_same_deals_pair_deal_by_deal() -> None:
    """The hard player's seat-0 run and IS-MCTS's on two games of two deals: seat 0 made 10, 4 |
    -6, 0 with hard and 2, 4 | -10, 8 with IS-MCTS; the differences 8, 0, 4, -8 have mean 1, and
    sample variance (49 + 1 + 9 + 81) / 3 = 140 / 3."""
    module = strength()
    game = get_game("sicilian")

    def scores(*deals: float, times: tuple[float, ...]) -> GameScores:
        return GameScores(tuple((d, -d / 3) for d in deals), (0.0, 0.0), (1, 1), (times, ()))

    mine = [scores(10, 4, times=(0.1, 0.3)), scores(-6, 0, times=(0.2,))]
    theirs = [scores(2, 4, times=(0.5,)), scores(-10, 8, times=(0.4,))]
    row = module.row(game, "hard", "ismcts@9", mine, theirs, 0, 0, 1.0)
    half = 1.959964 * math.sqrt(140 / 3) / 2
    assert row.deals == 4
    assert (row.first_mean, row.second_mean) == (2.0, 1.0)
    assert row.difference == pytest.approx((1.0, 1.0 - half, 1.0 + half))
    assert row.first_times == [0.1, 0.3, 0.2] and row.second_times == [0.5, 0.4]
    with pytest.raises(ValueError):  # runs over different deals cannot be paired
        module.row(game, "hard", "ismcts@9", mine, theirs[:1], 0, 0, 1.0)


def test_equal_time_sets_the_simulations_from_the_mean_decision() -> None:
    """The tested player's decisions took 0.2 s and 0.4 s, a mean of 0.3 s; at 0.01 s a
    simulation IS-MCTS gets 30; never fewer than one."""
    module = strength()
    assert module.simulations_for([0.2, 0.4], 0.01) == 30
    assert module.simulations_for([0.001], 0.01) == 1


def test_ismcts_as_a_player_chooses_legally_from_the_view_and_repeats_on_a_seed() -> None:
    """OpenSpiel's IS-MCTS seated as one of our players: from the first Taroinche view of a deal
    written in notation it picks a legal action, the same one for the same generator (so a
    benchmark run repeats), and a forced move without searching."""
    from test_inference import GAME, start
    from test_taroinche_heuristic import DEAL

    module = strength()
    player = sys.modules["versus_ismcts"].make("ismcts@5", GAME)  # strength.py imported it
    view = GAME.view(start(DEAL), 0)
    first = player.choose(view, random.Random(9))
    assert first in view.legal_actions
    assert player.choose(view, random.Random(9)) == first
    assert module.has_level(GAME, "hard") and not module.has_level(GAME, "grandmaster")


def test_a_run_may_keep_to_one_option_of_a_game() -> None:
    module = strength()
    assert module.chosen(["piedmont"], {"good_evil": "trumps"}) == [("piedmont", {"good_evil": "trumps"})]
    assert [g for g, _ in module.chosen([], {})] == [g for g, _ in module.CONFIGS]
    assert module.chosen(["sicilian"], {"good_evil": "trumps"}) == []  # the Sicilian game has no such option


def test_an_option_not_written_name_value_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        strength().main(["--option", "trumps"])
    assert stopped.value.code == 2
    assert "name=value" in capsys.readouterr().err
