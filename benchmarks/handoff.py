"""The expert with and without phases handed off to the kernel, seat 0 on the same hands.

    python benchmarks/handoff.py piedmont --option good_evil=trumps --dealer 0 --hands 160 --seed 11
    python benchmarks/handoff.py taroux --phases STOCK,DISCARD,DECLARE --hands 120 --jobs 2

Each hand is dealt from ``--seed`` and its number, by ``--dealer`` (else the dealer passes on
hand by hand), and played twice with the other seats medium: once with seat 0 the expert whose
search plays every world before the trick play to the end with the heuristic (or leaves the
decision to it, as the hard level does), once with the expert handing ``--phases`` off to the
kernel (by default the phases the game's players hand off, ``GamePlayers.handed_off``). Every
seat draws from a generator of the seed, the hand and the seat, so the two differ only by what
the handing off changes. It prints seat 0's paired difference a hand with a 95% interval, how
many hands differ at all, and the handing-off expert's decision times in the phases handed off.
It plays hand by hand rather than whole games (``tarocchi.bots.tournament.play_game``), so that
a phase only one seat's deal reaches, the dealer's discard, can come up in every hand.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from enum import IntEnum
from functools import partial
from pathlib import Path
from typing import Any

try:
    from tarocchi import get_game
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi import get_game

from tarocchi.bots.base import Player
from tarocchi.bots.learned.player import ExpertPlayer, LearnedPlayer
from tarocchi.bots.players import hard_player, make_player
from tarocchi.bots.registry import game_players
from tarocchi.bots.tournament import paired, percentile
from tarocchi.core.protocol import Game, HandContext, parse_option_pairs
from tarocchi.core.registry import available_games
from tarocchi.spread import Spread, spread


def phase_of(game: Game[Any]) -> type[IntEnum]:
    """The game's ``Phase`` (the type of a view's phase)."""
    state = game.initial_state(game.deal(random.Random(0), 0), HandContext(1, 0, (0,) * game.players))
    return type(game.view(state, 0).phase)


def play(
    game_id: str, options: dict[str, str], dealer: int | None, phases: tuple[str, ...], seed: int, hand: int
) -> tuple[list[float], list[float]]:
    """Seat 0's points on hand ``hand`` without and with the handing off, and the handing-off
    expert's decision times in the phases handed off."""
    game = get_game(game_id, options)
    at = hand % game.players if dealer is None else dealer
    deal = game.deal(random.Random(f"{seed}-{hand}-deal"), at)
    first = game.initial_state(deal, HandContext(1, at, (0,) * game.players))
    handed = frozenset(phase_of(game)[name] for name in phases)
    points: list[float] = []
    times: list[float] = []
    for handoff in (frozenset(), handed):
        tested = ExpertPlayer(hard_player(game, handoff=handoff), LearnedPlayer(game))
        players: list[Player] = [tested] + [make_player("medium", game) for _ in range(game.players - 1)]
        rngs = [random.Random(f"{seed}-{hand}-{seat}") for seat in range(game.players)]
        state = first
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            start = time.perf_counter()
            action = players[seat].choose(view, rngs[seat])
            if handoff and seat == 0 and view.phase in handoff and len(view.legal_actions) > 1:
                times.append(time.perf_counter() - start)
            state = game.apply(state, action)
        result = game.outcome(state)
        assert result is not None
        points.append(result.scores[0])
    return points, times


def play_chunk(
    game_id: str,
    options: dict[str, str],
    dealer: int | None,
    phases: tuple[str, ...],
    seed: int,
    hands: list[int],
) -> list[tuple[list[float], list[float]]]:
    """``play`` for each hand of a chunk (``tarocchi.spread``'s task)."""
    return [play(game_id, options, dealer, phases, seed, hand) for hand in hands]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=available_games())
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--phases", help="comma-separated phase names (default: the game's handed_off)")
    parser.add_argument("--dealer", type=int, help="the seat that deals every hand (default: in turn)")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args()
    options = parse_option_pairs(args.option)
    game = get_game(args.game, options)
    names = (
        tuple(name.strip().upper() for name in args.phases.split(",") if name.strip())
        if args.phases
        else tuple(sorted(phase.name for phase in game_players(game).handed_off))
    )
    if not names:
        parser.error(f"{args.game} hands no phase off; name some with --phases")
    if args.dealer is not None and not 0 <= args.dealer < game.players:
        parser.error(f"--dealer: a seat from 0 to {game.players - 1}")
    known = [phase.name for phase in phase_of(game)]
    unknown = [name for name in names if name not in known]
    if unknown:
        parser.error(f"no phase {', '.join(unknown)} in {args.game}; its phases are: {', '.join(known)}")
    task = partial(play_chunk, args.game, dict(game.options), args.dealer, names, args.seed)
    results, _ = spread(task, args.hands, Spread(args.jobs), largest=1)
    rows = [points for points, _ in results]
    times = sorted(t for _, ts in results for t in ts) or [0.0]
    mean, low, high = paired(rows, 1, 0)
    shown = " ".join(f"{key}={value}" for key, value in game.options.items())
    dealt = "in turn" if args.dealer is None else str(args.dealer)
    print(f"{args.game} {shown} {len(rows)} hands, seed {args.seed}, dealer {dealt}")
    print(
        f"  handing off {', '.join(names)} minus not: {mean:+.2f} a hand ({low:+.2f} .. {high:+.2f}), "
        f"{sum(1 for a, b in rows if a != b)} hands differ"
    )
    print(
        f"  its decisions there: {len(times)}, p50 {percentile(times, 0.5) * 1e3:.0f} ms, "
        f"p99 {percentile(times, 0.99) * 1e3:.0f} ms, max {times[-1] * 1e3:.0f} ms"
    )


if __name__ == "__main__":
    main()
