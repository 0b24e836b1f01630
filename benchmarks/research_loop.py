"""Random play through the research tensors: hands per second, every game.

    python benchmarks/research_loop.py [--seconds S] [--game G] [--tensor observation|information_state]
    python benchmarks/research_loop.py --phases [--seconds S] [--game G]

At every step the seat to act's tensor (the information state by default) and its legal-action
mask are written into preallocated buffers, and a legal id is drawn from the mask; one hand is
one game. The first column is the fast path (``IncrementalEncoder``: the tensor kept up to date
from the seat's events, no view built, the mask in the encoder's own buffer, ``legal_mask``);
the second the reference path (the seat's view, then ``Encoder``'s tensor and mask of it); the
third the engine alone (view and random legal action, no tensors), so the tensors' own cost
shows. ``--phases`` times the fast path's parts instead, in microseconds per decision (each call
timed apart, so the sum is a little above the loop's): who is to act, the tensor (and how many
steps were encoded in full from the view), the mask, drawing the action, the rules' ``apply``,
and dealing. Needs the research extra.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

try:
    from tarocchi.research.encoding import encoder
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from tarocchi.research.encoding import encoder

from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, get_game
from tarocchi.research.incremental import IncrementalEncoder


def hands_per_second(game: Game[Any], seconds: float, tensor: str | None, reference: bool = False) -> float:
    """Hands of random play completed per second for ``seconds`` (tensor None: the engine only;
    ``reference``: the tensors from views by ``Encoder``, else by ``IncrementalEncoder``)."""
    if tensor is not None and not reference:
        return _incremental(game, seconds, tensor)
    enc = encoder(game)
    buffer = enc.observation_buffer() if tensor == "observation" else enc.information_state_buffer()
    encode = enc.encode_observation if tensor == "observation" else enc.encode_information_state
    mask = enc.mask_buffer()
    actions = game.actions
    rng = random.Random(1)
    start = time.perf_counter()
    hands = 0
    while True:
        dealer = rng.randrange(game.players)
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            if tensor is None:
                action = rng.choice(view.legal_actions)
            else:
                encode(view, buffer)
                enc.action_mask(view, mask)
                legal = mask.nonzero()[0]
                action = actions[int(legal[rng.randrange(len(legal))])]
            state = game.apply(state, action)
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


def _incremental(game: Game[Any], seconds: float, tensor: str) -> float:
    """``hands_per_second`` on the fast path: no view, the tensor kept from the seat's events."""
    fast = IncrementalEncoder(game)
    encode = fast.observation if tensor == "observation" else fast.information_state
    legal_mask = fast.legal_mask
    actions = game.actions
    rng = random.Random(1)
    start = time.perf_counter()
    hands = 0
    while True:
        dealer = rng.randrange(game.players)
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        while (seat := game.to_act(state)) is not None:
            encode(state, seat)
            legal = legal_mask(state, seat).nonzero()[0]
            action = actions[int(legal[rng.randrange(len(legal))])]
            state = game.apply(state, action)
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed


PARTS = ("to_act", "tensor", "mask", "draw", "apply", "deal")


def phases(game: Game[Any], seconds: float) -> tuple[dict[str, float], float, float]:
    """The fast loop's parts in microseconds per decision, the share of steps encoded in full,
    and decisions per hand."""
    fast = IncrementalEncoder(game)
    actions = game.actions
    rng = random.Random(1)
    clock = time.perf_counter
    spent = dict.fromkeys(PARTS, 0.0)
    decisions = hands = 0
    start = clock()
    while clock() - start < seconds:
        t0 = clock()
        dealer = rng.randrange(game.players)
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        spent["deal"] += clock() - t0
        hands += 1
        while True:
            t0 = clock()
            seat = game.to_act(state)
            t1 = clock()
            spent["to_act"] += t1 - t0
            if seat is None:
                break
            fast.information_state(state, seat)
            t2 = clock()
            mask = fast.legal_mask(state, seat)
            t3 = clock()
            legal = mask.nonzero()[0]
            action = actions[int(legal[rng.randrange(len(legal))])]
            t4 = clock()
            state = game.apply(state, action)
            t5 = clock()
            spent["tensor"] += t2 - t1
            spent["mask"] += t3 - t2
            spent["draw"] += t4 - t3
            spent["apply"] += t5 - t4
            decisions += 1
    per = {part: total / decisions * 1e6 for part, total in spent.items()}
    return per, fast.full_encodes / decisions, decisions / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per game and column")
    parser.add_argument("--game", action="append", choices=available_games(), help="only this game")
    parser.add_argument("--tensor", default="information_state", choices=("observation", "information_state"))
    parser.add_argument("--phases", action="store_true", help="time the fast path's parts")
    args = parser.parse_args(argv)
    if args.phases:
        print(
            f"{'game':<10} {'decisions':>9} "
            + " ".join(f"{p:>7}" for p in PARTS)
            + f" {'total':>7} {'full':>5}"
        )
        for game_id in args.game or available_games():
            per, full, length = phases(get_game(game_id), args.seconds)
            cells = " ".join(f"{per[p]:>7.2f}" for p in PARTS)
            print(f"{game_id:<10} {length:>9.1f} {cells} {sum(per.values()):>7.2f} {full:>5.0%}")
        return 0
    print(
        f"{'game':<10} {'hands/s with ' + args.tensor + ' + mask':>38} {'from views (reference)':>23} "
        f"{'views only':>11}"
    )
    for game_id in args.game or available_games():
        game = get_game(game_id)
        fast = hands_per_second(game, args.seconds, args.tensor)
        reference = hands_per_second(game, args.seconds, args.tensor, reference=True)
        engine = hands_per_second(game, args.seconds, None)
        print(f"{game_id:<10} {fast:>38.1f} {reference:>23.1f} {engine:>11.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
