"""Gymnasium single-seat environments: importing this module registers ``tarocchi/<game_id>-v0``.

One seat (``seat=0`` by default) plays one hand against the game's computer players of a level
(``opponents="easy"`` random, ``"medium"`` heuristic, ``"hard"`` search; slow). ``step`` takes
an action id of the game's fixed action space; the reward is 0 until the hand is over, then the
seat's game points for the hand. ``episode="match"`` makes an episode a whole game, as many hands
as the game's rules (and options) say, run by ``Match`` (the dealer moves on, totals carry): the
reward of a step is the seat's game points of every hand that ended during it, so the episode's
rewards add up to the seat's total for the game, and the hand's result is rewarded where it is
known, not held back to the end. The observation is a dict, ``observation`` (float32, the
``tensor=``, ``info=`` and ``scale=`` of ``research/observers.py``: by default the seat's
observation scaled into [-1, 1]) and ``action_mask`` (int8, 1 for each legal
id), the layout PettingZoo's card games use; ``action_masks()`` gives the mask as maskable
learners (sb3-contrib's MaskablePPO) ask for it.

An illegal action id, by default (``illegal_action="terminate"``), ends the episode with
``illegal_reward`` (``default_illegal_reward``: below any hand's score in the game) and
``info["illegal_action"]`` set, so that learners that sample without the mask, and
Gymnasium's ``check_env``, run; ``illegal_action="raise"`` raises ValueError naming the legal ids
instead.

``render_mode="human"`` prints the seat's table as the terminal shows it (plain text without the
``cli`` extra), ``"ansi"`` returns it. The environment deep-copies and pickles: a copy goes on
exactly as the original would, its computer players' generators included.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from tarocchi.bots.base import Player, players_turn
from tarocchi.bots.players import LEVELS, make_player
from tarocchi.core.match import Match, play_out
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, get_game, manifest_of
from tarocchi.core.views import PlayerView
from tarocchi.research.copies import Rebuilt
from tarocchi.research.encoding import Encoder, encoder
from tarocchi.research.episodes import check_episode
from tarocchi.research.observers import Observer
from tarocchi.research.text import RENDER_MODES, check_render_mode, illegal_message, table_text

Observation = dict[str, Any]
"""``{"observation": float32 array, "action_mask": int8 array}``."""
ILLEGAL_ACTIONS = ("terminate", "raise")
UNBOUNDED_ILLEGAL_REWARD = -10_000.0
"""The default reward of an illegal action in a game whose manifest declares no utility bound."""


def default_illegal_reward(game: Game[Any]) -> float:
    """The default reward of an illegal action: minus the first power of ten above the hand's
    utility bound that the game's manifest declares, so below any hand's score (Piedmont and
    Sicilian -1,000, Taroinche and Taroux -10,000)."""
    declared = manifest_of(game)
    bound = declared.utility_bound if declared is not None else 0
    return -float(10 ** len(str(bound))) if bound else UNBOUNDED_ILLEGAL_REWARD


REDEALS = 100
"""An episode that ends before the seat ever acts (a Sicilian hand thrown in) is dealt again, at
most this many times. In a whole game a thrown-in hand counts, as the rules count it: only a
game in which the seat never acts is dealt again."""


def _nobody(seat: int) -> None:
    raise RuntimeError("call reset() to deal the first hand")


class TarocchiEnv(Rebuilt, gymnasium.Env[Observation, np.int64]):
    """One seat of one hand, or of a whole game, against computer players (module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012 (the base class declares it so)

    def __init__(
        self,
        game_id: str,
        *,
        seat: int = 0,
        opponents: str = "medium",
        tensor: str = "observation",
        episode: str = "hand",
        info: str = "private",
        scale: str = "unit",
        illegal_action: str = "terminate",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
        **options: str,
    ) -> None:
        check_render_mode(render_mode)
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be one of {', '.join(ILLEGAL_ACTIONS)} (got {illegal_action!r})"
            )
        if opponents not in LEVELS:
            raise ValueError(f"opponents must be one of {', '.join(LEVELS)} (got {opponents!r})")
        self.game: Game[Any] = get_game(game_id, options)
        check_episode(self.game, episode)
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat must be 0 to {self.game.players - 1} (got {seat})")
        self.encoder: Encoder = encoder(self.game)
        self.observer = Observer(self.game, tensor, info, scale)
        """The seat's tensor (``research/observers.py``), kept from the events it saw."""
        self.seat = seat
        self.opponents = opponents
        self.tensor = tensor
        self.info = info
        self.scale = scale
        self.episode = episode
        self.illegal_action = illegal_action
        self.illegal_reward = (
            illegal_reward if illegal_reward is not None else default_illegal_reward(self.game)
        )
        self.render_mode = render_mode
        low, high = self.observer.layout.bounds()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoder.actions)
        self._others: Callable[[int], None] = _nobody
        self._players: dict[int, Player] = {}
        self._rngs: list[random.Random] = []
        """The computer players and each seat's generator, which ``_others`` plays them with."""
        self.match: Match | None = None
        """The game being played: its hands, their results and the running ``totals``."""
        self._paid = 0  # the seat's points rewarded so far this episode
        self._over = True

    @property
    def state_(self) -> Any:
        """The hand's true state (for tests and debugging; a learner reads the observation)."""
        return None if self.match is None else self.match.state

    REBUILT = ("encoder", "observer", "_players", "_others")

    def rebuild(self) -> None:
        """The encoder and the seat's tensor started anew, and the computer players and their
        turn (closures) made again (``copies``): a computer player chooses from the view alone,
        with the seat's generator, which is copied."""
        self.encoder = encoder(self.game)
        self.observer = Observer(self.game, self.tensor, self.info, self.scale)
        self._players = self._computer_players()
        self._others = _nobody if self.match is None else players_turn(self.match, self._players, self._rngs)

    def _computer_players(self) -> dict[int, Player]:
        game = self.game
        return {seat: make_player(self.opponents, game) for seat in range(game.players) if seat != self.seat}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a game (its first hand, or all its hands with ``episode="match"``) and let the
        computer players act until the seat is to act. The first dealer, the deals and the
        computer players' choices all come from the seeded generator."""
        super().reset(seed=seed)
        game = self.game
        for _ in range(REDEALS):
            rng = random.Random(int(self.np_random.integers(2**63)))
            self._players = self._computer_players()
            self._rngs = [random.Random(rng.getrandbits(64)) for _ in range(game.players)]
            self.match = Match(game, seed=rng.getrandbits(63), first_dealer=rng.randrange(game.players))
            self._others = players_turn(self.match, self._players, self._rngs)
            self._paid = 0
            if self._play_others():
                break
        else:
            raise RuntimeError(f"{REDEALS} {self.episode}s in a row ended before seat {self.seat} acted")
        self._over = False
        return self._observation(), {}

    def _play_others(self) -> bool:
        """The computer players act, and in a whole game the next hands are dealt, until it is
        the seat's turn (True) or the episode is over (False): ``play_out``, every table's loop."""
        match = self._match()
        play_out(match, self._turn, hand_over=self._goes_on)
        return match.to_act() == self.seat

    def _turn(self, seat: int) -> bool:
        """A computer player's turn; the seat's own stops ``play_out`` to ask the learner."""
        if seat == self.seat:
            return False
        self._others(seat)
        return True

    def _goes_on(self) -> bool:
        """After a hand: a whole game goes on to the next one, a one-hand episode is over."""
        return self.episode == "match"

    def _match(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() to deal the first hand")
        return self.match

    def view(self) -> PlayerView:
        """The seat's view now."""
        return self._match().view(self.seat)

    def _observation(self) -> Observation:
        """The seat's tensor (``tensor``, ``info``, ``scale``) and its legal-action mask."""
        return self.observer.observe(self._match().state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids as booleans (the method maskable learners call)."""
        return self.observer.fast.action_mask(self._match().state, self.seat).astype(bool)

    def step(self, action: np.int64 | int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise RuntimeError(f"the {self.episode} is over: call reset() to deal the next one")
        game = self.game
        match = self._match()
        action_id = int(action)
        legal = match.legal_actions()
        chosen = game.action_of(action_id) if 0 <= action_id < len(game.actions) else None
        if chosen is None or chosen not in legal:
            if self.illegal_action == "raise":
                reason = None if chosen is None else game.explain_illegal(match.state, chosen)
                raise ValueError(illegal_message(game, self.view(), action_id, reason))
            self._over = True
            return self._observation(), self.illegal_reward, True, False, {"illegal_action": action_id}
        match.submit(self.seat, chosen)
        self._over = not self._play_others()
        # What the seat's total gained since the last reward: the hands that ended in this step
        # (and, at the first step, any that ended before the seat first acted).
        earned = match.totals[self.seat] - self._paid
        self._paid += earned
        return self._observation(), float(earned), self._over, False, {}

    def render(self) -> str | None:
        """The seat's table: printed in ``"human"`` mode, returned in ``"ansi"``."""
        if self.render_mode is None:
            return None
        text = table_text(self.game, self.view())
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text)
        return None


def register() -> None:
    """Register ``tarocchi/<game_id>-v0`` for every game (done once, on import)."""
    for game_id in available_games():
        name = f"tarocchi/{game_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name, entry_point="tarocchi.research.gymnasium:TarocchiEnv", kwargs={"game_id": game_id}
            )


register()
