"""How strong the computer players are, in every game and option, on the same deals.

    python benchmarks/strength.py                      # one game of deals per game and option
    python benchmarks/strength.py --deals 8 --jobs 2 --game piedmont
    python benchmarks/strength.py --no-ismcts          # the levels' ladder alone
    python benchmarks/strength.py --no-ladder --simulations 40
    python benchmarks/strength.py --no-ladder --game piedmont --option good_evil=trumps
    python benchmarks/strength.py --level expert      # expert v hard, expert v IS-MCTS alone

Two kinds of match, each paired by deal with a 95% normal interval over the deals:

- The ladder: each level against the one below it (medium v easy, hard v medium, and expert v
  hard where the game has an ``expert`` level), a duplicate tournament
  (``tarocchi.bots.tournament``): every deal played once per seating rotation, so each player
  holds the same cards in the same seats. The figure is the upper level's points a hand minus the
  lower's, deal by deal.
- Against OpenSpiel's IS-MCTS (``benchmarks/versus_ismcts.py``): the hard level (and expert)
  in seat 0 with the medium player in the other seats, then IS-MCTS in seat 0 on the same deals
  against the same opponents, at equal time per decision and at five times it. Equal time is
  measured, not assumed: on seat 0's first decisions of hands the medium players play, the
  tested player and IS-MCTS with a few simulations decide in turn (``calibrate``: both meet the
  machine's load at the same moments), and IS-MCTS's simulations are set so that its mean
  decision takes as long as the tested player's; the count is printed, so ``--simulations N``
  repeats a run exactly (IS-MCTS is seeded from its seat's generator), and each row shows both
  players' mean decision times. The figure is the tested player's seat-0 points a hand minus
  IS-MCTS's, deal by deal.

Each row also gives both players' decision times (the mean, p50, p99 and the longest) and the load average
(``os.getloadavg``, one minute) before and after it: the machine is shared, and times are only
meaningful with their load. Whole games are played, so ``--deals`` rounds up to a game.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # versus_ismcts beside this file
try:
    import tarocchi  # noqa: F401  # installed, or ...
except ImportError:  # ... run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from versus_ismcts import ISMCTS, IsmctsPlayer, seat_0_games, seat_0_points

from tarocchi.bots.players import make_player
from tarocchi.bots.tournament import GameScores, paired, percentile, play_chunk
from tarocchi.core.protocol import Game, HandContext, OptionError, parse_option_pairs
from tarocchi.core.registry import get_game
from tarocchi.spread import Spread, spread

CONFIGS: tuple[tuple[str, dict[str, str]], ...] = (
    ("piedmont", {"good_evil": "trumps"}),
    ("piedmont", {"good_evil": "allegiance"}),
    ("sicilian", {}),
    ("taroinche", {}),
    ("taroux", {}),
)
"""Every game, and each option that changes how it is played (Piedmont's Good and Evil)."""
LADDER = ("easy", "medium", "hard", "expert")
"""The levels from the weakest; a game's ladder stops at its strongest level."""
CALIBRATION_SIMULATIONS = 10
"""IS-MCTS's simulations a decision while its cost per simulation is timed."""
CALIBRATION_DECISIONS = 12
"""Seat 0's decisions with a choice timed to calibrate IS-MCTS."""
FIVE_TIMES = 5


@dataclass(frozen=True)
class Row:
    """One match on the same deals: the first player's points a hand minus the second's."""

    config: str
    first: str
    second: str
    deals: int
    first_mean: float
    second_mean: float
    difference: tuple[float, float, float]
    first_times: list[float]
    second_times: list[float]
    load: tuple[float, float]

    def markdown(self) -> str:
        mean, low, high = self.difference
        return (
            f"| {self.config} | {self.first} v {self.second} | {self.deals} | {self.first_mean:+.2f} | "
            f"{self.second_mean:+.2f} | **{mean:+.2f}** ({low:+.2f} .. {high:+.2f}) | "
            f"{times_text(self.first_times)} | {times_text(self.second_times)} | "
            f"{self.load[0]:.1f} / {self.load[1]:.1f} |"
        )


HEADER = (
    "| game | match (A v B) | deals | A a hand | B a hand | A - B, paired (95% interval) | "
    "A decisions mean / p50 / p99 / max ms | B decisions mean / p50 / p99 / max ms | load before / after |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def times_text(times: list[float]) -> str:
    """Decision times in milliseconds: the mean, p50, p99 and the longest."""
    if not times:
        return "-"
    shares = (percentile(times, share) for share in (0.5, 0.99, 1.0))
    return " / ".join(f"{t * 1e3:.0f}" for t in (statistics.fmean(times), *shares))


def chosen(games: list[str], options: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """The configurations of ``games`` (every game if none) that have every one of ``options``."""
    return [
        (game_id, config)
        for game_id, config in CONFIGS
        if (not games or game_id in games) and all(config.get(k) == v for k, v in options.items())
    ]


def load() -> float:
    return os.getloadavg()[0]


def config_name(game: Game[Any]) -> str:
    shown = ", ".join(value for name, value in sorted(game.options.items()) if name == "good_evil")
    return f"{game.info.id} ({shown})" if shown else game.info.id


def has_level(game: Game[Any], level: str) -> bool:
    """Whether ``game`` has a player of ``level`` (by name: the ladder knows no player's code)."""
    try:
        make_player(level, game)
    except ValueError:
        return False
    return True


def ladder(game: Game[Any], deals: int, seed: int, jobs: int, only: str | None = None) -> list[Row]:
    """Each of ``game``'s levels against the one below it (``only``: that level's match alone), duplicate."""
    levels = [level for level in LADDER if has_level(game, level)]
    games = max(1, -(-deals // game.hands_per_game()))
    rows = []
    for lower, upper in itertools.pairwise(levels):
        if only is not None and upper != only:
            continue
        before = load()
        task = partial(play_chunk, game.info.id, dict(game.options), [upper, lower], seed)
        results, _ = spread(task, games, Spread(jobs), largest=1)
        rows.append(row(game, upper, lower, results, results, 0, 1, before))
        print(rows[-1].markdown(), flush=True)
    return rows


def row(
    game: Game[Any],
    first: str,
    second: str,
    first_results: list[GameScores],
    second_results: list[GameScores],
    first_index: int,
    second_index: int,
    before: float,
) -> Row:
    """A match's row: the ``first_index`` player of ``first_results`` against the
    ``second_index`` player of ``second_results``, deal by deal (the same deals in both)."""
    a = [r[first_index] for result in first_results for r in result.per_deal]
    b = [r[second_index] for result in second_results for r in result.per_deal]
    pairs = list(zip(a, b, strict=True))
    return Row(
        config_name(game),
        first,
        second,
        len(pairs),
        statistics.fmean(a),
        statistics.fmean(b),
        paired(pairs, 0, 1),
        [t for result in first_results for t in result.times[first_index]],
        [t for result in second_results for t in result.times[second_index]],
        (before, load()),
    )


def calibrate(game: Game[Any], tested: str, seed: int) -> int:
    """IS-MCTS's simulations at equal time: on seat 0's first decisions with a choice in hands
    the medium players play, the tested player and IS-MCTS with ``CALIBRATION_SIMULATIONS``
    decide in turn (neither choice is played), so both meet the machine's load at the same
    moments; the simulations scale by the ratio of their mean times."""
    player = make_player(tested, game)
    ismcts = IsmctsPlayer(game, CALIBRATION_SIMULATIONS)
    medium = make_player("medium", game)
    rng = random.Random(f"strength/calibrate/{seed}")
    mine: list[float] = []
    theirs: list[float] = []
    dealer = 0
    while len(mine) < CALIBRATION_DECISIONS:
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        while (seat := game.to_act(state)) is not None and len(mine) < CALIBRATION_DECISIONS:
            view = game.view(state, seat)
            if seat == 0 and len(view.legal_actions) > 1:
                for who, spent in ((player, mine), (ismcts, theirs)):
                    start = time.perf_counter()
                    who.choose(view, random.Random(rng.getrandbits(64)))
                    spent.append(time.perf_counter() - start)
            state = game.apply(state, medium.choose(view, rng))
        dealer = (dealer + 1) % game.players
    return simulations_for(mine, statistics.fmean(theirs) / CALIBRATION_SIMULATIONS)


def simulations_for(tested: list[float], per_simulation: float) -> int:
    """IS-MCTS's simulations whose mean decision costs as much as ``tested``'s mean decision."""
    return max(1, round(statistics.fmean(tested or [per_simulation]) / per_simulation))


def versus_ismcts(
    game: Game[Any], tested: str, deals: int, seed: int, jobs: int, simulations: int | None
) -> list[Row]:
    """``tested`` in seat 0 against IS-MCTS in seat 0 on the same deals, at equal time per
    decision and at five times it."""
    before = load()
    mine = seat_0_games(game, tested, deals, seed, jobs)
    if simulations is None:
        simulations = calibrate(game, tested, seed)
    rows = []
    for count in (simulations, FIVE_TIMES * simulations):
        name = f"{ISMCTS}@{count}"
        theirs = seat_0_games(game, name, deals, seed, jobs)
        assert len(seat_0_points(theirs)) == len(seat_0_points(mine))
        rows.append(row(game, tested, name, mine, theirs, 0, 0, before))
        print(rows[-1].markdown(), flush=True)
        before = load()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=1, help="at least this many deals a match (whole games)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game (repeat for more)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--simulations", type=int, help="IS-MCTS's simulations at equal time (else measured)")
    parser.add_argument("--no-ladder", action="store_true", help="skip the levels' ladder")
    parser.add_argument("--no-ismcts", action="store_true", help="skip the matches against IS-MCTS")
    parser.add_argument(
        "--option", action="append", default=[], help="only the configurations with this option, name=value"
    )
    parser.add_argument(
        "--level", choices=LADDER[2:], help="only this level's matches: against the one below and IS-MCTS"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.jobs < 1 or (args.simulations is not None and args.simulations < 1):
        parser.error("--deals, --jobs and --simulations must be positive")
    try:
        wanted = parse_option_pairs(args.option)
    except OptionError as error:
        parser.error(str(error))
    configs = chosen(args.game or [], wanted)
    if not configs:
        parser.error(f"no such game and options; the games are: {', '.join(sorted({g for g, _ in CONFIGS}))}")
    print(f"seed {args.seed}, at least {args.deals} deals a match, {args.jobs} jobs, load {load():.1f}")
    print(HEADER, flush=True)
    for game_id, options in configs:
        game = get_game(game_id, options)
        if not args.no_ladder:
            ladder(game, args.deals, args.seed, args.jobs, args.level)
        if not args.no_ismcts:
            for tested in ("hard", "expert"):
                if has_level(game, tested) and args.level in (None, tested):
                    versus_ismcts(game, tested, args.deals, args.seed, args.jobs, args.simulations)
    return 0


if __name__ == "__main__":
    sys.exit(main())
