"""PettingZoo AEC environments of the four games: ``env(game_id, **options)``.

Agents are ``seat_0`` .. ``seat_{n-1}``; the agent selected is the seat to act. Each observation
is a dict, as PettingZoo's classic card games carry it: ``observation`` (the float32 tensor of
``tensor=`` "observation", "information_state" or "compact_information_state", of the seat's own
information or with ``info=`` "public" or "perfect", scaled into [-1, 1] unless ``scale="raw"``:
``research/observers.py``, docs/research.md) and ``action_mask`` (int8
over the game's fixed action space, 1 for each legal action id). One episode is one hand
(``episode="hand"``): rewards are 0 until the hand is over, then each seat's game points for it
(``HandResult.scores``). ``episode="match"`` makes an episode a whole game, as many hands as the
game's rules (and options) say, run by ``Match`` (the dealer moves on, totals carry): every seat
is rewarded its points of each hand as the hand ends, so an agent's rewards add up to its total
for the game, and the agents terminate with the game's last hand. ``reset(seed=...)`` seeds the
first dealer and the deals, so the same seed gives the same episode.

``render_mode="human"`` prints the seat to act's table as the terminal shows it (plain text
without the ``cli`` extra), ``"ansi"`` returns it. The environment deep-copies and pickles: a
copy goes on exactly as the original would.

An illegal action id raises ValueError naming the legal ones; wrap the environment in
``pettingzoo.utils.wrappers.TerminateIllegalWrapper`` for the classic games' "illegal move
loses" instead.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView
from tarocchi.research.copies import Rebuilt
from tarocchi.research.encoding import Encoder, encoder
from tarocchi.research.episodes import check_episode
from tarocchi.research.observers import Observer
from tarocchi.research.text import RENDER_MODES, check_render_mode, illegal_message, table_text

Observation = dict[str, npt.NDArray[Any]]


def env(
    game_id: str,
    *,
    render_mode: str | None = None,
    tensor: str = "observation",
    episode: str = "hand",
    info: str = "private",
    scale: str = "unit",
    **options: str,
) -> TarocchiAEC:
    """The AEC environment of ``game_id`` with the game's ``options`` (strings, as on the
    command line: ``env("piedmont", good_evil="allegiance")``)."""
    return TarocchiAEC(
        game_id, render_mode=render_mode, tensor=tensor, episode=episode, info=info, scale=scale, **options
    )


class TarocchiAEC(Rebuilt, AECEnv[str, Observation, int | None]):
    """One hand, or one whole game, of a tarocchi game as a PettingZoo AEC environment (module
    docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012 (the base class declares it so)

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        tensor: str = "observation",
        episode: str = "hand",
        info: str = "private",
        scale: str = "unit",
        **options: str,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        check_render_mode(render_mode)
        self.game: Game[Any] = get_game(game_id, options)
        check_episode(self.game, episode)
        self.encoder: Encoder = encoder(self.game)
        self.observer = Observer(self.game, tensor, info, scale)
        """Each seat's tensor (``research/observers.py``), kept from the events it saw."""
        self.render_mode = render_mode
        self.tensor = tensor
        self.info = info
        self.scale = scale
        self.episode = episode
        self.metadata = {**self.metadata, "name": f"tarocchi_{self.game.info.id}_v0"}
        self.possible_agents = [f"seat_{seat}" for seat in range(self.game.players)]
        low, high = self.observer.layout.bounds()
        space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.actions,), dtype=np.int8),
            }
        )
        self._observation_spaces = {agent: space for agent in self.possible_agents}
        self.oracle = Observer(self.game, "observation", "perfect", scale)
        """What ``state()`` writes: everything, seen from seat 0."""
        self.state_space = spaces.Box(*self.oracle.layout.bounds(), dtype=np.float32)
        self._action_spaces = {agent: spaces.Discrete(self.encoder.actions) for agent in self.possible_agents}
        self._rng: random.Random | None = None
        self.match: Match | None = None
        """The episode's hand, or game: its hands, their results and the running ``totals``."""

    @property
    def state_(self) -> Any:
        """The hand's true state (for tests and debugging; an agent reads its observation)."""
        return None if self.match is None else self.match.state

    REBUILT = ("encoder", "observer", "oracle")

    def rebuild(self) -> None:
        """The encoder and the seats' tensors, started anew (``copies``)."""
        self.encoder = encoder(self.game)
        self.observer = Observer(self.game, self.tensor, self.info, self.scale)
        self.oracle = Observer(self.game, "observation", "perfect", self.scale)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a given ``seed`` makes it, and all that follows, reproducible; without
        one the environment's generator carries on, or starts from fresh entropy)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        players = self.game.players
        self.match = Match(
            self.game, seed=self._rng.getrandbits(63), first_dealer=self._rng.randrange(players)
        )
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]
        self._select()
        self._accumulate_rewards()

    def _match(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() to deal the first hand")
        return self.match

    def _select(self) -> None:
        """Select the seat to act. A hand over is rewarded to every seat; then a whole game
        deals the next hand, and a one-hand episode, or the game's last hand, ends every agent."""
        match = self._match()
        while (seat := match.to_act()) is None:
            result = match.hand.result
            assert result is not None
            for agent, points in zip(self.possible_agents, result.scores, strict=True):
                self.rewards[agent] += float(points)
            if self.episode == "hand" or match.over:
                for agent in self.possible_agents:
                    self.terminations[agent] = True
                return
            match.next_hand()
        self.agent_selection = self.possible_agents[seat]

    def seat_view(self, agent: str) -> PlayerView:
        """The view of ``agent``'s seat now."""
        return self._match().view(self.possible_agents.index(agent))

    def observe(self, agent: str) -> Observation:
        """The agent's tensor (``tensor``, ``info``, ``scale``) and its legal-action mask."""
        return self.observer.observe(self._match().state, self.possible_agents.index(agent))

    def state(self) -> npt.NDArray[np.float32]:
        """The global state, for a centralized critic: seat 0's perfect-information observation
        (every hand and the cards laid aside: ``info="perfect"``), scaled as ``scale`` says. It
        shows every seat's cards: give it to a critic, never to an acting agent."""
        return self.oracle.tensor(self._match().state, 0)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        if action is None:
            raise ValueError(f"{agent} is to act: give an action id, not None")
        game, match = self.game, self._match()
        legal = match.legal_actions()
        chosen = game.action_of(int(action)) if 0 <= int(action) < len(game.actions) else None
        if chosen is None or chosen not in legal:
            reason = None if chosen is None else game.explain_illegal(match.state, chosen)
            raise ValueError(illegal_message(game, match.view(seat), int(action), reason))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        match.submit(seat, chosen)
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The seat to act's table (seat_0's once the episode is over): printed in ``"human"``
        mode, returned in ``"ansi"``."""
        if self.render_mode is None:
            return None
        match = self._match()
        seat = match.to_act()
        text = table_text(self.game, match.view(seat if seat is not None else 0))
        if self.render_mode == "ansi":
            return text
        sys.stdout.write(text)
        return None

    def close(self) -> None:
        """Nothing to release: the environment holds no files or windows."""
