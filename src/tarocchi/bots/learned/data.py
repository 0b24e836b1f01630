"""Training data: hands played by a teacher (or by the policy against it), every decision recorded.

Hand ``i`` of a stage draws everything random, its dealer, its deal and every seat's choices,
from generators seeded by the run's seed, the stage and ``i`` alone; so the data are the same
whether the hands are played here, in local worker processes or on Ray, however they are cut
into chunks (``tarocchi.spread``). A decision with one legal action teaches nothing and is not
recorded.

A hand with the policy in one seat is played twice on the same deal: as the policy plays it, and
with the teacher in the policy's seat, every other seat choosing as before. The policy's decisions
are credited with the difference of its seat's points between the two (a duplicate, as players
compare scores across tables): what the deal gave either seat cancels out, and what is left is
what the policy's choices changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from tarocchi.bots.base import Player
from tarocchi.bots.learned.features import Features
from tarocchi.bots.learned.network import Network
from tarocchi.bots.players import make_player
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView
from tarocchi.spread import Spread, spread

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.bool_]

CHUNK = 8
"""Most hands in one chunk of work."""


@dataclass(frozen=True, eq=False)
class Decisions:
    """Decisions in order: each one's features, legal ids (a mask over the action space), the id
    chosen, and the points the deciding seat made in that hand (a policy's: over the teacher's in
    its seat of the same deal)."""

    features: Floats
    masks: Masks
    chosen: Ints
    points: Floats

    def __len__(self) -> int:
        return len(self.chosen)

    @staticmethod
    def join(parts: list[Decisions], features: int, actions: int) -> Decisions:
        if not parts:
            return Decisions(
                np.zeros((0, features), np.float32),
                np.zeros((0, actions), np.bool_),
                np.zeros(0, np.int64),
                np.zeros(0, np.float32),
            )
        return Decisions(
            np.concatenate([p.features for p in parts]),
            np.concatenate([p.masks for p in parts]),
            np.concatenate([p.chosen for p in parts]),
            np.concatenate([p.points for p in parts]),
        )

    def same(self, other: Decisions) -> bool:
        """Whether both hold exactly the same decisions."""
        return all(
            np.array_equal(a, b)
            for a, b in (
                (self.features, other.features),
                (self.masks, other.masks),
                (self.chosen, other.chosen),
                (self.points, other.points),
            )
        )


@dataclass(frozen=True, eq=False)
class Stage:
    """What the hands of one stage are: the game and options, the run's seed, the stage's name,
    the teacher's kind (a ``make_player`` kind), and the policy that plays one seat of each hand
    (drawing from its softmax; the seat moves from hand to hand) or None: the teacher in every
    seat, every seat's decisions recorded. With a policy, only its seat's decisions are, and each
    hand is played again with the teacher in that seat for the points to measure against."""

    game_id: str
    options: tuple[tuple[str, str], ...]
    seed: int
    name: str
    teacher: str
    policy: Network | None = None


@lru_cache(maxsize=8)
def _table(game_id: str, options: tuple[tuple[str, str], ...]) -> tuple[Game[Any], Features]:
    game = get_game(game_id, dict(options))
    return game, Features(game)


def policy_action(
    policy: Network, view: PlayerView, x: Floats, ids: Ints, draws: np.random.Generator
) -> Action:
    """The action the policy draws from its softmax over the legal ids ``ids`` of ``view``
    (features ``x``)."""
    p = np.exp(policy.log_probabilities(x, ids))
    return view.legal_actions[int(draws.choice(len(ids), p=p / p.sum()))]


def play_hand(stage: Stage, index: int) -> Decisions:
    """Hand ``index`` of ``stage``, its decisions recorded."""
    game, features = _table(stage.game_id, stage.options)
    n, actions = game.players, len(game.actions)
    where = f"tarocchi/learned/{stage.seed}/{stage.name}/{index}"
    rng = random.Random(where)
    dealer = rng.randrange(n)
    deal = game.deal(rng, dealer)
    learner = index % n if stage.policy is not None else None

    def play(policy: Network | None) -> tuple[list[float], list[Floats], list[Masks], list[int], list[int]]:
        """The hand with ``policy`` in the learner's seat (the teacher there when None)."""
        state = game.initial_state(deal, HandContext(1, dealer, (0,) * n))
        teachers: list[Player] = [make_player(stage.teacher, game) for _ in range(n)]
        rngs = [random.Random(f"{where}/seat/{seat}") for seat in range(n)]
        draws = np.random.default_rng(list(f"{where}/policy".encode()))
        rows: list[Floats] = []
        masks: list[Masks] = []
        chosen: list[int] = []
        seats: list[int] = []
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            legal = view.legal_actions
            learns = policy is not None and seat == learner
            recorded = len(legal) > 1 and (learner is None or learns)
            if recorded:
                x = features.vector(view)
                ids = features.legal_ids(view)
            if len(legal) == 1:
                action = legal[0]
            elif learns:
                assert policy is not None
                action = policy_action(policy, view, x, ids, draws)
            else:
                action = teachers[seat].choose(view, rngs[seat])
            if recorded:
                mask = np.zeros(actions, np.bool_)
                mask[ids] = True
                rows.append(x)
                masks.append(mask)
                chosen.append(features.ids[action])
                seats.append(seat)
            state = game.apply(state, action)
        result = game.outcome(state)
        assert result is not None
        return list(result.scores), rows, masks, chosen, seats

    scores, rows, masks, chosen, seats = play(stage.policy)
    if not rows:
        return Decisions.join([], features.size, actions)
    points = [scores[seat] for seat in seats]
    if stage.policy is not None:
        assert learner is not None
        teacher_points = play(None)[0][learner]
        points = [value - teacher_points for value in points]
    return Decisions(
        np.stack(rows), np.stack(masks), np.array(chosen, np.int64), np.array(points, np.float32)
    )


def play_chunk(stage: Stage, indices: list[int]) -> list[Decisions]:
    """The hands of one chunk (a ``tarocchi.spread`` task)."""
    return [play_hand(stage, index) for index in indices]


def gather(stage: Stage, hands: int, where: Spread) -> Decisions:
    """Hands ``0..hands-1`` of ``stage``, played as ``where`` says, joined in index order."""
    game, features = _table(stage.game_id, stage.options)
    results, _workers = spread(partial(play_chunk, stage), hands, where, largest=CHUNK)
    return Decisions.join(results, features.size, len(game.actions))
