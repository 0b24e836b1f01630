"""Bots for OpenSpiel's ``evaluate_bots``: our computer players, and OpenSpiel's own IS-MCTS.

``TarocchiBot`` seats one of our players (``easy`` random, ``medium`` heuristic, ``hard``
search, or any ``Player``) at an OpenSpiel table: it chooses from the acting seat's view
alone, as everywhere else. ``ismcts_bot`` is OpenSpiel's Python ``ISMCTSBot`` with a random
rollout evaluator; it draws its worlds through ``resample_from_infostate``, which is the
engine's ``game.resample``, from the bot's seeded generator, so that a bot of a seed plays the
same hands the same way.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]  # a compiled module without types
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from tarocchi.bots.base import Player
from tarocchi.bots.players import make_player
from tarocchi.research.openspiel import TarocchiGame, TarocchiState


class TarocchiBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel ships no types
    """One of our computer players as a pyspiel bot: ``step`` returns the action id it chooses
    from ``player_id``'s view of the state."""

    def __init__(
        self, game: TarocchiGame, player_id: int, player: str | Player = "medium", seed: int = 0
    ) -> None:
        pyspiel.Bot.__init__(self)
        self.rules = game.rules
        self.player_id = self.rules.check_seat(player_id, name="player_id")
        self.player: Player = make_player(player, self.rules) if isinstance(player, str) else player
        self.rng = random.Random(f"tarocchi/openspiel/{seed}/seat/{player_id}")

    def step(self, state: TarocchiState) -> int:
        if state.current_player() != self.player_id:
            raise ValueError(f"seat {self.player_id}'s bot asked to act for player {state.current_player()}")
        view = self.rules.view(state.engine_state, self.player_id)
        return self.rules.action_id(self.player.choose(view, self.rng))

    def restart_at(self, state: TarocchiState) -> None:
        """Nothing to forget: the player chooses from the view alone."""

    def inform_action(self, state: TarocchiState, player_id: int, action: int) -> None:
        """Nothing to learn: the next view will show the action."""


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot, which searches afresh at every step, with the ``restart_at`` that
    ``evaluate_bots`` calls and the base class leaves unimplemented."""

    def restart_at(self, state: Any) -> None:
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to learn: each search starts from the state it is given."""


def ismcts_bot(game: TarocchiGame, simulations: int = 100, seed: int = 0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's IS-MCTS bot with ``simulations`` per decision and one random rollout per leaf;
    its searches, rollouts and worlds all drawn from one generator seeded with ``seed`` (OpenSpiel's
    own resampling call would draw the worlds from an unseeded one)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = RestartableISMCTSBot(game, evaluator, uct_c, max_simulations=simulations, random_state=rng)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot
