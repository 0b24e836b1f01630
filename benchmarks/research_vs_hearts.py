"""Random play with tensors at every decision, side by side: our games against OpenSpiel's hearts.

    python benchmarks/research_vs_hearts.py [--rounds 5] [--seconds 3] [--game G ...] [--reference]

Rounds alternate, so that the load of the shared machine falls on both sides alike: in each round,
every game of ours plays for ``--seconds`` through ``research_loop.hands_per_second`` (at every
decision the seat to act's information-state tensor and its legal-action mask, a legal id drawn
from the mask; the tensor kept from the seat's events by ``IncrementalEncoder``, or with
``--reference`` also, in a column of its own, written from the seat's view by ``Encoder``, the
path before it), then OpenSpiel's hearts plays as long with
``information_state_tensor`` of the player to act at every decision (chance outcomes drawn by their
probabilities, a uniformly random legal action). Hearts runs with OpenSpiel's default parameters
(4 players, a pass phase of three cards, 52 cards, 13 tricks). One of our hands and one hearts
game are each one episode: a deal played out. Printed: each side's games/s and decisions/s
(medians over the rounds) and, per game, the median of the rounds' ratios (ours / hearts'). Our
decisions per hand are counted apart, in a second of ``tarocchi bench``'s random play, and
multiply the hands/s. Needs the research extra (numpy, open-spiel).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from importlib.metadata import version
from typing import Any

import pyspiel
from research_loop import hands_per_second  # benchmarks/ is on the path when run as a script

from tarocchi.bench import random_play
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, get_game

GOAL = 5.0
"""The issue's goal: our games/s at least five times hearts'."""


def hearts_games_per_second(game: Any, seconds: float, rng: random.Random) -> tuple[float, float]:
    """OpenSpiel games of random play per second, the information-state tensor read at every
    decision; and decisions per second."""
    games = decisions = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed


def decisions_per_hand(game: Game[Any]) -> float:
    """The mean number of decisions in a hand of uniformly random legal actions, from a second
    of ``tarocchi bench``'s random play (hundreds of hands; only the counts are used)."""
    played = random_play(game, 1.0, seed=2)
    return played.decisions / played.hands


def _reference(views: list[float], hearts: list[float]) -> str:
    """The from-views columns: games/s (median) and the median of the rounds' ratios to hearts."""
    ratio = statistics.median(v / h for v, h in zip(views, hearts, strict=True))
    return f" {statistics.median(views):>19,.0f} {ratio:>6.2f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per side, game and round")
    parser.add_argument("--game", action="append", choices=available_games(), help="only this game")
    parser.add_argument(
        "--reference", action="store_true", help="also time the tensors written from views (Encoder)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0:
        parser.error(f"--rounds must be 1 or more and --seconds above 0 (got {args.rounds}, {args.seconds})")
    games = {game_id: get_game(game_id) for game_id in args.game or available_games()}
    hearts = pyspiel.load_game("hearts")
    print(f"OpenSpiel {version('open_spiel')} hearts, default parameters: {hearts.get_parameters()}")
    per_hand = {game_id: decisions_per_hand(game) for game_id, game in games.items()}
    ours: dict[str, list[float]] = {game_id: [] for game_id in games}
    theirs: dict[str, list[tuple[float, float]]] = {game_id: [] for game_id in games}
    views: dict[str, list[float]] = {game_id: [] for game_id in games}
    rng = random.Random(1)
    for number in range(1, args.rounds + 1):
        for game_id, game in games.items():
            ours[game_id].append(hands_per_second(game, args.seconds, "information_state"))
            theirs[game_id].append(hearts_games_per_second(hearts, args.seconds, rng))
            if args.reference:
                views[game_id].append(hands_per_second(game, args.seconds, "information_state", True))
            print(
                f"round {number} {game_id}: {ours[game_id][-1]:,.0f} games/s, "
                f"hearts {theirs[game_id][-1][0]:,.0f}"
                + (f", from views {views[game_id][-1]:,.0f}" if args.reference else ""),
                file=sys.stderr,
            )
    print(
        f"{'game':<10} {'decisions/game':>14} {'games/s':>9} {'decisions/s':>12} "
        f"{'hearts games/s':>15} {'hearts decisions/s':>19} {'ratio games/s':>14} {'ratio decisions/s':>18}"
        + (f" {'from views games/s':>19} {'ratio':>7}" if args.reference else "")
    )
    for game_id in games:
        own = statistics.median(ours[game_id])
        hearts_games = statistics.median(g for g, _ in theirs[game_id])
        hearts_decisions = statistics.median(d for _, d in theirs[game_id])
        pairs = list(zip(ours[game_id], theirs[game_id], strict=True))
        ratio = statistics.median(o / g for o, (g, _) in pairs)
        decisions_ratio = statistics.median(o * per_hand[game_id] / d for o, (_, d) in pairs)
        print(
            f"{game_id:<10} {per_hand[game_id]:>14.1f} {own:>9,.0f} {own * per_hand[game_id]:>12,.0f} "
            f"{hearts_games:>15,.0f} {hearts_decisions:>19,.0f} {ratio:>13.2f}x {decisions_ratio:>17.2f}x"
            + (_reference(views[game_id], [g for g, _ in theirs[game_id]]) if args.reference else "")
        )
    print(f"goal: at least {GOAL:g}x hearts' games/s (median of {args.rounds} alternating rounds)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
