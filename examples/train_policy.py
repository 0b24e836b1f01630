"""Train a small policy on one game through the Gymnasium environment, then show whether it beats
random play, in duplicate, with a 95% confidence interval.

    python examples/train_policy.py [--game taroinche] [--seconds 180 | --episodes N]
        [--seed 1] [--eval-hands 2000] [--opponents easy]
        [--curve curve.csv] [--save policy.npz] [--load policy.npz]

The policy is a linear softmax over the legal action ids (numpy only: logits = W x + b on the
unit-scaled observation tensor, the illegal ids masked out; ``tarocchi.research.baseline``),
trained by REINFORCE: one episode is one hand,
its reward the seat's game points, the same for every decision of the hand, less a running mean
and divided by a running standard deviation. Adam steps once every ``--batch`` hands.

The evaluation plays ``--eval-hands`` hands twice, once with the trained policy (drawing from its
softmax, as it was trained; ``--greedy``: its most probable legal id) and once with a uniformly
random legal id, in the same seat against the same
opponents on the same deals (duplicate: ``reset`` with the same seed gives the same first dealer,
deal and opponents' random draws), and prints each mean and the paired difference per hand with a
95% confidence interval (normal approximation, mean ± 1.96 standard errors). Drawing from the
softmax, the untrained policy (all weights 0) is the random policy, so whatever beats random was
learned; a greedy policy is not: untrained, it takes the lowest legal id, which has rules of thumb
of its own (in Taroinche it passes in every auction). Needs the research extra (numpy, gymnasium).

``--curve PATH`` writes the learning curve as CSV, a row every ``--curve-every`` training hands:
``hands`` (so far), ``seconds`` (of training so far) and ``mean_reward`` (the mean reward of the
hands since the row before); ``examples/plot_curve.py`` draws it. ``--save PATH`` writes the
trained weights (``LinearPolicy.save``), which ``python -m tarocchi.research.baseline --weights
PATH`` evaluates against random and medium players; ``--load PATH`` starts from them (with
``--episodes 0``, evaluates them).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

try:
    from tarocchi.research.gymnasium import TarocchiEnv
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi.research.gymnasium import TarocchiEnv

from tarocchi.core.registry import available_games
from tarocchi.research.baseline import Budget, LinearPolicy, evaluate, report, train


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="taroinche", choices=available_games())
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="training time (default 180)")
    budget.add_argument("--episodes", type=int, help="training hands, instead of --seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-hands", type=int, default=2000)
    parser.add_argument("--greedy", action="store_true", help="evaluate the most probable id, not a draw")
    parser.add_argument("--opponents", default="easy", choices=("easy", "medium"))
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--batch", type=int, default=32, help="hands per Adam step")
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--curve", type=Path, help="write the learning curve to this CSV file")
    parser.add_argument("--curve-every", type=int, default=256, help="training hands per curve row")
    parser.add_argument("--save", type=Path, help="write the trained weights to this .npz file")
    parser.add_argument("--load", type=Path, help="start from these weights (.npz), not from zeros")
    args = parser.parse_args(argv)
    if args.curve_every < 1:
        parser.error(f"--curve-every must be at least 1 (got {args.curve_every})")
    if args.eval_hands < 2:
        parser.error(f"--eval-hands must be at least 2 (got {args.eval_hands})")
    if args.episodes is not None and args.episodes < 0:
        parser.error(f"--episodes must be 0 or more (got {args.episodes})")
    environment = TarocchiEnv(args.game, seat=args.seat, opponents=args.opponents, illegal_action="raise")
    policy = LinearPolicy(environment.encoder.actions, environment.observer.layout.size, args.learning_rate)
    if args.load:
        loaded, _made = LinearPolicy.load(args.load)
        if loaded.weights.shape != policy.weights.shape:
            shapes = f"{loaded.weights.shape}, not {policy.weights.shape}"
            parser.error(f"{args.load} holds weights of shape {shapes}")
        policy.weights = loaded.weights
    rng = np.random.default_rng(args.seed)
    plan = Budget(180.0 if args.seconds is None and args.episodes is None else args.seconds, args.episodes)
    curve: list[tuple[int, float, float]] = []

    def progress(played: int, mean: float) -> None:
        curve.append((played, time.perf_counter() - plan.start, mean))
        print(f"  {played:>7} hands, mean of the last: {mean:8.1f}", file=sys.stderr)

    plan.start = time.perf_counter()
    every = args.curve_every if args.curve else None
    hands = train(environment, policy, rng, plan, args.batch, progress, every)
    elapsed = time.perf_counter() - plan.start
    made = (
        f"{args.game}, seat {args.seat} against {args.opponents} players, "
        f"{hands} hands in {elapsed:.1f} s (linear softmax, REINFORCE, seed {args.seed})"
    )
    print(f"trained: {made}")
    if args.curve:
        with args.curve.open("w", newline="") as out:
            rows = csv.writer(out)
            rows.writerow(["hands", "seconds", "mean_reward"])
            rows.writerows((played, f"{seconds:.1f}", f"{mean:.2f}") for played, seconds, mean in curve)
    if args.save:
        policy.save(args.save, f"examples/train_policy.py: {made}")
    seed = args.seed
    result = evaluate(
        environment,
        lambda i: policy.greedy if args.greedy else policy.sampler(np.random.default_rng([seed, 3, i])),
        seed,
        args.eval_hands,
    )
    print(f"evaluated: {result.hands} hands in duplicate (the same deals and opponents for both policies)")
    for line in report(result, "trained policy", "greedy" if args.greedy else "sampled", "trained"):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
