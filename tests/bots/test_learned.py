"""The learned policy (``bots.learned``): its features, network, data, weights and players.

The learned and expert levels also play a thousand hands of every game and option legally and
keep the secrecy test (tests/bots/test_players.py, through ``player_kinds``).
"""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from tarocchi import available_games, get_game
from tarocchi.bots.base import play_match
from tarocchi.bots.learned import INSTALL, WEIGHTS, data, shipped_weights, weights_path
from tarocchi.bots.learned.data import Stage, gather
from tarocchi.bots.learned.features import Features
from tarocchi.bots.learned.network import Network
from tarocchi.bots.learned.player import ExpertPlayer, LearnedPlayer, weighed
from tarocchi.bots.learned.train import main as train
from tarocchi.bots.players import KINDS, make_player, player_kinds, search_player
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.protocol import HandContext
from tarocchi.core.views import PlayerView
from tarocchi.games.piedmont.state import Phase as PiedmontPhase
from tarocchi.spread import Spread

SRC = Path(__file__).resolve().parents[2] / "src"
TAROINCHE = get_game("taroinche")


def test_the_features_mark_the_cards_play_has_shown_a_seat_lacks() -> None:
    """Taroux (T7: follow, else trump, beating the trick's best trump if able), seat 1 encoding:
    seat 0 led the King of Earth, seat 1 (itself) followed with the Two, seat 2 trumped with the
    Ten, seat 3 trumped under it with the Five, seat 4 played the Three of Air, seat 5 the Fool.
    Seat 2 lacks Earth; seat 3 Earth and the trumps above the Ten; seat 4 Earth and every trump;
    seat 5 (the Fool shows nothing) and seat 0 nothing; seat 1's own row is not in the table.
    Relative seats: 2 is 1, 3 is 2, 4 is 3."""
    game = get_game("taroux")
    card = game.deck.card
    going = SimpleNamespace(plays=[(0, card("KE")), (1, card("2E")), (2, card("T10")), (3, card("T5")),
                                   (4, card("3A")), (5, card("FOOL"))])  # fmt: skip
    view: Any = SimpleNamespace(seat=1, tricks=[], trick=going)
    features = Features(game)
    out = np.ones(5 * game.deck.size, np.float32)
    features.write_lacking(view, out)
    earth = {f"{rank}E" for rank in ("K", "Q", "C", "J", *map(str, range(2, 11)), "A")}
    trumps = {f"T{n}" for n in range(1, 22)}
    d = game.deck.size
    marked = {(i // d + 1, game.deck.cards[i % d].code) for i in np.flatnonzero(out)}
    above = {f"T{n}" for n in range(11, 22)}
    expected = {(1, code) for code in earth} | {(2, code) for code in earth | above}
    assert marked == expected | {(3, code) for code in earth | trumps}


def test_the_features_are_compact_and_in_the_unit_range() -> None:
    """Every game's features: far fewer than the information state's floats, every value in
    [-1, 1] (the totals may be negative) over random hands."""
    for game_id in available_games():
        game = get_game(game_id)
        features = Features(game)
        assert features.size < 1500 < features.encoder.information_state_layout.size
        rng = random.Random(game_id)
        state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
        while (seat := game.to_act(state)) is not None:
            x = features.vector(game.view(state, seat))
            assert x.shape == (features.size,) and x.min() >= -1 and x.max() <= 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))


def test_the_gradients_are_those_of_the_loss() -> None:
    """Backpropagation against central differences of the weighted cross-entropy, on a tiny
    network and batch (float64 throughout, so that the differences are exact enough)."""
    rng = np.random.default_rng(3)
    net = Network.initial(5, 4, seed=3, hidden=6)
    for name in ("w1", "b1", "w2", "b2"):
        setattr(
            net, name, getattr(net, name).astype(np.float64) + rng.normal(0, 0.1, getattr(net, name).shape)
        )
    x = rng.normal(size=(3, 5))
    masks = np.array([[1, 1, 0, 1], [0, 1, 1, 0], [1, 1, 1, 1]], dtype=np.bool_)
    chosen = np.array([3, 2, 0])
    weights = np.array([1.0, -0.5, 2.0])
    gradients, _ = net.gradients(x, masks, chosen, weights)
    for array, gradient in zip(net.arrays(), gradients, strict=True):
        for index in np.ndindex(array.shape):
            keep = array[index]
            array[index] = keep + 1e-6
            up = net.gradients(x, masks, chosen, weights)[1]
            array[index] = keep - 1e-6
            down = net.gradients(x, masks, chosen, weights)[1]
            array[index] = keep
            assert gradient[index] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_the_weights_round_trip_with_how_they_were_made(tmp_path: Path) -> None:
    net = Network.initial(7, 3, seed=1)
    net.made = {"command": "python -m tarocchi.bots.learned.train --game sicilian --seed 1", "hands": 5}
    net.save(tmp_path / "w.npz")
    back = Network.load(tmp_path / "w.npz")
    assert back.made == net.made
    for mine, theirs in zip(net.arrays(), back.arrays(), strict=True):
        assert theirs.dtype == np.float32 and np.allclose(mine, theirs, atol=1e-3, rtol=1e-3)


def test_the_hands_are_the_same_whoever_plays_them() -> None:
    """The data of a seed do not depend on how the hands are cut into chunks: one process
    against two local worker processes, a teacher's stage and a policy's."""
    policy = Network.initial(Features(TAROINCHE).size, len(TAROINCHE.actions), seed=2)
    for stage in (Stage("taroinche", (), 5, "distill", "heuristic"),
                  Stage("taroinche", (), 5, "reinforce0", "heuristic", policy)):  # fmt: skip
        here = gather(stage, 6, Spread())
        there = gather(stage, 6, Spread(jobs=2))
        assert len(here) > 0 and here.same(there)
    other = gather(Stage("taroinche", (), 6, "distill", "heuristic"), 6, Spread())
    assert not other.same(here)


def test_a_policy_is_credited_with_its_points_over_the_teachers_on_the_same_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A policy that chooses exactly as the teacher does makes what the teacher makes in its seat
    of the same deal, so every decision's points are 0; a policy that chooses otherwise is credited
    with a difference, the same for every decision of a hand (one seat's points less another
    play's of the same seat)."""
    sicilian = get_game("sicilian")
    policy = Network.initial(Features(sicilian).size, len(sicilian.actions), seed=4)
    stage = Stage("sicilian", (), 3, "reinforce0", "heuristic", policy)
    drawn = [data.play_hand(stage, index) for index in range(8)]
    assert any(hand.points.any() for hand in drawn)
    for hand in drawn:
        assert len(set(hand.points.tolist())) <= 1
    teacher = make_player("heuristic", sicilian)
    monkeypatch.setattr(data, "policy_action", lambda _p, view, *_: teacher.choose(view, random.Random(0)))
    mirrored = [data.play_hand(stage, index) for index in range(8)]
    assert sum(len(hand) for hand in mirrored) > 20
    assert all(not hand.points.any() for hand in mirrored)


def test_the_hands_on_ray_are_those_played_here() -> None:
    """A local Ray of two CPUs plays the same hands as this process, for the same seed."""
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    import ray

    stage = Stage("taroinche", (), 9, "distill", "heuristic")
    here = gather(stage, 4, Spread())
    ray.init(address="local", num_cpus=2, include_dashboard=False, object_store_memory=80 * 2**20,
             logging_level=logging.WARNING)  # fmt: skip
    try:
        there = gather(stage, 4, Spread(ray=True))
    finally:
        ray.shutdown()
    assert len(here) > 0 and here.same(there)


def test_the_train_command_writes_weights_that_say_how_they_were_made(tmp_path: Path) -> None:
    out = tmp_path / "taroinche.npz"
    args = ["--game", "taroinche", "--seed", "3", "--hands", "6", "--epochs", "1", "--rounds", "1",
            "--round-hands", "2", "--out", str(out)]  # fmt: skip
    assert train(args) == 0
    net = Network.load(out)
    assert net.made["command"] == "python -m tarocchi.bots.learned.train " + " ".join(args)
    assert net.made["hands"] == 6 and net.made["decisions"] > 0 and net.made["rounds"] == 1
    assert net.features == Features(TAROINCHE).size and net.actions == len(TAROINCHE.actions)


def test_the_train_command_goes_on_from_weights_it_wrote(tmp_path: Path) -> None:
    """``--init``: the weights start where the given ones are (one epoch moves them, not from
    scratch), and the new weights keep the old ones' provenance."""
    first, second = tmp_path / "first.npz", tmp_path / "second.npz"
    common = ["--game", "taroinche", "--hands", "6", "--epochs", "1", "--rounds", "0"]
    assert train([*common, "--seed", "3", "--out", str(first)]) == 0
    assert train([*common, "--seed", "4", "--init", str(first), "--out", str(second)]) == 0
    before, after = Network.load(first), Network.load(second)
    fresh = Network.initial(Features(TAROINCHE).size, len(TAROINCHE.actions), 4)
    assert after.made["init"] == before.made and after.made["init"]["command"].endswith(str(first))
    moved, from_scratch = np.abs(after.w1 - before.w1).mean(), np.abs(after.w1 - fresh.w1).mean()
    assert 0 < moved < from_scratch / 10


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--init", "/nonexistent/w.npz"], "--init /nonexistent/w.npz: not weights this command wrote"),
        (["--init", str(WEIGHTS / "piedmont.npz")], "made for another game or features"),
        (["--teacher", "wizard"], "no 'wizard' player for taroinche"),
        (["--option", "hands=7"], "option hands must be one of 5, 10, 15, 20 (got '7')"),
        (["--hands", "0"], "--hands must be at least 1"),
    ],
)
def test_the_train_command_refuses_bad_arguments_before_playing(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        train(["--game", "taroinche", "--seed", "1", *args])
    assert stopped.value.code == 2 and said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game_id", "options", "name"),
    [
        ("piedmont", {}, "piedmont.npz"),
        ("piedmont", {"good_evil": "allegiance"}, "piedmont-good_evil-allegiance.npz"),
        ("sicilian", {}, "sicilian.npz"),
        ("taroinche", {}, "taroinche.npz"),
        ("taroux", {}, "taroux.npz"),
    ],
)
def test_every_game_ships_small_weights_with_their_provenance(
    game_id: str, options: dict[str, str], name: str
) -> None:
    game = get_game(game_id, options)
    assert weights_path(game) == WEIGHTS / name == shipped_weights(game)
    assert (WEIGHTS / name).stat().st_size < 1_000_000
    net = Network.load(WEIGHTS / name)
    assert net.features == Features(game).size and net.actions == len(game.actions)
    assert net.made["command"].startswith(f"python -m tarocchi.bots.learned.train --game {game_id}")
    assert {"commit", "hours", "hands", "decisions", "agreement", "points_scale"} <= set(net.made)
    assert player_kinds(game) == KINDS


def test_an_option_without_its_own_weights_plays_with_the_games() -> None:
    """Taroinche's length changes nothing in a hand's play: ten hands use the five hands' weights."""
    game = get_game("taroinche", {"hands": "10"})
    assert shipped_weights(game) == WEIGHTS / "taroinche.npz"
    assert isinstance(make_player("learned", game), LearnedPlayer)


class _Fixed(SearchPlayer):
    """A search whose every world scores each legal action as ``score`` says."""

    def __init__(self, score: Callable[[int], int]) -> None:
        super().__init__(TAROINCHE, None)
        self.score = score

    def world_scores(self, view: PlayerView, rng: random.Random) -> list[list[int]]:
        return [[self.score(i) for i in range(len(view.legal_actions))] for _ in range(8)]


def test_the_prior_is_worth_standard_errors_of_the_paired_difference() -> None:
    """Actions A, B, C over four worlds: A scores 10, 10, 10, 10; B 8, 12, 6, 10; C as A. B's
    differences from A are -2, 2, -4, 0: mean -1, standard deviation sqrt(20/3) = 2.582, standard
    error 1.291. Each factor of ten in the policy's preference for B over A is worth a quarter of
    that, 0.323: at 10,000 to one, -1 + 4 x 0.323 > 0, B is played; at 1,000 to one, -1 + 3 x
    0.323 < 0: A or C, which the worlds cannot tell apart, so the policy's preference between
    them decides."""
    rows = np.array([[10, 8, 10], [10, 12, 10], [10, 6, 10], [10, 10, 10]], dtype=np.float64)
    assert weighed(rows, np.log(np.array([0.00005, 0.5, 0.49995], np.float32))) == 1
    assert weighed(rows, np.log(np.array([0.0004, 0.4, 0.5996], np.float32))) == 2
    assert weighed(rows, np.log(np.array([0.5996, 0.4, 0.0004], np.float32))) == 0
    assert weighed(rows, np.log(np.array([0.4, 0.2, 0.4], np.float32))) == 0  # the search's best first


def test_the_expert_follows_the_search_unless_it_cannot_tell_the_actions_apart() -> None:
    """Where every world puts one action 100 points ahead, the expert plays it whatever the
    policy thinks; where every world scores every action the same, it plays the policy's choice."""
    rng = random.Random(4)
    state = TAROINCHE.initial_state(TAROINCHE.deal(rng, 4), HandContext(1, 4, (0,) * 5))
    view = TAROINCHE.view(state, TAROINCHE.to_act(state))
    policy = LearnedPlayer(TAROINCHE)
    favourite = policy.choose(view, rng)
    other = next(i for i, a in enumerate(view.legal_actions) if a != favourite)
    ahead = ExpertPlayer(_Fixed(lambda i: 100 if i == other else 0), policy)
    assert ahead.choose(view, rng) == view.legal_actions[other]
    assert ExpertPlayer(_Fixed(lambda i: 0), policy).choose(view, rng) == favourite


def test_the_expert_is_the_hard_search_with_the_policy() -> None:
    expert = make_player("expert@0.5", TAROINCHE)
    assert isinstance(expert, ExpertPlayer) and expert.search.seconds == 0.5
    assert isinstance(expert.search, SearchPlayer) and isinstance(expert.policy, LearnedPlayer)
    assert search_player(TAROINCHE).name == "search"


def test_the_expert_searches_piedmonts_discard_in_kernel_worlds_and_hard_does_not() -> None:
    """The expert hands the discard's worlds to the kernel (``GamePlayers.handed_off``); the hard
    level plays them out with the heuristic, and the Sicilian expert, where handing off measured
    weaker, does too."""
    piedmont = get_game("piedmont")
    expert, hard = make_player("expert", piedmont), make_player("hard", piedmont)
    assert isinstance(expert, ExpertPlayer) and expert.search.handoff == {PiedmontPhase.DISCARD}
    assert isinstance(hard, SearchPlayer) and not hard.handoff
    sicilian = make_player("expert", get_game("sicilian"))
    assert isinstance(sicilian, ExpertPlayer) and not sicilian.search.handoff


@pytest.mark.parametrize("game_id", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_the_expert_out_of_time_before_its_first_world_still_plays_a_legal_action(game_id: str) -> None:
    """On a loaded machine the search can have no world scored when its time is up: the expert
    then plays its search's fallback (the heuristic's choice), for a whole game of hands."""
    game = get_game(game_id)
    players = [make_player("expert", game, seconds=1e-9)] + [make_player("random", game)] * (game.players - 1)
    match = play_match(game, players, seed=3)
    assert match.over and not game.audit(match.state)


def test_without_numpy_the_engine_plays_and_the_learned_players_say_what_to_install() -> None:
    """numpy hidden from a fresh interpreter: the other players are offered and play; asking for
    a learned one is a clear error naming the extra."""
    script = """
import sys
sys.modules["numpy"] = None
import importlib.util
real = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name == "numpy" else real(name, *a)
from tarocchi import get_game
from tarocchi.bots.base import play_match
from tarocchi.bots.players import make_player, player_kinds
game = get_game("taroinche")
assert player_kinds(game) == ("random", "heuristic", "search"), player_kinds(game)
match = play_match(game, [make_player("medium", game) for _ in range(5)], seed=1)
assert match.over
for level in ("learned", "expert"):
    try:
        make_player(level, game)
    except ValueError as error:
        print(error)
    else:
        raise SystemExit("no error")
"""
    env = dict(os.environ, PYTHONPATH=str(SRC), TAROCCHI_PURE="1")
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"the learned player needs numpy, which is not installed; {INSTALL}",
        f"the expert player needs numpy, which is not installed; {INSTALL}",
    ]
