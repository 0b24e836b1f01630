"""The PettingZoo AEC environments pass PettingZoo's own api_test, seed_test and render_test, for
every game, option and episode kind, and keep the promises of docs/research.md (rewards of a hand
and of a whole game, seeding, illegal actions, renders)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from research_tools import CONFIGS, IDS, Config

from tarocchi.research.pettingzoo import TarocchiAEC, env

DICT_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should")
"""What api_test says of every dict observation, PettingZoo's own card games' included."""


@pytest.fixture(autouse=True)
def _quiet_dict_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        for text in DICT_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        yield


@pytest.mark.parametrize("tensor", ["observation", "information_state"])
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_api_and_seed_tests(config: Config, tensor: str) -> None:
    game_id, options = config
    api_test(env(game_id, tensor=tensor, **options), num_cycles=100)
    seed_test(lambda: env(game_id, tensor=tensor, **options), num_cycles=100)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_api_seed_and_render_tests_of_a_whole_game(
    config: Config, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, options = config
    api_test(env(game_id, episode="match", **options), num_cycles=300)
    seed_test(lambda: env(game_id, episode="match", **options), num_cycles=300)
    render_test(lambda render_mode: env(game_id, episode="match", render_mode=render_mode, **options))
    assert "legal ids:" in capsys.readouterr().out, "the human mode printed the table"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_render_test(config: Config, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, options = config
    render_test(lambda render_mode: env(game_id, render_mode=render_mode, **options))
    assert "To act:" in capsys.readouterr().out, "the human mode printed the table"


def _play(environment: TarocchiAEC, rng: random.Random) -> dict[str, float]:
    """Random legal play to the end; each agent's reward as ``last`` gives it when it is done."""
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            rewards[agent] = float(reward)
            environment.step(None)
            continue
        mask = observation["action_mask"]
        legal = {environment.game.action_id(a) for a in environment.seat_view(agent).legal_actions}
        assert set(np.flatnonzero(mask)) == legal
        environment.step(int(rng.choice(sorted(legal))))
    return rewards


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_rewards_are_the_hands_game_points(config: Config) -> None:
    game_id, options = config
    environment = env(game_id, **options)
    environment.reset(seed=5)
    rewards = _play(environment, random.Random(5))
    result = environment.game.outcome(environment.state_)
    assert result is not None
    assert rewards == {f"seat_{seat}": float(score) for seat, score in enumerate(result.scores)}
    assert environment.agents == []


@pytest.mark.parametrize(
    ("game_id", "options", "hands"),
    [("piedmont", {}, 4), ("sicilian", {}, 4), ("taroinche", {"hands": "10"}, 10), ("taroux", {}, 6)],
    ids=["piedmont", "sicilian", "taroinche-hands=10", "taroux"],
)
def test_a_whole_game_rewards_each_hand_as_it_ends(game_id: str, options: dict[str, str], hands: int) -> None:
    """Every agent is rewarded its points of each hand when the hand ends, and the agents
    terminate with the game's last hand (C2, P1, S10, B8, T11: its number of hands): each
    agent's rewards add up to its total for the game."""
    environment = env(game_id, episode="match", **options)
    environment.reset(seed=6)
    match = environment.match
    assert match is not None
    rng = random.Random(6)
    earned = {agent: 0.0 for agent in environment.possible_agents}
    ended = 0
    for _agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        for other, points in environment.rewards.items():
            earned[other] += points
        done = [h for h in match.hands if h.result is not None]
        for other in environment.possible_agents:
            seat = environment.possible_agents.index(other)
            assert environment.rewards[other] == sum(h.result.scores[seat] for h in done[ended:] if h.result)
        ended = len(done)
        assert all(environment.terminations.values()) == (ended == hands)
    assert len(match.hands) == hands and match.over
    assert [h.dealer for h in match.hands] == [
        (match.first_dealer + n) % match.game.players for n in range(hands)
    ]
    assert earned == {
        agent: float(total) for agent, total in zip(environment.possible_agents, match.totals, strict=True)
    }


def test_a_length_is_refused_for_one_hand_episodes() -> None:
    with pytest.raises(
        ValueError, match=r"^hands=10 sets how many hands a game of taroinche has.*episode='match'"
    ):
        env("taroinche", hands="10")
    assert env("taroinche", hands="10", episode="match").game.hands_per_game() == 10
    with pytest.raises(
        ValueError, match=r"^episode must be one of hand, match \(got 'game'\): a whole game is episode="
    ):
        env("taroinche", episode="game")


def test_the_same_seed_deals_the_same_hand() -> None:
    one, two = env("taroux"), env("taroux")
    one.reset(seed=11)
    two.reset(seed=11)
    assert one.state_ == two.state_
    np.testing.assert_array_equal(one.last()[0]["observation"], two.last()[0]["observation"])
    two.reset(seed=12)
    assert one.state_ != two.state_
    one.reset()
    assert one.state_ != two.state_


def test_an_illegal_action_names_the_legal_ones() -> None:
    environment = env("piedmont")
    environment.reset(seed=1)
    mask = environment.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"is not legal for seat_\d now.*; legal: \d+ \("):
        environment.step(illegal)
    with pytest.raises(ValueError, match="no action of piedmont"):
        environment.step(10_000)


def test_renders_show_the_seat_to_acts_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal's table of the seat to act, under a line naming it as the agents are named,
    with the legal actions' ids; ``"human"`` prints what ``"ansi"`` returns."""
    environment = env("sicilian", render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str)
    seat = environment.possible_agents.index(environment.agent_selection)
    name = environment.game.seat_name(seat)
    assert text.startswith(f"{environment.agent_selection} is {name}; {environment.agent_selection} to act\n")
    assert f"To act: {name} (you) · legal:" in text
    view = environment.seat_view(environment.agent_selection)
    assert all(f" {card.code}" in text for card in view.hand), "every card of the seat's hand"
    first = view.legal_actions[0]
    assert f"legal ids: {environment.game.action_id(first)}={first}" in text
    human = env("sicilian", render_mode="human")
    human.reset(seed=2)
    assert human.render() is None
    assert capsys.readouterr().out == text
    assert env("sicilian").render() is None


def test_without_the_terminals_libraries_the_render_is_the_same_table() -> None:
    """The render's words are the presentation's (``present.table``), not the terminal's: with
    rich and click made unimportable the environments import and render the very same table."""
    script = (
        "import sys; sys.modules['rich'] = None; sys.modules['click'] = None\n"
        "from tarocchi.research.pettingzoo import env\n"
        "e = env('taroux', render_mode='ansi'); e.reset(seed=1)\n"
        "print(e.render(), end='')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=os.environ, check=True
    )
    here = env("taroux", render_mode="ansi")
    here.reset(seed=1)
    text = here.render()
    assert isinstance(text, str) and "Your hand, " in text and "legal ids: " in text
    assert run.stdout == text


def test_unknown_tensor_and_render_mode_are_refused() -> None:
    with pytest.raises(ValueError, match="tensor must be one of"):
        env("piedmont", tensor="state")
    with pytest.raises(ValueError, match=r"render_mode must be None or one of 'human', 'ansi'"):
        env("piedmont", render_mode="rgb_array")
