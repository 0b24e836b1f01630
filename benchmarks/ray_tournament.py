"""A duplicate tournament in local worker processes against the same on Ray, on this machine.

    python benchmarks/ray_tournament.py [--game G] [--players search,heuristic] [--deals N]
                                        [--seed S] [--ray-address ADDRESS]

Both runs use every CPU (``--jobs`` = the CPUs; a local Ray of the same CPUs, or the cluster at
``--ray-address``); each prints its deals per second, and the script checks that both gave the
same standings. Ray's start-up is timed apart: a long tournament pays it once. Needs the
``scale`` extra (pip install 'tarocchi[scale]'); see docs/deploy.md for measured figures.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

try:
    from tarocchi import get_game
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi import get_game

from tarocchi.bots.tournament import TournamentResult, tournament
from tarocchi.cli.common import cpus
from tarocchi.ray_workers import load_ray


def decided(result: TournamentResult) -> list[tuple[object, ...]]:
    """What the seed decides (not the decision times)."""
    return [(s.kind, s.mean, s.low, s.high, s.win_rate, s.decisions) for s in result.standings]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="piedmont")
    parser.add_argument("--players", default="search,heuristic")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ray-address", help="a Ray cluster's head (default: a local Ray)")
    args = parser.parse_args()
    kinds = args.players.split(",")
    per_game = get_game(args.game).hands_per_game()
    deals = -(-args.deals // per_game) * per_game
    print(f"{args.game}, {args.players}, {deals} deals, seed {args.seed}, {cpus()} CPUs here")

    start = time.perf_counter()
    local = tournament(args.game, kinds, args.deals, seed=args.seed, jobs=cpus())
    seconds = time.perf_counter() - start
    print(f"local processes (--jobs {cpus()}): {seconds:8.1f} s  {deals / seconds:8.2f} deals/s")

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray = load_ray()
    start = time.perf_counter()
    if args.ray_address:
        ray.init(address=args.ray_address, logging_level=logging.WARNING)
    else:
        ray.init(address="local", include_dashboard=False, logging_level=logging.WARNING)
    started = time.perf_counter() - start
    workers = int(ray.cluster_resources().get("CPU", 1))
    start = time.perf_counter()
    on_ray = tournament(args.game, kinds, args.deals, seed=args.seed, ray=True)
    seconds = time.perf_counter() - start
    ray.shutdown()
    print(
        f"Ray ({workers} CPUs, start-up {started:.1f} s apart): "
        f"{seconds:8.1f} s  {deals / seconds:8.2f} deals/s"
    )
    same = decided(local) == decided(on_ray)
    print("standings identical" if same else "STANDINGS DIFFER")
    for s in on_ray.standings:
        print(f"  {s.kind:10} {s.mean:+7.2f} ({s.low:+.2f}..{s.high:+.2f})  won {100 * s.win_rate:.1f}%")
    raise SystemExit(0 if same else 1)


if __name__ == "__main__":
    main()
