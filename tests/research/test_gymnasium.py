"""The Gymnasium single-seat environments: registered ids, Gymnasium's check_env for every game
and option, rewards of a hand and of a whole game, and both ways of refusing an illegal action."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from research_tools import CONFIGS, IDS, Config

from tarocchi.core.registry import available_games, get_game
from tarocchi.research.gymnasium import TarocchiEnv, default_illegal_reward


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*render fps")
        yield


def test_every_game_is_registered() -> None:
    for game_id in available_games():
        assert f"tarocchi/{game_id}-v0" in gymnasium.registry


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_check_env(config: Config) -> None:
    game_id, options = config
    environment = gymnasium.make(f"tarocchi/{game_id}-v0", opponents="easy", **options)
    check_env(environment.unwrapped)
    information = gymnasium.make(f"tarocchi/{game_id}-v0", tensor="information_state", **options)
    check_env(information.unwrapped, skip_render_check=True)


def _play(environment: TarocchiEnv, seed: int) -> tuple[float, int]:
    """A hand of random legal actions; the last reward and the number of steps."""
    rng = random.Random(seed)
    observation, _ = environment.reset(seed=seed)
    steps = 0
    while True:
        mask = observation["action_mask"]
        np.testing.assert_array_equal(mask.astype(bool), environment.action_masks())
        legal = {environment.game.action_id(a) for a in environment.view().legal_actions}
        assert set(np.flatnonzero(mask)) == legal
        observation, reward, terminated, truncated, _ = environment.step(rng.choice(sorted(legal)))
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), steps
        assert reward == 0.0


@pytest.mark.parametrize("game_id", available_games())
def test_the_reward_is_the_seats_game_points(game_id: str) -> None:
    environment = TarocchiEnv(game_id, seat=1, opponents="medium")
    reward, steps = _play(environment, seed=3)
    result = environment.game.outcome(environment.state_)
    assert result is not None
    assert steps > 0
    assert reward == result.scores[1]
    assert _play(environment, seed=3)[0] == reward, "the same seed plays the same hand"
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(0)


def _illegal_id(environment: TarocchiEnv) -> int:
    observation, _ = environment.reset(seed=4)
    return int(np.flatnonzero(observation["action_mask"] == 0)[0])


def test_an_illegal_action_ends_the_episode_by_default() -> None:
    environment = TarocchiEnv("taroinche", opponents="easy")
    illegal = _illegal_id(environment)
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated) == (-10_000.0, True, False)
    assert info == {"illegal_action": illegal}
    custom = TarocchiEnv("taroinche", opponents="easy", illegal_reward=-1.0)
    assert custom.step(_illegal_id(custom))[1] == -1.0


def test_the_default_illegal_reward_is_the_power_of_ten_below_minus_the_utility_bound() -> None:
    """Below any hand's score: the bounds are 165, 189, 4,000 and 5,788 (docs/research.md)."""
    rewards = {game_id: default_illegal_reward(get_game(game_id)) for game_id in available_games()}
    assert rewards == {
        "piedmont": -1_000.0,
        "sicilian": -1_000.0,
        "taroinche": -10_000.0,
        "taroux": -10_000.0,
    }


def test_an_illegal_action_raises_when_asked() -> None:
    environment = TarocchiEnv("piedmont", opponents="easy", illegal_action="raise")
    illegal = _illegal_id(environment)
    with pytest.raises(ValueError, match=r"not legal for seat_0 now.*; legal: \d+ \("):
        environment.step(illegal)
    with pytest.raises(ValueError, match="ids are 0 to 163"):
        environment.step(164)


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="opponents must be one of easy, medium, hard, learned, expert"):
        TarocchiEnv("piedmont", opponents="grandmaster")
    with pytest.raises(ValueError, match="seat must be 0 to 3"):
        TarocchiEnv("piedmont", seat=4)
    with pytest.raises(ValueError, match="illegal_action"):
        TarocchiEnv("piedmont", illegal_action="ignore")
    with pytest.raises(ValueError, match=r"^episode must be one of hand, match \(got 'whole'\)$"):
        TarocchiEnv("piedmont", episode="whole")
    with pytest.raises(ValueError, match=r"^hands=10 sets how many hands a game of taroinche has"):
        TarocchiEnv("taroinche", hands="10")
    with pytest.raises(ValueError, match=r"render_mode must be None or one of 'human', 'ansi'"):
        TarocchiEnv("piedmont", render_mode="rgb_array")


def test_the_human_render_prints_what_ansi_returns(capsys: pytest.CaptureFixture[str]) -> None:
    """The seat's table as the terminal shows it, with the legal actions' ids."""
    ansi = TarocchiEnv("taroux", opponents="easy", render_mode="ansi")
    ansi.reset(seed=3)
    text = ansi.render()
    assert isinstance(text, str)
    name = ansi.game.seat_name(0)
    assert f"Your hand, {name} (you)" in text and "legal ids: " in text
    assert all(f" {card.code}" in text for card in ansi.view().hand)
    human = TarocchiEnv("taroux", opponents="easy", render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out == text


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_check_env_whole_game(config: Config) -> None:
    game_id, options = config
    environment = gymnasium.make(f"tarocchi/{game_id}-v0", opponents="easy", episode="match", **options)
    check_env(environment.unwrapped, skip_render_check=True)


GAME_LENGTHS = [
    ("piedmont", {}, 4),  # C2, P1: four hands
    ("sicilian", {}, 4),  # C2, S10: four hands, a thrown-in hand included
    ("taroinche", {}, 5),  # B8: 5 hands by default
    ("taroinche", {"hands": "10"}, 10),  # B8: the option sets the length
    ("taroux", {}, 6),  # C2, T11: six hands, a thrown-in hand included
]


@pytest.mark.parametrize(
    ("game_id", "options", "hands"),
    GAME_LENGTHS,
    ids=["piedmont", "sicilian", "taroinche", "taroinche-hands=10", "taroux"],
)
def test_a_whole_game_rewards_each_hand_as_it_ends(game_id: str, options: dict[str, str], hands: int) -> None:
    """Each step's reward is the seat's points of the hands that ended during it; the episode
    ends with the game's last hand and its rewards add up to the seat's total for the game."""
    environment = TarocchiEnv(game_id, seat=2, opponents="easy", episode="match", **options)
    rng = random.Random(5)
    observation, _ = environment.reset(seed=5)
    match = environment.match
    assert match is not None
    rewards = []
    counted = 0  # hands whose points were rewarded so far
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, _ = environment.step(int(rng.choice(legal)))
        ended = [h for h in match.hands if h.result is not None]
        assert reward == sum(h.result.scores[2] for h in ended[counted:] if h.result is not None)
        counted = len(ended)
        rewards.append(float(reward))
        assert environment.observation_space.contains(observation), "later hands' totals fit the space"
        assert not truncated
        assert terminated == (counted == hands), "the episode ends with the game's last hand, not before"
        if terminated:
            break
        players = match.game.players
        scores = observation["observation"][environment.encoder.observation_layout["scores"]]
        totals = [match.totals[(2 + k) % players] / environment.encoder.bounds.total for k in range(players)]
        assert np.allclose(scores, totals, rtol=1e-6, atol=0), (
            "the observation holds the game totals before this hand, from the seat's side, "
            "divided by the most a game can total"
        )
    assert len(match.hands) == hands
    assert [h.dealer for h in match.hands] == [
        (match.first_dealer + n) % match.game.players for n in range(hands)
    ]
    assert sum(rewards) == match.totals[2] == sum(h.result.scores[2] for h in match.hands if h.result)
    assert match.over
    with pytest.raises(RuntimeError, match="the match is over: call reset"):
        environment.step(0)
