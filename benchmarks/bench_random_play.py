"""Random-play throughput of every registered game, as a plain-text table.

    python benchmarks/bench_random_play.py [--seconds S] [--game G]

The same measurement as ``tarocchi bench``, without the cli extra (standard library only).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

try:
    from tarocchi import bench, loading
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi import bench, loading


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per game and options")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    try:
        results = bench.run(
            args.seconds,
            args.game,
            on_result=lambda r: print(f"  {r.game} {r.options_text}: done", file=sys.stderr),
        )
    except KeyError as exc:  # UnknownGameError is a KeyError
        parser.error(str(exc))
    print(bench.format_table(results))
    print(f"engine: {loading.mode()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
