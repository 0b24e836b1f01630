"""Draw a learning curve written by ``examples/train_policy.py --curve`` as a PNG.

    python examples/plot_curve.py curve.csv curve.png [--title "..."] [--smooth 8]

Each row of the CSV is a point (the mean reward of the training hands since the row before, at
the hands played so far); a line of the moving mean over ``--smooth`` rows goes through them, and
the top axis gives the wall time of training at those hands. Needs matplotlib (the ``plot``
extra: ``pip install ".[plot]"``); nothing else in tarocchi does.
"""

from __future__ import annotations

import argparse
import csv
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # a file, never a window

import matplotlib.pyplot as plt  # after choosing the backend
import numpy as np


def read_curve(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The curve's hands, seconds and mean rewards, row by row."""
    with path.open(newline="") as file:
        rows = list(csv.DictReader(file))
    if not rows:
        raise SystemExit(f"{path}: no rows (train longer than --curve-every hands)")
    hands = np.array([int(row["hands"]) for row in rows])
    seconds = np.array([float(row["seconds"]) for row in rows])
    rewards = np.array([float(row["mean_reward"]) for row in rows])
    return hands, seconds, rewards


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("curve", type=Path, help="the CSV of train_policy.py --curve")
    parser.add_argument("png", type=Path, help="the picture to write")
    parser.add_argument("--title", default="", help="the plot's title")
    parser.add_argument("--smooth", type=int, default=8, help="rows in the moving mean")
    args = parser.parse_args(argv)
    if args.smooth < 1:
        parser.error(f"--smooth must be at least 1 (got {args.smooth})")
    hands, seconds, rewards = read_curve(args.curve)
    width = min(args.smooth, len(rewards))
    moving = np.convolve(rewards, np.ones(width) / width, mode="valid")
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    axes.plot(hands, rewards, ".", color="tab:blue", alpha=0.35, label="mean reward since the last point")
    smooth = f"moving mean of {width} points"
    axes.plot(hands[width - 1 :], moving, color="tab:blue", linewidth=2, label=smooth)
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xlabel("training hands")
    axes.set_ylabel("game points a hand, seat 0")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    at_hands, at_seconds = np.r_[0, hands], np.r_[0.0, seconds]  # training starts at 0 s
    minutes = axes.secondary_xaxis(
        "top",
        functions=(
            lambda h: np.interp(h, at_hands, at_seconds) / 60,
            lambda m: np.interp(m * 60, at_seconds, at_hands),
        ),
    )
    minutes.set_xlabel("wall time of training, minutes")
    if args.title:
        axes.set_title(args.title, fontsize=10)
    figure.tight_layout()
    figure.savefig(args.png)
    print(f"wrote {args.png}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
