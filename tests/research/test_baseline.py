"""The shipped baseline (docs/research.md, "Baseline"): every game's weights load, fit the game's
actions and observation, say how they were made, and play legal hands; its command evaluates in
duplicate and prints a well-formed report; weights round-trip through a file."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tarocchi.core.registry import available_games
from tarocchi.research.baseline import WEIGHTS, LinearPolicy, play_hand
from tarocchi.research.gymnasium import TarocchiEnv

NUMBER = r"(-?\d+(?:\.\d+)?)"


@pytest.mark.parametrize("game_id", available_games())
def test_the_shipped_weights_fit_the_game_and_play_legally(game_id: str) -> None:
    path = WEIGHTS / f"{game_id}.npz"
    assert path.stat().st_size < 1_500_000, "small enough to ship"
    policy, made = LinearPolicy.load(path)
    environment = TarocchiEnv(game_id, opponents="easy", illegal_action="raise")
    assert policy.weights.shape == (environment.encoder.actions, environment.observer.layout.size + 1)
    assert made.startswith(f"python -m tarocchi.research.baseline --game {game_id} --train")
    assert np.abs(policy.weights).max() > 0, "trained, not zeros"
    for seed in range(3):  # illegal_action="raise": an illegal id would stop the hand
        _reward, steps = play_hand(environment, seed, policy.greedy)
        assert steps


def test_weights_round_trip_through_a_file(tmp_path: Path) -> None:
    policy = LinearPolicy(5, 3)
    policy.weights[:] = np.arange(20).reshape(5, 4) / 8
    policy.save(tmp_path / "w.npz", "by hand")
    again, made = LinearPolicy.load(tmp_path / "w.npz")
    assert made == "by hand"
    assert np.array_equal(again.weights, policy.weights)


def test_the_command_prints_a_duplicate_report() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tarocchi.research.baseline",
            "--game",
            "taroinche",
            "--hands",
            "6",
            "--medium-hands",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    report = run.stdout
    assert report.startswith("baseline: taroinche, python -m tarocchi.research.baseline --game taroinche")
    for opponents, hands in (("easy", 6), ("medium", 3)):
        assert f"against {opponents} players, {hands} hands in duplicate, seat 0:" in report
    means = re.findall(rf"^  baseline \(greedy\): {NUMBER} points a hand$", report, re.M)
    randoms = re.findall(rf"^  random policy: {NUMBER} points a hand$", report, re.M)
    differences = re.findall(
        rf"^  difference \(baseline - random\): {NUMBER} points a hand, 95% CI \[{NUMBER}, {NUMBER}\]$",
        report,
        re.M,
    )
    assert len(means) == len(randoms) == len(differences) == 2, report
    assert (
        len(
            re.findall(
                rf"^  the medium player in the seat, on the same hands: {NUMBER} points a hand$", report, re.M
            )
        )
        == 2
    )
    for mean, random, (difference, low, high) in zip(means, randoms, differences, strict=True):
        assert abs(float(mean) - float(random) - float(difference)) <= 0.11
        assert float(low) <= float(difference) <= float(high)


def test_bad_arguments_get_a_one_line_error() -> None:
    refusals = {
        ("--game", "taroinche", "--hands", "1"): "must be at least 2 (got 1, 200)",
        (): "the following arguments are required: --game",
    }
    for arguments, refusal in refusals.items():
        run = subprocess.run(
            [sys.executable, "-m", "tarocchi.research.baseline", *arguments],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert run.returncode == 2
        assert run.stderr.strip().splitlines()[-1].endswith(refusal)
