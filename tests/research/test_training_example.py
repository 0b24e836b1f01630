"""examples/train_policy.py with a tiny budget: it trains, evaluates in duplicate and prints a
well-formed report. Whether a tiny run beats random play is left alone: that would test the seed."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

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
