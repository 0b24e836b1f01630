"""Our computer players and OpenSpiel's IS-MCTS on the same deals, each in seat 0, paired by deal.

    python benchmarks/versus_ismcts.py piedmont --deals 8 --players hard,ismcts@40,medium
    python benchmarks/versus_ismcts.py taroinche --deals 10 --players hard,search-uniform,ismcts@40

Each player under test sits in seat 0 of whole games whose other seats are the game's medium
players; the dealer passes on each hand as the rules have it. The games are dealt by
``tarocchi.bots.tournament.play_game`` from ``--seed`` and the game's number, and every seat's
player draws from a generator of the seed and the seat, so every player under test holds the same
cards against the same opponents: the difference between two players on a deal is the difference
their play makes. It prints each player's mean points a hand (seat 0's) with a 95% interval, the
paired difference of each later player against the first, and seat 0's decision times.
``ismcts@N`` is OpenSpiel's IS-MCTS with ``N`` simulations a decision and random rollouts
(``research.openspiel_bots``), seeded from its seat's generator so that its runs repeat; any
other name is one of our players (``hard``, ``medium``, ``search-uniform`` for the hard level
with uniform worlds, ``search-bidding`` for the hard level with its bids searched, ...).
``benchmarks/strength.py`` runs this against every game and option with the levels' ladder.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

try:
    from tarocchi.research.openspiel import load
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi.research.openspiel import load

from tarocchi.bots.base import Player, legal_choices
from tarocchi.bots.players import make_player
from tarocchi.bots.tournament import GameScores, PlayerMaker, interval, paired, percentile, play_chunk
from tarocchi.core.actions import Action
from tarocchi.core.arguments import check_count
from tarocchi.core.protocol import Game, parse_option_pairs
from tarocchi.core.registry import available_games, get_game
from tarocchi.core.views import PlayerView
from tarocchi.research.openspiel_bots import ismcts_bot
from tarocchi.spread import Spread, spread

ISMCTS = "ismcts"
"""The name of OpenSpiel's IS-MCTS, ``ismcts@N`` with its simulations a decision."""


class IsmctsPlayer:
    """OpenSpiel's IS-MCTS as one of our players: from the seat's view alone it deals a world
    consistent with it (``game.resample``) as the search's root, whose information state is the
    view; the search draws its own worlds from that view again. Its generator, and so its choices,
    come from the seat's."""

    def __init__(self, game: Game[Any], simulations: int) -> None:
        check_count("simulations", simulations)
        self.spiel = load(game.info.id, dict(game.options))
        self.simulations = simulations
        self.name = f"{ISMCTS}@{simulations}"

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        rules = self.spiel.rules
        root = self.spiel.new_initial_state()
        world = rules.resample(view, random.Random(rng.getrandbits(64)))
        root.hand = replace(root.hand, state=world, dealer=view.dealer)
        bot = ismcts_bot(self.spiel, self.simulations, seed=rng.getrandbits(31))
        action: Action = rules.action_of(int(bot.step(root)))
        return action


def make(name: str, game: Game[Any]) -> Player:
    """A player by name: ``ismcts@N``, or one of ours (``make_player``)."""
    kind, at, simulations = name.partition("@")
    if kind == ISMCTS:
        return IsmctsPlayer(game, int(simulations) if at else 40)
    return make_player(name, game)


def in_seat_0(game: Game[Any], tested: int, others: int) -> tuple[int, ...]:
    """The seating with player ``tested`` in seat 0 and player ``others`` in every other seat."""
    return (tested,) + (others,) * (game.players - 1)


def seat_0_games(
    game: Game[Any],
    name: str,
    deals: int,
    seed: int,
    jobs: int,
    opponent: str = "medium",
    maker: PlayerMaker = make,
) -> list[GameScores]:
    """Whole games covering ``deals`` deals with ``name`` in seat 0 and ``opponent`` in the others,
    in ``jobs`` processes: the same games for every name and the same seed. ``maker`` makes the
    players by name (a module-level function, to reach the processes)."""
    games = max(1, -(-deals // game.hands_per_game()))
    task = partial(
        play_chunk,
        game.info.id,
        dict(game.options),
        [name, opponent],
        seed,
        seatings=[in_seat_0(game, 0, 1)],
        make=maker,
    )
    results, _ = spread(task, games, Spread(jobs), largest=1)
    return results


def seat_0_points(results: list[GameScores]) -> list[float]:
    """Seat 0's points on each deal of ``results``, in order."""
    return [row[0] for result in results for row in result.per_deal]


def times_ms(results: list[GameScores]) -> str:
    """Seat 0's decision times: the mean, p50, p99 and the longest, in milliseconds."""
    times = [t for result in results for t in result.times[0]] or [0.0]
    return (
        f"mean {statistics.fmean(times) * 1e3:5.0f} ms, "
        f"p50 {percentile(times, 0.5) * 1e3:5.0f} ms, p99 {percentile(times, 0.99) * 1e3:5.0f} ms, "
        f"max {max(times) * 1e3:5.0f} ms"
    )


def compare(
    game: Game[Any], names: list[str], deals: int, seed: int, jobs: int, maker: PlayerMaker = make
) -> None:
    """Print each of ``names`` in seat 0 of the same deals: its points a hand with a 95% interval
    and its decision times, then the paired difference of the first against each other."""
    names = [name.strip() for name in names if name.strip()]
    runs = {name: seat_0_games(game, name, deals, seed, jobs, maker=maker) for name in names}
    points = {name: seat_0_points(results) for name, results in runs.items()}
    shown = " ".join(f"{key}={value}" for key, value in game.options.items())
    played = len(points[names[0]])
    print(f"{game.info.id} {shown} {played} deals, seed {seed}, seat 0 under test, others medium")
    for name in names:
        mean, low, high = interval(points[name])
        spread_of = statistics.stdev(points[name]) if played > 1 else 0.0
        print(
            f"  {name:16} {mean:+8.2f} a hand ({low:+.2f} .. {high:+.2f}; s.d. {spread_of:.1f})"
            f"   decisions {times_ms(runs[name])}"
        )
    first = names[0]
    for name in names[1:]:
        rows = list(zip(points[first], points[name], strict=True))
        mean, low, high = paired(rows, 0, 1)
        print(f"  {first} - {name}: {mean:+8.2f} a hand ({low:+.2f} .. {high:+.2f}), paired by deal")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=available_games())
    parser.add_argument("--deals", type=int, default=8, help="at least this many deals (whole games)")
    parser.add_argument(
        "--players", default="hard,ismcts@40", help="comma-separated, the first is the reference"
    )
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    game = get_game(args.game, parse_option_pairs(args.option))
    compare(game, args.players.split(","), args.deals, args.seed, args.jobs)


if __name__ == "__main__":
    main()
