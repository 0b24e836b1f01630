"""Train a small policy on one game through the Gymnasium environment, then show whether it beats
random play, in duplicate, with a 95% confidence interval.

    python examples/train_policy.py [--game taroinche] [--seconds 180 | --episodes N]
        [--seed 1] [--eval-hands 2000] [--opponents easy]

The policy is a linear softmax over the legal action ids (numpy only: logits = W x + b on the
observation tensor, the illegal ids masked out), trained by REINFORCE: one episode is one hand,
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
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

try:
    from tarocchi.research.gymnasium import TarocchiEnv
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi.research.gymnasium import TarocchiEnv

from tarocchi.core.registry import available_games

Floats = npt.NDArray[np.float64]
Ids = npt.NDArray[np.intp]
Chooser = Callable[[Floats, Ids], int]
FEATURE_CAP = 250.0
"""Each observation value is divided by its layout's bound, capped at this (and at least 1), so a
bid value (0..250) or card points weigh like a 0/1 card bit and the unbounded ±1e9 slots
(totals, which are 0 in a one-hand episode) do not swamp the linear policy."""


class LinearPolicy:
    """Softmax over the legal ids of ``W @ [x, 1]``, with Adam updates of REINFORCE gradients."""

    def __init__(self, actions: int, features: int, learning_rate: float) -> None:
        self.weights = np.zeros((actions, features + 1))
        self.learning_rate = learning_rate
        self._moment = np.zeros_like(self.weights)
        self._square = np.zeros_like(self.weights)
        self._steps = 0

    def probabilities(self, x: Floats, legal: Ids) -> Floats:
        logits = self.weights[legal, :-1] @ x + self.weights[legal, -1]
        logits -= logits.max()
        weights = np.exp(logits)
        probabilities: Floats = weights / weights.sum()
        return probabilities

    def greedy(self, x: Floats, legal: Ids) -> int:
        return int(legal[int(np.argmax(self.probabilities(x, legal)))])

    def sampler(self, draw: np.random.Generator) -> Chooser:
        """The policy as it was trained: a legal id drawn from its softmax."""
        return lambda x, legal: int(legal[draw.choice(len(legal), p=self.probabilities(x, legal))])

    def ascend(self, gradient: Floats) -> None:
        """One Adam step up ``gradient`` (the policy gradient: higher return is better)."""
        self._steps += 1
        self._moment = 0.9 * self._moment + 0.1 * gradient
        self._square = 0.999 * self._square + 0.001 * gradient * gradient
        moment = self._moment / (1 - 0.9**self._steps)
        square = self._square / (1 - 0.999**self._steps)
        self.weights += self.learning_rate * moment / (np.sqrt(square) + 1e-8)


@dataclass(frozen=True)
class Step:
    """One decision of the seat, as the gradient needs it."""

    x: Floats
    legal: Ids
    chosen: int  # index into ``legal``


@dataclass
class Budget:
    """Training hands, or seconds from ``start``."""

    seconds: float | None
    episodes: int | None
    start: float = 0.0

    def spent(self, hands: int) -> bool:
        if self.episodes is not None:
            return hands >= self.episodes
        return time.perf_counter() - self.start >= (self.seconds or 0.0)


@dataclass(frozen=True)
class Evaluation:
    hands: int
    trained: Floats  # points per hand, hand by hand
    random: Floats

    def mean_interval(self) -> tuple[float, float, float]:
        """The mean paired difference (trained - random) and its 95% interval."""
        difference = self.trained - self.random
        mean = float(difference.mean())
        error = (
            float(difference.std(ddof=1) / math.sqrt(len(difference))) if len(difference) > 1 else math.inf
        )
        return mean, mean - 1.96 * error, mean + 1.96 * error


Scale = Callable[[dict[str, Any]], Floats]


def features(environment: TarocchiEnv) -> Scale:
    """The observation's tensor, scaled as ``FEATURE_CAP`` says."""
    low, high = environment.encoder.observation_layout.bounds()
    scale = np.clip(np.maximum(np.abs(low), np.abs(high)).astype(np.float64), 1.0, FEATURE_CAP)
    return lambda observation: observation["observation"].astype(np.float64) / scale


def play_hand(
    environment: TarocchiEnv, scaled: Scale, seed: int | None, choose: Chooser
) -> tuple[float, list[Step]]:
    """One hand with ``choose(x, legal ids) -> id``; its reward and the seat's decisions."""
    observation, _ = environment.reset(seed=seed)
    steps: list[Step] = []
    while True:
        x = scaled(observation)
        legal = np.flatnonzero(observation["action_mask"])
        action = choose(x, legal)
        steps.append(Step(x, legal, int(np.searchsorted(legal, action))))
        observation, reward, terminated, truncated, _ = environment.step(action)
        if terminated or truncated:
            return float(reward), steps


def train(
    environment: TarocchiEnv, policy: LinearPolicy, rng: np.random.Generator, budget: Budget, batch: int
) -> int:
    """REINFORCE until the budget is spent; the number of hands played."""
    gradient = np.zeros_like(policy.weights)
    mean, square, seen = 0.0, 0.0, 0  # running moments of the hand's reward (the baseline)
    hands = 0
    taken: list[Floats] = []

    def sample(x: Floats, legal: Ids) -> int:
        probabilities = policy.probabilities(x, legal)
        taken.append(probabilities)
        return int(legal[rng.choice(len(legal), p=probabilities)])

    scaled = features(environment)
    environment.reset(seed=int(rng.integers(2**62)))
    recent: list[float] = []
    while not budget.spent(hands):
        taken.clear()
        reward, steps = play_hand(environment, scaled, None, sample)
        hands += 1
        seen += 1
        mean += (reward - mean) / seen
        square += (reward * reward - square) / seen
        deviation = math.sqrt(max(square - mean * mean, 1e-12))
        advantage = (reward - mean) / deviation if seen > 1 else 0.0
        for step, probabilities in zip(steps, taken, strict=True):
            direction = -probabilities * advantage
            direction[step.chosen] += advantage
            gradient[step.legal, :-1] += np.outer(direction, step.x)
            gradient[step.legal, -1] += direction
        recent.append(reward)
        if hands % batch == 0:
            policy.ascend(gradient / batch)
            gradient[:] = 0.0
        if hands % (batch * 50) == 0:
            print(
                f"  {hands:>7} hands, mean of the last {len(recent)}: {np.mean(recent):8.1f}", file=sys.stderr
            )
            recent.clear()
    return hands


def uniform(draw: np.random.Generator) -> Chooser:
    """The random policy: a uniformly drawn legal id."""
    return lambda _x, legal: int(draw.choice(legal))


def evaluate(
    environment: TarocchiEnv, policy: LinearPolicy, seed: int, hands: int, greedy: bool
) -> Evaluation:
    """Both policies on the same ``hands`` seeded hands (duplicate)."""
    scaled = features(environment)
    seeds = np.random.default_rng([seed, 1]).integers(2**62, size=hands)
    trained = np.empty(hands)
    random = np.empty(hands)
    for i, hand_seed in enumerate(seeds):
        choose = policy.greedy if greedy else policy.sampler(np.random.default_rng([seed, 3, i]))
        trained[i] = play_hand(environment, scaled, int(hand_seed), choose)[0]
        random[i] = play_hand(
            environment, scaled, int(hand_seed), uniform(np.random.default_rng([seed, 2, i]))
        )[0]
    return Evaluation(hands, trained, random)


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
    args = parser.parse_args(argv)
    if args.eval_hands < 2:
        parser.error(f"--eval-hands must be at least 2 (got {args.eval_hands})")
    if args.episodes is not None and args.episodes < 0:
        parser.error(f"--episodes must be 0 or more (got {args.episodes})")
    environment = TarocchiEnv(args.game, seat=args.seat, opponents=args.opponents, illegal_action="raise")
    policy = LinearPolicy(
        environment.encoder.actions, environment.encoder.observation_layout.size, args.learning_rate
    )
    rng = np.random.default_rng(args.seed)
    plan = Budget(180.0 if args.seconds is None and args.episodes is None else args.seconds, args.episodes)
    plan.start = time.perf_counter()
    hands = train(environment, policy, rng, plan, args.batch)
    elapsed = time.perf_counter() - plan.start
    print(
        f"trained: {args.game}, seat {args.seat} against {args.opponents} players, "
        f"{hands} hands in {elapsed:.1f} s (linear softmax, REINFORCE, seed {args.seed})"
    )
    result = evaluate(environment, policy, args.seed, args.eval_hands, args.greedy)
    difference, low, high = result.mean_interval()
    print(f"evaluated: {result.hands} hands in duplicate (the same deals and opponents for both policies)")
    kind = "greedy" if args.greedy else "sampled"
    print(f"trained policy ({kind}): {result.trained.mean():.1f} points a hand")
    print(f"random policy: {result.random.mean():.1f} points a hand")
    print(f"difference (trained - random): {difference:.1f} points a hand, 95% CI [{low:.1f}, {high:.1f}]")
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "cannot be told from"
    print(f"the trained policy {verdict} random play at 95% confidence")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
