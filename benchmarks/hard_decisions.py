"""How long the table server's hard player thinks: every decision of whole hands, per game.

    python benchmarks/hard_decisions.py [--hands N] [--seconds S] [--game G] [--player P]

The server gives the search player ``HARD_SECONDS`` per decision (the hard level's own default,
``bots.search.DECISION_SECONDS``, is the same); a sampled world and one playout may run past it,
so this reports the median, the 99th percentile and the longest decision (those with a choice) to
show the bound (hard <= 1 s) holds, with the load average before and after each game.
``--player heuristic`` times the heuristic players instead (each decision well under 10 ms).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

try:
    from tarocchi import get_game
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi import get_game

from tarocchi.bots.players import make_player
from tarocchi.bots.tournament import percentile
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import available_games


def decision_times(game_id: str, hands: int, seconds: float, seed: int, player: str = "hard") -> list[float]:
    """Every decision's duration over ``hands`` hands, every seat played by ``player``."""
    game = get_game(game_id)
    hard = make_player(player, game, seconds=seconds)
    rng = random.Random(seed)
    times = []
    for number in range(hands):
        dealer = number % game.players
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            start = time.perf_counter()
            action = hard.choose(view, rng)
            if len(view.legal_actions) > 1:
                times.append(time.perf_counter() - start)
            state = game.apply(state, action)
    return sorted(times)


def main(argv: list[str] | None = None) -> int:
    from tarocchi.server.tables import HARD_SECONDS  # the server's own budget (web extra)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=2, help="hands per game (default 2)")
    parser.add_argument("--seconds", type=float, default=HARD_SECONDS, help="budget per decision")
    parser.add_argument("--game", action="append", choices=available_games(), help="only this game")
    parser.add_argument("--seed", type=int, default=1, help="deals and choices (default 1)")
    parser.add_argument("--player", default="hard", help="the computer player timed (default hard)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.seconds <= 0:
        parser.error("--hands and --seconds must be positive")
    print(f"{args.player}: budget {args.seconds:.2f} s per decision; {args.hands} hands per game")
    print(f"{'game':10} {'decisions':>9} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}  load before / after")
    for game_id in args.game or available_games():
        before = os.getloadavg()[0]
        times = decision_times(game_id, args.hands, args.seconds, args.seed, args.player)
        p50, p99 = (percentile(times, share) * 1000 for share in (0.5, 0.99))
        print(
            f"{game_id:10} {len(times):>9} {p50:>7.0f} {p99:>7.0f} {times[-1] * 1000:>7.0f}"
            f"  {before:.1f} / {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
