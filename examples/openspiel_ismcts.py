"""OpenSpiel's IS-MCTS against our medium (heuristic) players, through OpenSpiel's evaluate_bots.

    python examples/openspiel_ismcts.py piedmont --hands 20 --simulations 100
    python examples/openspiel_ismcts.py taroinche --option hands=10
    python examples/openspiel_ismcts.py --random-seconds 5      # random hands/s through OpenSpiel

IS-MCTS sits in seat 0 and the game's medium players in the others; the dealer moves on each
hand, so the searcher sees every position at the table. It prints the searcher's mean points
a hand with a 95% interval (normal approximation). IS-MCTS draws its worlds through our
resampler (``resample_from_infostate`` is ``game.resample``).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

from tarocchi.core.protocol import parse_option_pairs
from tarocchi.core.registry import available_games
from tarocchi.research.openspiel import load
from tarocchi.research.openspiel_bots import TarocchiBot, ismcts_bot


def ismcts_match(game_id: str, hands: int, simulations: int, options: dict[str, str], seed: int) -> None:
    rng = np.random.RandomState(seed)
    points: list[float] = []
    players = load(game_id, options).num_players()
    for number in range(hands):
        game = load(game_id, options, dealer=number % players)
        bots = [ismcts_bot(game, simulations, seed=seed + number)]
        bots += [
            TarocchiBot(game, seat, "medium", seed=seed + number) for seat in range(1, game.num_players())
        ]
        points.append(evaluate_bots(game.new_initial_state(), bots, rng)[0])
        print(f"hand {number + 1}: IS-MCTS {points[-1]:+.0f}", flush=True)
    mean = statistics.fmean(points)
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points)) if len(points) > 1 else math.inf
    who = f"IS-MCTS ({simulations} simulations) v medium"
    print(f"{game_id}: {who}, {hands} hands: {mean:+.1f} ± {half:.1f} a hand (95%)")


def random_throughput(seconds: float, seed: int) -> None:
    """Random hands (the deal's chance nodes included) through the OpenSpiel states, per game."""
    rng = np.random.RandomState(seed)
    for game_id in available_games():
        game = load(game_id)
        hands, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(rng.choice(outcomes, p=chances)))
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
            hands += 1
        print(f"{game_id}: {hands / (time.perf_counter() - start):.0f} random hands/s through pyspiel")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", nargs="?", default="piedmont", choices=available_games())
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=50, help="IS-MCTS simulations a decision")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-seconds", type=float, help="measure random hands/s per game instead")
    args = parser.parse_args()
    try:
        if args.random_seconds is not None:
            random_throughput(args.random_seconds, args.seed)
        else:
            ismcts_match(args.game, args.hands, args.simulations, parse_option_pairs(args.option), args.seed)
    except (ValueError, pyspiel.SpielError) as error:
        parser.error(str(error))


if __name__ == "__main__":
    main()
