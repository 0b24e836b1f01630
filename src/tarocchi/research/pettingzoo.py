"""PettingZoo AEC environments of the four games: ``env(game_id, **options)``.

Agents are ``seat_0`` .. ``seat_{n-1}``; the agent selected is the seat to act. Each observation
is a dict, as PettingZoo's classic card games carry it: ``observation`` (the float32 tensor of
``tensor=`` "observation" or "information_state", docs/research.md) and ``action_mask`` (int8
over the game's fixed action space, 1 for each legal action id). One episode is one hand:
rewards are 0 until the hand is over, then each seat's game points for it (``HandResult.scores``).
``reset(seed=...)`` seeds the deal and the dealer, so the same seed gives the same hand.

An illegal action id raises ValueError naming the legal ones; wrap the environment in
``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for the classic games' "illegal move
loses" instead.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, encoder
from tarocchi.research.incremental import IncrementalEncoder
from tarocchi.research.text import illegal_message, view_text

Observation = dict[str, npt.NDArray[Any]]
TENSORS = ("observation", "information_state")


def env(
    game_id: str, *, render_mode: str | None = None, tensor: str = "observation", **options: str
) -> TarocchiAEC:
    """The AEC environment of ``game_id`` with the game's ``options`` (strings, as on the
    command line: ``env("piedmont", good_evil="allegiance")``)."""
    return TarocchiAEC(game_id, render_mode=render_mode, tensor=tensor, **options)


class TarocchiAEC(AECEnv[str, Observation, int | None]):
    """One hand of a tarocchi game as a PettingZoo AEC environment (module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012 (the base class declares it so)

    def __init__(
        self, game_id: str, *, render_mode: str | None = None, tensor: str = "observation", **options: str
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi' (got {render_mode!r})")
        if tensor not in TENSORS:
            raise ValueError(f"tensor must be one of {', '.join(TENSORS)} (got {tensor!r})")
        self.game: Game[Any] = get_game(game_id, options)
        self.encoder: Encoder = encoder(self.game)
        self.tensors = IncrementalEncoder(self.game)
        """Each seat's tensor, kept from the events it saw (the ``encoder``'s, without a view)."""
        self.render_mode = render_mode
        self.tensor = tensor
        self.metadata = {**self.metadata, "name": f"tarocchi_{self.game.info.id}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.game.players)]
        layout = (
            self.encoder.observation_layout
            if tensor == "observation"
            else self.encoder.information_state_layout
        )
        low, high = layout.bounds()
        space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.actions,), dtype=np.int8),
            }
        )
        self._observation_spaces = {agent: space for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.encoder.actions) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a given ``seed`` makes it, and all that follows, reproducible; without
        one the environment's generator carries on, or starts from fresh entropy)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        game = self.game
        dealer = self._rng.randrange(game.players)
        deal = game.deal(self._rng, dealer)
        self.state_ = game.initial_state(deal, HandContext(1, dealer, (0,) * game.players))
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        """Select the seat to act; once the hand is over, score it and end every agent."""
        to_act = self.game.to_act(self.state_)
        if to_act is not None:
            self.agent_selection = self.possible_agents[to_act]
            return
        result = self.game.outcome(self.state_)
        assert result is not None
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(result.scores[seat])
            self.terminations[agent] = True

    def seat_view(self, agent: str) -> PlayerView:
        """The view of ``agent``'s seat now."""
        return self.game.view(self.state_, self.possible_agents.index(agent))

    def observe(self, agent: str) -> Observation:
        """``encoder.observe`` of the agent's view, written without building the view."""
        return self.tensors.observe(self.state_, self.possible_agents.index(agent), self.tensor)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        game = self.game
        legal = game.legal_actions(self.state_)
        chosen = game.action_of(int(action)) if 0 <= int(action) < len(game.actions) else None
        if chosen is None or chosen not in legal:
            view = game.view(self.state_, seat)
            reason = None if chosen is None else game.explain_illegal(self.state_, chosen)
            raise ValueError(illegal_message(game, view, int(action), reason))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state_ = game.apply(self.state_, chosen)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.game.to_act(self.state_)
        return view_text(self.game, self.game.view(self.state_, seat if seat is not None else 0))

    def close(self) -> None:
        """Nothing to release: the environment holds no files or windows."""
