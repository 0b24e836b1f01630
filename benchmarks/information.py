"""What knowing the hidden hands is worth to the hard level, and how much of them its inference finds.

    python benchmarks/information.py piedmont --deals 160 --seed 51 --jobs 2
    python benchmarks/information.py sicilian --accuracy 12 --seed 1

**Points** (the default): seat 0 under test on the same deals against the game's medium players,
as ``benchmarks/versus_ismcts.py`` seats them, for the hard level, ``search-uniform`` (the hard
level with uniform worlds) and ``oracle``: the hard level's search whose every world is the true
one. The oracle sees every hand, so it is a yardstick for this benchmark, never a player at a
table. The paired differences say what the inference adds over uniform worlds, and how far
the hard level is from play that knows every hand.

**Placement** (``--accuracy HANDS``): hands of medium players. At each decision of seat 0 that
the kernel covers (the trick play), after another seat has acted, 40 worlds are drawn
uniformly (``game.resample``) and 40 from the hard level's weighed worlds
(``players.hard_sampler``). For each way, it prints the share of the cards in the other seats'
hands that its worlds give to the seat that truly holds them.

**Hints** (``--hints HANDS [--likely SHARE]``): at the same decisions, every fact a hint could
name from the weighed worlds (``explain.inferred_facts``: a seat likely void in a suit, likely
holding a card), and how often it is true of the real hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # versus_ismcts beside this file
import versus_ismcts  # it puts the source tree on the path when tarocchi is not installed

from tarocchi.bots.base import Player
from tarocchi.bots.explain import LIKELY_HOLDS, inferred_facts
from tarocchi.bots.inference import InferredWorlds, others_acted
from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.players import hard_player, hard_sampler
from tarocchi.bots.registry import game_players
from tarocchi.bots.search import DECISION_SECONDS
from tarocchi.bots.tournament import interval
from tarocchi.core.protocol import Game, HandContext, parse_option_pairs
from tarocchi.core.registry import available_games, get_game
from tarocchi.core.views import PlayerView

ORACLE = "oracle"
WORLDS = 40
"""Worlds drawn each way at a decision for the placement."""


class TrueWorlds:
    """The worlds of a player who sees every hand: each is the true state. The game's ``view``
    is wrapped (once per game object: games are shared within a process) to keep the state of
    the latest view it made. The table makes the view it hands a player just before that player
    chooses, so at a decision the latest view is the player's own (checked: anything else is an
    error, never a wrong world)."""

    def __init__(self, game: Game[Any]) -> None:
        recording = vars(game).get("view")
        if not isinstance(recording, _Recording):
            recording = _Recording(game.view)
            game.view = recording  # type: ignore[method-assign]
        self.recording = recording

    def __call__(self, view: PlayerView, rng: random.Random) -> Callable[[], Any]:
        latest = self.recording.latest
        if latest is None or latest[0] is not view:
            raise RuntimeError("the oracle was asked about a view the table did not just make")
        state = latest[1]
        return lambda: state


class _Recording:
    """A game's ``view``, keeping the latest view made and the state it was made of."""

    def __init__(self, view: Callable[[Any, int | None], PlayerView]) -> None:
        self.view = view
        self.latest: tuple[PlayerView, Any] | None = None

    def __call__(self, state: Any, seat: int | None) -> PlayerView:
        made = self.view(state, seat)
        self.latest = (made, state)
        return made


def oracle(game: Game[Any]) -> Player:
    """The hard level's search (its kernel, worlds and time) with every world the true one."""
    player = hard_player(game)
    player.sampler = TrueWorlds(game)
    player.name = ORACLE
    return player


def make(name: str, game: Game[Any]) -> Player:
    """``oracle``, or any player ``versus_ismcts`` makes."""
    return oracle(game) if name == ORACLE else versus_ismcts.make(name, game)


def placement(game: Game[Any], world: Any, truth: Any, seat: int) -> float:
    """The share of the cards in the other seats' hands in ``truth`` that ``world`` gives to
    the same seat."""
    others = [s for s in range(game.players) if s != seat]
    held = [game.view(truth, s).hand.mask for s in others]
    placed = [game.view(world, s).hand.mask for s in others]
    right = sum((mine & theirs).bit_count() for mine, theirs in zip(placed, held, strict=True))
    return right / sum(mask.bit_count() for mask in held)


def decisions(game: Game[Any], hands: int, seed: int) -> Iterator[tuple[PlayerView, Any, InferredWorlds]]:
    """Hands of medium players: each decision of seat 0 that the kernel covers (the trick play),
    after another seat has acted, with its true state and a hard level's sampler of the hand."""
    heuristic = game_players(game).heuristic()
    kernel = kernel_factory(game)
    for number in range(hands):
        rng = random.Random(f"{seed}/{number}")
        dealer = rng.randrange(game.players)
        state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
        sampler = hard_sampler(game, DECISION_SECONDS)
        while (actor := game.to_act(state)) is not None:
            view = game.view(state, actor)
            if actor == 0 and len(view.legal_actions) > 1 and others_acted(view) and kernel(state):
                yield view, state, sampler
            state = game.apply(state, heuristic.choose(view, rng))


def accuracy(game: Game[Any], hands: int, seed: int) -> dict[str, list[float]]:
    """Each decision's mean placement over ``WORLDS`` worlds, uniform and weighed (above)."""
    rng = random.Random(seed)
    found: dict[str, list[float]] = {"uniform": [], "weighed": []}
    for view, state, sampler in decisions(game, hands, seed):
        draw = sampler(view, rng)
        uniform = [game.resample(view, rng) for _ in range(WORLDS)]
        weighed = [draw() for _ in range(WORLDS)]
        for name, worlds in (("uniform", uniform), ("weighed", weighed)):
            found[name].append(statistics.fmean(placement(game, w, state, 0) for w in worlds))
    return found


def hints(game: Game[Any], hands: int, seed: int, likely: float) -> dict[str, list[float]]:
    """For every fact a hint could name at these decisions (``explain.inferred_facts`` of the
    weighed worlds, a holding likely past ``likely`` of the weight), 1 if it is true of the real
    hands, else 0: voids and holdings apart."""
    rng = random.Random(seed)
    found: dict[str, list[float]] = {"void": [], "holds": []}
    for view, state, sampler in decisions(game, hands, seed):
        for fact in inferred_facts(game, view, sampler.inferred(view, rng), likely):
            true = fact.true_of(game.view(state, fact.seat).hand.mask)
            found["void" if fact.void else "holds"].append(float(true))
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=available_games())
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--deals", type=int, default=8, help="at least this many deals (whole games)")
    parser.add_argument(
        "--players",
        default=f"hard,{ORACLE},search-uniform",
        help="comma-separated, the first is the reference",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--accuracy", type=int, metavar="HANDS", help="measure the placement instead")
    parser.add_argument("--hints", type=int, metavar="HANDS", help="measure the hints' facts instead")
    parser.add_argument(
        "--likely",
        type=float,
        default=LIKELY_HOLDS,
        help=f"with --hints, the share of the weight that makes a holding likely ({LIKELY_HOLDS})",
    )
    args = parser.parse_args(argv)
    game = get_game(args.game, parse_option_pairs(args.option))
    if args.accuracy is not None:
        found = accuracy(game, args.accuracy, args.seed)
        print(f"{args.game} {args.accuracy} hands, seed {args.seed}: {len(found['uniform'])} decisions")
        for name, shares in found.items():
            mean, low, high = interval(shares)
            print(f"  {name:8} worlds place {mean:.1%} of the hidden cards rightly ({low:.1%} .. {high:.1%})")
        return
    if args.hints is not None:
        facts = hints(game, args.hints, args.seed, args.likely)
        likely = f"likely holds past {args.likely:.0%} of the weight"
        print(f"{args.game} {args.hints} hands, seed {args.seed}: {likely}")
        for kind, true in facts.items():
            if true:
                mean, low, high = interval(true)
                print(f"  {kind:5} facts {len(true):6}, true {mean:.1%} ({low:.1%} .. {high:.1%})")
        return
    versus_ismcts.compare(game, args.players.split(","), args.deals, args.seed, args.jobs, make)


if __name__ == "__main__":
    main()
