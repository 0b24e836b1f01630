"""The shipped baseline: a small trained agent per game to compare a learner against
(docs/research.md, "Baseline").

    python -m tarocchi.research.baseline --game taroinche [--hands 1000] [--medium-hands 200]
    python -m tarocchi.research.baseline --game taroinche --train --seconds 600  # remake it
    python -m tarocchi.research.baseline --game taroinche --weights policy.npz  # evaluate others

The agent is a linear softmax over the legal ids (``logits = W x + b`` on the unit-scaled
observation tensor, the illegal ids masked out), numpy only, trained by REINFORCE in seat 0
against the easy (random) players: one episode is one hand, its reward the seat's game points,
less a running mean and divided by a running standard deviation; an Adam step every 32 hands.
It plays its most probable legal id (``greedy``). Its weights are ``baselines/<game>.npz`` beside
this module (float16, with how they were made), written by ``--train``.

The evaluation plays the same seeded hands (the same first dealer, deals and opponents' draws)
with the baseline in seat 0 and with a uniformly random policy there (duplicate), against easy
and against medium players, and prints each mean and the paired difference per hand with a 95%
interval (normal approximation, mean ± 1.96 standard errors of the per-deal differences), and
what our medium player makes in the seat on the same hands.
examples/train_policy.py trains the same learner with other settings and reports the same way.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.bots.players import make_player
from tarocchi.core.registry import available_games
from tarocchi.research.gymnasium import TarocchiEnv

Floats = npt.NDArray[np.float64]
Ids = npt.NDArray[np.intp]
Chooser = Callable[[Floats, Ids], int]
WEIGHTS = Path(__file__).resolve().parent / "baselines"
"""Where each game's shipped weights are: ``<game>.npz``."""


class LinearPolicy:
    """Softmax over the legal ids of ``W @ [x, 1]``, with Adam updates of REINFORCE gradients."""

    def __init__(self, actions: int, features: int, learning_rate: float = 0.01) -> None:
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

    def save(self, path: Path, made: str) -> None:
        """The weights as float16 (compressed; ``made`` says how they were made)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, weights=self.weights.astype(np.float16), made=np.array(made))

    @classmethod
    def load(cls, path: Path) -> tuple[LinearPolicy, str]:
        with np.load(path) as data:
            weights = data["weights"].astype(np.float64)
            made = str(data["made"])
        policy = cls(weights.shape[0], weights.shape[1] - 1)
        policy.weights = weights
        return policy, made


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


def features(observation: dict[str, Any]) -> Floats:
    """The observation's tensor (unit-scaled: every value in [-1, 1]) as the policy reads it."""
    x: Floats = observation["observation"].astype(np.float64)
    return x


def play_hand(environment: TarocchiEnv, seed: int | None, choose: Chooser) -> tuple[float, list[Step]]:
    """One hand with ``choose(x, legal ids) -> id``; its reward and the seat's decisions."""
    observation, _ = environment.reset(seed=seed)
    steps: list[Step] = []
    while True:
        x = features(observation)
        legal = np.flatnonzero(observation["action_mask"])
        action = choose(x, legal)
        steps.append(Step(x, legal, int(np.searchsorted(legal, action))))
        observation, reward, terminated, truncated, _ = environment.step(action)
        if terminated or truncated:
            return float(reward), steps


def train(
    environment: TarocchiEnv,
    policy: LinearPolicy,
    rng: np.random.Generator,
    budget: Budget,
    batch: int,
    progress: Callable[[int, float], None] | None = None,
    every: int | None = None,
) -> int:
    """REINFORCE until the budget is spent; the number of hands played. ``progress(hands, mean
    reward of the last ones)`` is called every ``every`` hands (by default 50 batches)."""
    every = every or batch * 50
    gradient = np.zeros_like(policy.weights)
    mean, square, seen = 0.0, 0.0, 0  # running moments of the hand's reward (the baseline)
    hands = 0
    taken: list[Floats] = []

    def sample(x: Floats, legal: Ids) -> int:
        probabilities = policy.probabilities(x, legal)
        taken.append(probabilities)
        return int(legal[rng.choice(len(legal), p=probabilities)])

    environment.reset(seed=int(rng.integers(2**62)))
    recent: list[float] = []
    while not budget.spent(hands):
        taken.clear()
        reward, steps = play_hand(environment, None, sample)
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
        if hands % every == 0:
            if progress is not None:
                progress(hands, float(np.mean(recent)))
            recent.clear()
    return hands


def uniform(draw: np.random.Generator) -> Chooser:
    """The random policy: a uniformly drawn legal id."""
    return lambda _x, legal: int(draw.choice(legal))


def hand_seeds(seed: int, hands: int) -> list[int]:
    """The seeds of an evaluation's hands (each gives a first dealer, a deal, opponents' draws)."""
    return [int(s) for s in np.random.default_rng([seed, 1]).integers(2**62, size=hands)]


def computer(environment: TarocchiEnv, level: str, seed: int) -> Chooser:
    """One of our computer players in the learner's seat, choosing from the seat's view."""
    player = make_player(level, environment.game)
    rng = random.Random(seed)
    return lambda _x, _legal: environment.game.action_id(player.choose(environment.view(), rng))


def evaluate(
    environment: TarocchiEnv, chooser: Callable[[int], Chooser], seed: int, hands: int
) -> Evaluation:
    """``chooser(i)`` (the policy for the ``i``-th hand) and the random policy on the same
    ``hands`` seeded hands (duplicate)."""
    seeds = hand_seeds(seed, hands)
    trained = np.empty(hands)
    random = np.empty(hands)
    for i, hand_seed in enumerate(seeds):
        trained[i] = play_hand(environment, int(hand_seed), chooser(i))[0]
        random[i] = play_hand(environment, int(hand_seed), uniform(np.random.default_rng([seed, 2, i])))[0]
    return Evaluation(hands, trained, random)


def report(result: Evaluation, name: str, kind: str, short: str) -> list[str]:
    """The evaluation's lines: both means, the paired difference and its verdict (``name`` the
    policy, ``kind`` how it chose, ``short`` its name in the difference)."""
    difference, low, high = result.mean_interval()
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "cannot be told from"
    return [
        f"{name} ({kind}): {result.trained.mean():.1f} points a hand",
        f"random policy: {result.random.mean():.1f} points a hand",
        f"difference ({short} - random): {difference:.1f} points a hand, 95% CI [{low:.1f}, {high:.1f}]",
        f"the {name} {verdict} random play at 95% confidence",
    ]


def _train(args: argparse.Namespace) -> None:
    environment = TarocchiEnv(args.game, opponents="easy", illegal_action="raise")
    policy = LinearPolicy(environment.encoder.actions, environment.observer.layout.size)
    plan = Budget(args.seconds, None, time.perf_counter())
    hands = train(
        environment,
        policy,
        np.random.default_rng(args.seed),
        plan,
        32,
        lambda played, mean: print(f"  {played:>7} hands, mean of the last: {mean:8.1f}", file=sys.stderr),
    )
    made = (
        f"python -m tarocchi.research.baseline --game {args.game} --train --seconds {args.seconds:g} "
        f"--seed {args.seed}: {hands} hands in seat 0 against easy players"
    )
    policy.save(WEIGHTS / f"{args.game}.npz", made)
    print(f"trained: {made}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", required=True, choices=available_games())
    parser.add_argument("--hands", type=int, default=1000, help="hands against easy players")
    parser.add_argument("--medium-hands", type=int, default=200, help="hands against medium players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--train", action="store_true", help="train anew and write the weights")
    parser.add_argument("--seconds", type=float, default=600.0, help="training time with --train")
    parser.add_argument("--weights", type=Path, help="evaluate these weights (.npz), not the shipped ones")
    args = parser.parse_args(argv)
    if args.train and args.weights:
        parser.error("--train writes the shipped weights: give --weights without it")
    if args.hands < 2 or args.medium_hands < 2:
        parser.error(f"--hands and --medium-hands must be at least 2 (got {args.hands}, {args.medium_hands})")
    if args.train:
        _train(args)
    path = args.weights or WEIGHTS / f"{args.game}.npz"
    if not path.exists():
        parser.error(f"no weights at {path}: make the baseline with --train")
    policy, made = LinearPolicy.load(path)
    fitted = TarocchiEnv(args.game)
    shape = fitted.encoder.actions, fitted.observer.layout.size + 1
    if policy.weights.shape != shape:
        parser.error(f"{path} holds weights of shape {policy.weights.shape}, {args.game} needs {shape}")
    print(f"baseline: {args.game}, {made}")
    for opponents, hands in (("easy", args.hands), ("medium", args.medium_hands)):
        environment = TarocchiEnv(args.game, opponents=opponents, illegal_action="raise")
        result = evaluate(environment, lambda _i: policy.greedy, args.seed, hands)
        print(f"against {opponents} players, {hands} hands in duplicate, seat 0:")
        for line in report(result, "baseline", "greedy", "baseline"):
            print(f"  {line}")
        medium = [
            play_hand(environment, hand_seed, computer(environment, "medium", i))[0]
            for i, hand_seed in enumerate(hand_seeds(args.seed, hands))
        ]
        print(f"  the medium player in the seat, on the same hands: {np.mean(medium):.1f} points a hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
