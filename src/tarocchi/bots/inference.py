"""Worlds weighed by what the other seats did: inference over the hidden hands.

``game.resample`` makes every world consistent with a view equally likely: the exact answer that
research needs, but a player at the table knows more. A seat that let a cheap trick go probably
had nothing to take it with; a seat that bid high probably holds the cards for it. Here candidate
worlds are drawn with ``game.resample``; each is weighed by how likely it makes every action the
other seats took (bids and passes, calls, discards, the cards they chose), as a softened model of
a player (the medium player, by default) would have taken them from that seat's view of the
world; worlds are then dealt out in proportion to their weights (sampling importance resampling).

The model is softened: it takes the action its player would with chance ``1 - softness``, and
any legal action at random otherwise, so that no world is ruled out by one surprising card. The
weights are also tempered, raised to the largest power that keeps the candidates' effective
number above a floor, so that a long hand's many small surprises do not leave a single world.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from tarocchi.bots.base import Player
from tarocchi.bots.registry import searching
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.resample import World, replay, resample
from tarocchi.core.views import PlayerView

SOFTNESS = 0.3
"""The model's chance of a random legal action instead of its player's choice."""
EFFECTIVE = 0.1
"""The floor of the tempered weights' effective number of worlds, as a share of the candidates:
low, because the medium player's choices are sharp (a world either explains a bid or hardly), and
a uniform draw seldom explains it; higher keeps more worlds the other seats' actions argue against."""

Step = tuple[Any, Action]
"""A state of a replayed hand and the action taken in it."""


class _Recorder:
    """What ``replay`` asks of a game, passed on to it, each state and the action applied to it
    kept in order: the replayed hand, step by step, to weigh."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.info = game.info
        self.steps: list[Step] = []

    def initial_state(self, deal: Deal, context: HandContext) -> Any:
        self.steps = []  # a world drawn again starts a new record
        return self.game.initial_state(deal, context)

    def apply(self, state: Any, action: Action) -> Any:
        self.steps.append((state, action))
        return self.game.apply(state, action)

    def explain_illegal(self, state: Any, action: Action) -> str | None:
        return self.game.explain_illegal(state, action)


def replayed_steps(game: Game[Any], view: PlayerView, world: World) -> list[Step]:
    """Every state of ``view``'s record replayed on ``world``, with the action taken in it."""
    recorder = _Recorder(game)
    replay(cast("Game[Any]", recorder), view, world)
    return recorder.steps


def action_chance(model: Player, view: PlayerView, action: Action, softness: float) -> float:
    """The chance that the softened ``model`` takes ``action`` from ``view``."""
    legal = view.legal_actions
    chosen = model.choose(view, random.Random(0)) if len(legal) > 1 else legal[0]
    return (1 - softness) * (chosen == action) + softness / len(legal)


class OutOfTime(Exception):
    """Weighing a world passed its deadline before every action was weighed."""


def log_likelihood(
    game: Game[Any],
    model: Player,
    seat: int,
    steps: Sequence[Step],
    softness: float = SOFTNESS,
    deadline: float | None = None,
) -> float:
    """The log of how likely the softened ``model`` makes every action of ``steps`` taken by a
    seat other than ``seat``, each from the acting seat's view (only actions with a choice count).
    Raises ``OutOfTime`` once ``time.perf_counter()`` passes ``deadline``: a world of a long hand
    asks the model for every choice the others made, too long to finish on a loaded machine."""
    total = 0.0
    to_act, view_of = game.to_act, game.view
    for state, action in steps:
        actor = to_act(state)
        if actor is None or actor == seat:
            continue
        view = view_of(state, actor)
        if len(view.legal_actions) > 1:
            if deadline is not None and time.perf_counter() > deadline:
                raise OutOfTime
            total += math.log(action_chance(model, view, action, softness))
    return total


def world_log_likelihood(
    game: Game[Any], model: Player, view: PlayerView, world: World, softness: float = SOFTNESS
) -> float:
    """How likely ``world`` makes what the other seats did in ``view``'s record, as a log."""
    assert view.seat is not None
    return log_likelihood(game, model, view.seat, replayed_steps(game, view, world), softness)


def effective_number(weights: Sequence[float]) -> float:
    """How many equally weighed worlds ``weights`` are worth: (sum w)^2 / sum w^2 (some weight
    above zero)."""
    return sum(weights) ** 2 / sum(w * w for w in weights)


def tempered(logs: Sequence[float], floor: float) -> list[float]:
    """Weights from log-likelihoods, raised to the largest power in (0, 1] whose effective number
    of worlds (``effective_number``) is at least ``floor`` (found by bisection)."""
    if not logs:
        return []
    top = max(logs)
    shifted = [value - top for value in logs]

    def weights(power: float) -> list[float]:
        return [math.exp(power * value) for value in shifted]

    if effective_number(weights(1.0)) >= floor:
        return weights(1.0)
    low, high = 0.0, 1.0
    for _ in range(20):
        middle = (low + high) / 2
        if effective_number(weights(middle)) >= floor:
            low = middle
        else:
            high = middle
    return weights(low)


def others_acted(view: PlayerView) -> bool:
    """Whether a seat other than ``view``'s has chosen anything this hand (else there is nothing
    to weigh a world by)."""
    return any(event.action is not None and event.seat not in (None, view.seat) for event in view.events)


@dataclass(frozen=True)
class Weighed:
    """A candidate world: the state replayed on it, and its (tempered) weight."""

    state: Any
    weight: float


class InferredWorlds:
    """A sampler of worlds for the search player: for each decision, ``candidates`` worlds (by
    default the number the game's players declare, ``GamePlayers.inferred_candidates``) from
    ``game.resample``, weighed by the softened ``model`` of the other seats and tempered so that
    their effective number stays above ``effective`` of them, then drawn in proportion to their
    weights. ``seconds`` bounds the time spent weighing (fewer candidates; none, and the worlds
    are drawn uniformly, when not even one is weighed in time)."""

    def __init__(
        self,
        game: Game[Any],
        model: Player,
        *,
        candidates: int | None = None,
        softness: float = SOFTNESS,
        effective: float = EFFECTIVE,
        seconds: float | None = None,
    ) -> None:
        self.game = game
        self.model = model
        default = searching(game).inferred_candidates
        self.candidates = candidates if candidates is not None else default
        self.softness = softness
        self.effective = effective
        self.seconds = seconds
        self.latest: tuple[PlayerView, list[Weighed]] | None = None
        """The last decision's view and its weighed candidates, for a hint to say what they show."""

    def weighed(self, view: PlayerView, rng: random.Random) -> list[Weighed]:
        """This decision's candidate worlds with their weights (all 1 when no other seat has
        chosen anything yet); none when ``seconds`` pass before the first is weighed."""
        seat = view.seat
        assert seat is not None
        game = self.game
        recorder = _Recorder(game)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        states: list[Any] = []
        logs: list[float] = []
        while len(states) < self.candidates:
            state = resample(cast("Game[Any]", recorder), view, rng, game.place)
            try:
                logs.append(log_likelihood(game, self.model, seat, recorder.steps, self.softness, deadline))
            except OutOfTime:
                break
            states.append(state)
        weights = tempered(logs, max(1.0, self.effective * len(states)))
        pool = [Weighed(state, weight) for state, weight in zip(states, weights, strict=True)]
        self.latest = (view, pool)
        return pool

    def inferred(self, view: PlayerView, rng: random.Random) -> list[Weighed]:
        """The weighed candidates of this decision: those the search drew its worlds from if it
        has, else weighed now; none while no other seat has chosen anything (nothing to infer)."""
        if not others_acted(view):
            return []
        if self.latest is not None and self.latest[0] is view:
            return self.latest[1]
        return self.weighed(view, rng)

    def __call__(self, view: PlayerView, rng: random.Random) -> Callable[[], Any]:
        """A draw of this decision's worlds: each call one world, drawn by weight."""
        pool: list[Weighed] = []
        weighed = False
        if not others_acted(view):
            return lambda: self.game.resample(view, rng)  # nothing to infer from: every world alike

        def draw() -> Any:
            nonlocal weighed
            if not weighed:
                pool.extend(self.weighed(view, rng))
                weighed = True
            if not pool:  # no time to weigh even one world: every world alike
                return self.game.resample(view, rng)
            return rng.choices(pool, weights=[w.weight for w in pool])[0].state

        return draw
