"""The search player: perfect-information Monte Carlo over worlds sampled from its view.

For each decision it samples complete worlds consistent with what its seat knows (the game's
world sampler reads only the view), plays every legal action in each world, finishes the hand
with a playout (every seat choosing as the playout policy, by default the game's heuristic
player, does from its own view of that world), and takes the action with the best mean score
for its seat. The same worlds and playout seeds serve every action, so the comparison between
actions is not drowned in noise. It never reads the true state.

It knows no game: its worlds come from ``game.resample``, and its playout policy and the phases
it leaves to the heuristic are given to it (``bots.players.search_player`` takes them from the
game's ``GamePlayers``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from enum import IntEnum
from functools import partial
from typing import Any

from tarocchi.bots.base import Player, legal_choices
from tarocchi.bots.kernels import KernelFactory
from tarocchi.core.actions import Action, Play
from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

Sampler = Callable[[PlayerView, random.Random], Callable[[], Any]]
"""For a decision's view, a draw of its worlds: each call one full state."""

WORLDS = 20
"""Worlds per decision: with the heuristic playing out each world, 20 beat the heuristic player
clearly in every game at a median decision well under a second (docs/bots.md)."""
DECISION_SECONDS = 0.7
"""The hard level's time per decision unless it is given one: the table server's budget, so that
every decision ends within a second on the loaded 2-core development machine (docs/bots.md)."""


def random_playout(game: Game[Any], state: Any, seat: int, rng: random.Random) -> int:
    """Finish the hand at random; ``seat``'s game points."""
    to_act, legal, apply, choice = game.to_act, game.legal_actions, game.apply, rng.choice
    while to_act(state) is not None:
        state = apply(state, choice(legal(state)))
    result = game.outcome(state)
    assert result is not None
    return result.scores[seat]


def policy_playout(
    game: Game[Any],
    state: Any,
    seat: int,
    rng: random.Random,
    policy: Player,
    kernel: KernelFactory | None = None,
) -> int:
    """Finish the hand with every seat choosing as ``policy`` does from its own view of the world,
    or with ``kernel``, only until the kernel covers the hand (its trick play), then at random in
    the kernel; ``seat``'s game points."""
    to_act, view, apply, choose = game.to_act, game.view, game.apply, policy.choose
    while (actor := to_act(state)) is not None:
        k = None if kernel is None else kernel(state)
        if k is not None:
            k.random_playout(rng)
            return k.scores()[seat]
        state = apply(state, choose(view(state, actor), rng))
    result = game.outcome(state)
    assert result is not None
    return result.scores[seat]


def kernel_scores(
    k: Kernel, legal: tuple[Action, ...], seat: int, seed: int, deadline: float | None
) -> list[int]:
    """``seat``'s score after each card (or call) of ``legal`` in the kernel's world, each played
    out at random with the same seed; fewer scores if ``deadline`` passes."""
    mark = len(k.cards)
    scores: list[int] = []
    for action in legal:
        if deadline is not None and time.perf_counter() > deadline:
            break
        k.play(action.card.index if isinstance(action, Play) else k.call_move(str(action)))
        k.random_playout(random.Random(seed))
        scores.append(k.scores()[seat])
        k.undo_to(mark)
    return scores


class SearchPlayer:
    """PIMC with ``worlds`` sampled worlds per decision, or as many as ``seconds`` allows.

    Worlds come from ``game.resample``, or from ``sampler`` if given. ``playout`` finishes every
    world: each seat chooses as that player would from its own view of the world, or at random if
    it is None. Decisions in the ``delegated`` phases are not searched but left to ``delegate``
    (the game's heuristic player: see ``GamePlayers.delegated``). ``bots.players.search_player``
    builds one for a game."""

    def __init__(
        self,
        game: Game[Any],
        playout: Player | None,
        delegated: frozenset[IntEnum] = frozenset(),
        delegate: Player | None = None,
        *,
        worlds: int | None = None,
        seconds: float | None = None,
        name: str = "search",
        kernel: KernelFactory | None = None,
        kernel_worlds: int | None = None,
        sampler: Sampler | None = None,
        handoff: frozenset[IntEnum] = frozenset(),
    ):
        if delegated and delegate is None:
            raise ValueError("a search player that delegates phases needs a player to delegate them to")
        self.game = game
        self.playout = playout
        self.delegated = delegated
        self.delegate = delegate
        self.worlds = worlds if worlds is not None else WORLDS
        self.seconds = seconds
        self.name = name
        self.kernel = kernel
        """The game's playout kernel: worlds in trick play are played out by it at random, many
        times faster than the engine; other worlds by ``playout``."""
        self.kernel_worlds = kernel_worlds if kernel_worlds is not None else self.worlds
        """Worlds per decision when the kernel plays them out (``worlds`` for the others)."""
        self.sampler = sampler
        """Where each decision's worlds come from: ``game.resample`` (uniform) if None, else a
        sampler such as ``bots.inference.InferredWorlds`` (weighed by the other seats' actions)."""
        self.handoff = handoff if kernel is not None else frozenset()
        """Phases before the trick play whose worlds ``playout`` plays only until the trick play,
        which the kernel then plays out at random (``kernel_worlds`` of them, as cheap as the
        trick play's); other decisions the kernel does not cover are played out by ``playout``
        to the end (``worlds`` of them)."""

    def delegates(self, view: PlayerView) -> bool:
        """Whether this decision is left to ``delegate`` rather than searched."""
        return view.phase in self.delegated

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        if self.delegate is not None and self.delegates(view):
            return self.delegate.choose(view, rng)
        ranked = self.evaluate(view, rng)
        if ranked:
            return ranked[0][0]
        return self.fallback(view, rng)

    def fallback(self, view: PlayerView, rng: random.Random) -> Action:
        """The choice when the time ran out before a single world was played out: the delegate's
        (the heuristic's), else the playout policy's, else a random legal action."""
        quick = self.delegate if self.delegate is not None else self.playout
        return quick.choose(view, rng) if quick is not None else rng.choice(legal_choices(view))

    def evaluate(self, view: PlayerView, rng: random.Random) -> list[tuple[Action, float, int]]:
        """Every legal action with its mean playout score for this seat and the number of worlds,
        best first (ties keep the order of the legal actions); empty if ``seconds`` ran out before
        a single world was played out (a world of heuristic playouts of every discard may take
        longer than a decision's time on a slow machine)."""
        legal = view.legal_actions
        rows = self.world_scores(view, rng)
        if not rows:
            return []
        totals = [sum(column) for column in zip(*rows, strict=True)]
        ranked = sorted(range(len(legal)), key=lambda i: -totals[i])
        return [(legal[i], totals[i] / len(rows), len(rows)) for i in ranked]

    def world_scores(self, view: PlayerView, rng: random.Random) -> list[list[int]]:
        """This seat's playout score after each legal action (in their order), one row per world
        searched: the same worlds and playout seeds serve every action, so the rows pair them
        (the spread of the differences says how sure the comparison is). Empty if ``seconds``
        ran out before a single world was played out."""
        legal = view.legal_actions
        seat = view.seat
        assert seat is not None and legal
        game = self.game
        policy = self.playout
        rows: list[list[int]] = []
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        handed_to = self.kernel if view.phase in self.handoff else None
        limit = self.worlds if handed_to is None else self.kernel_worlds
        draw = self.sampler(view, rng) if self.sampler is not None else partial(game.resample, view, rng)
        while len(rows) < limit:
            if deadline is not None and time.perf_counter() > deadline:
                break  # out of time: no new world (sampling one may take long on a loaded machine)
            world = draw()
            playout_seed = rng.getrandbits(64)
            scores: list[int] = []
            k = None if self.kernel is None else self.kernel(world)
            if k is not None:
                limit = self.kernel_worlds  # the phase is public: every world is a kernel's
                scores = kernel_scores(k, legal, seat, playout_seed, deadline)
            for action in legal if k is None else ():
                if deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: this world is dropped half-played, the others stand
                after = game.apply(world, action)
                if policy is None:
                    scores.append(random_playout(game, after, seat, random.Random(playout_seed)))
                else:
                    playout_rng = random.Random(playout_seed)
                    scores.append(policy_playout(game, after, seat, playout_rng, policy, handed_to))
            if len(scores) < len(legal):
                break
            rows.append(scores)
        return rows
