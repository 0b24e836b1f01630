"""Train a game's learned policy and write its weights (docs/bots.md, "Learned policy").

    python -m tarocchi.bots.learned.train --game piedmont [--option good_evil=allegiance] --seed 1
        [--hands 1500] [--epochs 6] [--rounds 100] [--round-hands 1000] [--teacher heuristic]
        [--ray [--ray-address HOST:PORT] | --jobs J] [--out PATH]

First ``--hands`` hands with the teacher in every seat, every decision with a choice recorded
(a tenth of the hands held out), and the network fitted to the teacher's choices for
``--epochs`` passes; then ``--rounds`` rounds of ``--round-hands`` hands with the policy in one
seat against the teacher (each hand played again with the teacher in that seat, to measure the
policy's points against), each round followed by a policy-gradient step. ``--init`` starts from
weights already trained (say the heuristic's, to distill a search player from there: its
decisions cost thousands of times more, so its data are fewer). ``--ray`` plays the hands on
Ray (``--jobs`` in local processes), with the same data as here for the same seed. The weights go
to the package (``weights/<game>[-<option>-<value>].npz``) unless ``--out`` says where, with how
they were made: this command, the commit, the hours, the data's sizes.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from tarocchi.bots.learned import weights_path
from tarocchi.bots.learned.data import Decisions, Stage, gather
from tarocchi.bots.learned.network import Adam, Network
from tarocchi.bots.learned.player import LearnedPlayer
from tarocchi.bots.learned.training import distill, reinforce
from tarocchi.bots.players import make_player
from tarocchi.core.errors import TarocchiError
from tarocchi.core.registry import available_games, get_game
from tarocchi.spread import Spread

PG_RATE = 2e-4
"""The policy-gradient rounds' step size: a tenth of distillation's, so that noise moves it little."""


def commit() -> str:
    """The checkout's commit (with ``+changes`` if it has uncommitted ones), or ``unknown``."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=here, capture_output=True, text=True, check=True, timeout=10,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def options_of(pairs: Sequence[str], parser: argparse.ArgumentParser) -> dict[str, str]:
    options = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals:
            parser.error(f"--option takes name=value (got {pair!r})")
        options[name.strip()] = value.strip()
    return options


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tarocchi.bots.learned.train", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--game", required=True, choices=available_games())
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--hands", type=int, default=1500, help="hands of the teacher to distill")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=100, help="policy-gradient rounds")
    parser.add_argument("--round-hands", type=int, default=1000)
    parser.add_argument("--teacher", default="heuristic", help="the player distilled (a kind or level)")
    parser.add_argument("--init", type=Path, help="weights to start from (default: fresh ones)")
    parser.add_argument("--ray", action="store_true", help="play the hands on Ray (the scale extra)")
    parser.add_argument("--ray-address", help="a Ray cluster's head (default: a local Ray)")
    parser.add_argument("--jobs", type=int, default=1, help="local worker processes (without --ray)")
    parser.add_argument("--out", type=Path, help="where to write the weights (default: the package's)")
    args = parser.parse_args(argv)
    for name in ("hands", "epochs", "jobs"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.rounds < 0 or args.round_hands < 1:
        parser.error("--rounds must be 0 or more and --round-hands at least 1")
    try:
        game = get_game(args.game, options_of(args.option, parser))
        make_player(args.teacher, game)
    except (ValueError, LookupError, TarocchiError) as error:
        parser.error(str(error))
    options = tuple(sorted(game.options.items()))
    start_from = None
    if args.init is not None:
        try:
            start_from = Network.load(args.init)
        except (OSError, ValueError, KeyError) as error:
            parser.error(f"--init {args.init}: not weights this command wrote ({error})")
        try:
            LearnedPlayer(game, start_from)  # the player's own check that the weights fit the game
        except ValueError as error:
            parser.error(f"--init {args.init}: made for another game or features ({error})")
    where = Spread(jobs=args.jobs, ray=args.ray, ray_address=args.ray_address)

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    start = time.perf_counter()
    made_at = commit()
    stage = Stage(args.game, options, args.seed, "distill", args.teacher)
    data = gather(stage, args.hands, where)
    held = len(data) // 10
    training = Decisions(data.features[held:], data.masks[held:], data.chosen[held:], data.points[held:])
    held_out = Decisions(data.features[:held], data.masks[:held], data.chosen[:held], data.points[:held])
    played = time.perf_counter() - start
    say(f"{args.hands} hands of {args.teacher}: {len(data)} decisions in {played:.0f} s")
    scale = float(max(1.0, data.points.std()))
    network = start_from or Network.initial(data.features.shape[1], data.masks.shape[1], args.seed)
    fit = distill(network, training, held_out, args.epochs, args.seed, say=say)
    adam = Adam(network, PG_RATE)
    means = []
    for number in range(args.rounds):
        round_stage = Stage(args.game, options, args.seed, f"reinforce{number}", args.teacher, network)
        own = gather(round_stage, args.round_hands, where)
        means.append(round(reinforce(network, adam, own, scale), 2))
        say(
            f"  round {number + 1}: the policy's seat over the teacher's on the same deals: "
            f"{means[-1]:+.2f} points (mean over its decisions)"
        )
    seconds = time.perf_counter() - start
    command = "python -m tarocchi.bots.learned.train " + shlex.join(sys.argv[1:] if argv is None else argv)
    network.made = {
        "command": command,
        "commit": made_at,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "hours": round(seconds / 3600, 3),
        "game": args.game,
        "options": dict(options),
        "teacher": args.teacher,
        "init": None if start_from is None else start_from.made,
        "hands": args.hands,
        "decisions": len(data),
        "held_out": held,
        "held_out_loss": round(fit.loss, 4),
        "agreement": round(fit.agreement, 4),
        "rounds": args.rounds,
        "round_hands": args.round_hands,
        "round_means": means,
        "points_scale": round(scale, 3),
    }
    out = args.out or weights_path(game)
    out.parent.mkdir(parents=True, exist_ok=True)
    network.save(out)
    size = out.stat().st_size
    say(
        f"wrote {out} ({size / 1024:.0f} kB), {seconds:.0f} s, agreement with {args.teacher} "
        f"{100 * fit.agreement:.1f}% held out"
    )
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
