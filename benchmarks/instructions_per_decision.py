"""Instructions a decision of random play through the public protocol, counted by callgrind.

    python benchmarks/instructions_per_decision.py [--game piedmont] [--options JSON] [--hands 1000]

Seconds on a shared machine move with its load; instructions executed do not (callgrind counts
the same for the same build, seed and hands whatever else runs), so two builds can be told
apart by a few percent where the side-by-side ratio cannot. The figure is the count of a run
of ``--hands`` hands less that of a run of none (the interpreter's start and the imports),
divided by the decisions made: what ``tarocchi.bench.random_play`` does a decision, with each
hand's deal, start and score spread over its decisions. Fewer instructions is not always less
time (a cache miss costs more than an add), so the side-by-side script on a quiet machine has
the last word. Needs valgrind (Debian's package); ``TAROCCHI_PURE=1`` counts the pure engine.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PLAY = r"""
import json, sys
from tarocchi import get_game
from tarocchi.bench import play_hands
print(play_hands(get_game(sys.argv[1], json.loads(sys.argv[2])), int(sys.argv[3]), seed=12345))
"""
"""``bench.random_play``'s random play, by hands instead of seconds (a count needs a fixed
amount of work)."""

SOURCE = Path(__file__).resolve().parent.parent / "src"


def counted(game: str, options: str, hands: int) -> tuple[int, int]:
    """Instructions executed by a run of ``hands`` hands, and the decisions it made (this
    checkout's engine, as ``make compiled`` left it)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])),
    }
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", PLAY, game, options, str(hands)],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    refs = re.search(r"refs:\s+([\d,]+)", run.stderr)
    if refs is None:
        raise SystemExit(f"callgrind printed no count:\n{run.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="piedmont")
    parser.add_argument("--options", default="{}", help='JSON, e.g. \'{"good_evil": "allegiance"}\'')
    parser.add_argument("--hands", type=int, default=1000)
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        json.loads(args.options)
    except ValueError as error:
        parser.error(f"--options must be JSON ({error})")
    if shutil.which("valgrind") is None:
        parser.error("needs valgrind (e.g. apt-get install valgrind)")
    sys.path.insert(0, str(SOURCE))
    from tarocchi import loading

    start, _ = counted(args.game, args.options, 0)
    total, decisions = counted(args.game, args.options, args.hands)
    per = (total - start) / decisions
    print(f"{args.game} {args.options}: {per:,.0f} instructions a decision "
          f"({decisions:,} decisions in {args.hands:,} hands; engine: {loading.mode()})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
