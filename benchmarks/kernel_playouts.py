"""Random playouts through a game's playout kernel (``core.kernel``): card plays per second.

    python benchmarks/kernel_playouts.py [--game sicilian] [--option good_evil=allegiance]
        [--seconds 2] [--mode position|deal]

``position``: one hand from the start of trick play, played out and taken back by ``undo`` over
and over (what the search player does for each card in one world). ``deal``: each playout from
a fresh deal of the same cards among the hands, a new kernel built from the engine state (what
it does per world). Prints one JSON line with "decisions_per_s" (card plays per second), so that
``../shared/perf/side_by_side.py --against plain --project-cmd`` can set it beside the
plain-Python bitmask loop.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

try:
    from tarocchi import get_game
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi import get_game

from typing import Any

from tarocchi.bots.kernels import kernel_factory
from tarocchi.core.protocol import HandContext


def start_of_play(game: Any, rng: random.Random) -> Any:
    """A hand dealt and played at random (by the engine) to its first card."""
    factory = kernel_factory(game)
    assert factory is not None, f"{game.info.id} has no kernel"
    while True:
        state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
        while game.to_act(state) is not None and factory(state) is None:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if game.to_act(state) is not None:
            return state


def redeal(hands: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """The same cards dealt again at random, each hand keeping its size."""
    cards = [c for hand in hands for c in range(hand.bit_length()) if hand >> c & 1]
    rng.shuffle(cards)
    out = []
    for hand in hands:
        mask = 0
        for _ in range(hand.bit_count()):
            mask |= 1 << cards.pop()
        out.append(mask)
    return tuple(out)


def bench(
    game_id: str, seconds: float, mode: str, seed: int, options: dict[str, str] | None = None
) -> dict[str, Any]:
    game = get_game(game_id, options)
    factory = kernel_factory(game)
    assert factory is not None
    rng = random.Random(seed)
    state = start_of_play(game, rng)
    k = factory(state)
    assert k is not None
    mark = len(k.cards)
    plays = playouts = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            if mode == "deal":
                k = factory(state._replace(hands=redeal(state.hands, rng)))
                assert k is not None
                mark = len(k.cards)
            k.random_playout(rng)
            k.scores()
            plays += len(k.cards) - mark
            if mode == "position":
                k.undo_to(mark)
            playouts += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "options": options or {},
        "mode": mode,
        "playouts": playouts,
        "elapsed": elapsed,
        "playouts_per_s": playouts / elapsed,
        "decisions_per_s": plays / elapsed,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="sicilian")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--mode", choices=("position", "deal"), default="position")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    a = ap.parse_args()
    options = dict(option.split("=", 1) for option in a.option)
    print(json.dumps(bench(a.game, a.seconds, a.mode, a.seed, options)), flush=True)


if __name__ == "__main__":
    main()
