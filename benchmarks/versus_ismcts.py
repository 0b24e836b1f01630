"""Our computer players and OpenSpiel's IS-MCTS on the same deals, paired by deal.

    python benchmarks/versus_ismcts.py piedmont --hands 60 --players hard,ismcts@40,medium
    python benchmarks/versus_ismcts.py taroinche --hands 60 --players hard,search-uniform,ismcts@40

Each player under test sits in seat 0 for every hand, the other seats are the game's medium
players, and the dealer moves on each hand (hand ``n`` is dealt by seat ``n mod players``). The
cards of hand ``n`` come from one generator seeded by ``--seed`` and ``n``, so every player under
test holds the same cards against the same opponents: the difference between two players on a
hand is the difference their play makes (the medium players and IS-MCTS are seeded too). It
prints each player's mean points a hand with its standard error, then the paired difference of
each later player against the first, and seat 0's decision times. ``ismcts@N`` is OpenSpiel's
IS-MCTS with ``N`` simulations a decision and random rollouts (``research.openspiel_bots``);
any other name is one of our players (``hard``, ``medium``, ``search-uniform`` for the hard level
with uniform worlds, ``search-bidding`` for the hard level with its bids searched, ...).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

try:
    from tarocchi.research.openspiel import load
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi.research.openspiel import load

from tarocchi.core.protocol import parse_option_pairs
from tarocchi.core.registry import available_games
from tarocchi.research.openspiel_bots import TarocchiBot, ismcts_bot


def seat_0_bot(name: str, game: Any, seed: int) -> Any:
    """The player under test as a pyspiel bot for seat 0."""
    kind, at, simulations = name.partition("@")
    if kind == "ismcts":
        return ismcts_bot(game, int(simulations) if at else 40, seed=seed)
    return TarocchiBot(game, 0, name, seed=seed)


def play_hand(
    game_id: str, options: dict[str, str], name: str, number: int, seed: int
) -> tuple[float, list[float]]:
    """Seat 0's points on hand ``number`` with ``name`` in seat 0, and its decision times."""
    game = load(game_id, options, dealer=number % load(game_id, options).num_players())
    bots = [seat_0_bot(name, game, seed + number)]
    bots += [TarocchiBot(game, seat, "medium", seed=seed + number) for seat in range(1, game.num_players())]
    order = iter(np.random.RandomState([seed, number]).permutation(game.rules.deck.size))
    state = game.new_initial_state()
    times: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(next(order)))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        action = bots[seat].step(state)
        if seat == 0:
            times.append(time.perf_counter() - start)
        state.apply_action(action)
    return state.returns()[0], times


def error(values: list[float]) -> float:
    """The standard error of the mean of ``values``."""
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=available_games())
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument(
        "--players", default="hard,ismcts@40", help="comma-separated, the first is the reference"
    )
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    options = parse_option_pairs(args.option)
    names = [name.strip() for name in args.players.split(",") if name.strip()]
    points: dict[str, list[float]] = {name: [] for name in names}
    times: dict[str, list[float]] = {name: [] for name in names}
    for number in range(args.hands):
        line = []
        for name in names:
            score, spent = play_hand(args.game, options, name, number, args.seed)
            points[name].append(score)
            times[name].extend(spent)
            line.append(f"{name} {score:+.0f}")
        print(f"hand {number + 1}: " + ", ".join(line), flush=True)
    shown = " ".join(f"{key}={value}" for key, value in options.items())
    print(f"\n{args.game} {shown} {args.hands} hands, seed {args.seed}, seat 0 under test, others medium")
    for name in names:
        spent = sorted(times[name]) or [0.0]
        p50, p99 = spent[len(spent) // 2], spent[min(len(spent) - 1, int(len(spent) * 0.99))]
        print(
            f"  {name:16} {statistics.fmean(points[name]):+8.2f} a hand, s.e. {error(points[name]):6.2f}"
            f"   decisions p50 {p50 * 1e3:5.0f} ms, p99 {p99 * 1e3:5.0f} ms, max {spent[-1] * 1e3:5.0f} ms"
        )
    first = names[0]
    for name in names[1:]:
        diffs = [a - b for a, b in zip(points[first], points[name], strict=True)]
        print(
            f"  {first} - {name}: {statistics.fmean(diffs):+8.2f} a hand, s.e. {error(diffs):6.2f} (paired)"
        )


if __name__ == "__main__":
    main()
