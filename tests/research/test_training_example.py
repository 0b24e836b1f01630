"""examples/train_policy.py with a tiny budget: it trains, evaluates in duplicate and prints a
well-formed report, and writes its learning curve and weights. Whether a tiny run beats random
play is left alone: that would test the seed."""

from __future__ import annotations

import csv
import math
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

from tarocchi.research.baseline import LinearPolicy

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"
NUMBER = r"(-?\d+(?:\.\d+)?)"


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE), *arguments], capture_output=True, text=True, timeout=60, check=False
    )


def test_a_tiny_run_prints_a_well_formed_report() -> None:
    run = _run("--episodes", "40", "--eval-hands", "25", "--seed", "3", "--batch", "8")
    assert run.returncode == 0, run.stderr
    report = run.stdout
    assert re.search(r"^trained: taroinche, seat 0 against easy players, 40 hands in ", report, re.M)
    assert re.search(r"^evaluated: 25 hands in duplicate", report, re.M)
    trained = re.search(rf"^trained policy \(sampled\): {NUMBER} points a hand$", report, re.M)
    random = re.search(rf"^random policy: {NUMBER} points a hand$", report, re.M)
    difference = re.search(
        rf"^difference \(trained - random\): {NUMBER} points a hand, 95% CI \[{NUMBER}, {NUMBER}\]$",
        report,
        re.M,
    )
    assert trained and random and difference, report
    means = [float(trained[1]), float(random[1])]
    mean, low, high = (float(difference[i]) for i in (1, 2, 3))
    assert all(math.isfinite(v) for v in [*means, mean, low, high])
    assert low <= mean <= high, "the interval holds its own mean"
    assert math.isclose(mean, means[0] - means[1], abs_tol=0.11), "paired difference of the two means"
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "cannot be told from"
    assert f"the trained policy {verdict} random play at 95% confidence" in report


def test_bad_arguments_get_a_one_line_error() -> None:
    run = _run("--eval-hands", "1")
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1].endswith("--eval-hands must be at least 2 (got 1)")
    both = _run("--seconds", "1", "--episodes", "5")
    assert both.returncode == 2
    assert "not allowed with argument" in both.stderr


def test_the_curve_and_the_weights_are_written_and_evaluated(tmp_path: Path) -> None:
    """--curve writes a row every --curve-every hands, --save weights that --load starts from and
    the baseline's command evaluates with --weights (both refuse them for a game they do not fit);
    the plot script draws the curve as a PNG."""
    curve, weights, png = tmp_path / "curve.csv", tmp_path / "policy.npz", tmp_path / "curve.png"
    run = _run(
        "--episodes", "48", "--batch", "8", "--curve-every", "16", "--eval-hands", "2",
        "--curve", str(curve), "--save", str(weights),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    with curve.open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert [int(row["hands"]) for row in rows] == [16, 32, 48]
    seconds = [float(row["seconds"]) for row in rows]
    assert 0 < seconds[0] <= seconds[1] <= seconds[2]
    assert all(math.isfinite(float(row["mean_reward"])) for row in rows)
    policy, made = LinearPolicy.load(weights)
    assert made.startswith("examples/train_policy.py: taroinche, seat 0 against easy players, 48 hands in ")
    assert np.abs(policy.weights).max() > 0, "trained, not zeros"

    again = _run("--episodes", "0", "--eval-hands", "2", "--load", str(weights), "--greedy")
    assert again.returncode == 0, again.stderr
    assert "trained: taroinche, seat 0 against easy players, 0 hands in " in again.stdout
    assert "trained policy (greedy)" in again.stdout
    wrong = _run("--game", "piedmont", "--episodes", "0", "--load", str(weights))
    assert wrong.returncode == 2
    assert wrong.stderr.strip().splitlines()[-1].endswith("not (164, 734)")

    def baseline(game: str) -> subprocess.CompletedProcess[str]:
        command = ["-m", "tarocchi.research.baseline", "--game", game, "--weights", str(weights)]
        arguments = [sys.executable, *command, "--hands", "2", "--medium-hands", "2"]
        return subprocess.run(arguments, capture_output=True, text=True, timeout=120, check=False)

    evaluated = baseline("taroinche")
    assert evaluated.returncode == 0, evaluated.stderr
    assert evaluated.stdout.startswith(f"baseline: taroinche, {made}\n")
    assert "against medium players, 2 hands in duplicate, seat 0:" in evaluated.stdout
    refused = baseline("piedmont")
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines()[-1].endswith("piedmont needs (164, 734)")

    plotted = subprocess.run(
        [sys.executable, str(EXAMPLE.with_name("plot_curve.py")), str(curve), str(png), "--smooth", "2"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert plotted.returncode == 0, plotted.stderr
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and png.stat().st_size > 10_000
