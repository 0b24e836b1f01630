"""The observers' tensors (docs/research.md, "Observers"): every value within its layout's
bounds, scaled into [-1, 1] by default; the public tensor holds nothing any seat holds alone
(hidden cards moved between hands and the stock, it stays the same); the perfect tensor holds
where every card is; and every framework's own checks pass with each kind."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from research_tools import CONFIGS, IDS, Config, make, random_hand

from tarocchi.core.protocol import Game
from tarocchi.research.encoding import Floats, encoder
from tarocchi.research.gymnasium import TarocchiEnv
from tarocchi.research.observers import INFOS, KINDS, Observer
from tarocchi.research.pettingzoo import env

OBSERVERS = [(kind, info) for kind in KINDS for info in INFOS]


def observers(game: Game[Any], scale: str) -> dict[tuple[str, str], Observer]:
    return {(kind, info): Observer(game, kind, info, scale) for kind, info in OBSERVERS}


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_value_lies_within_the_bounds_of_its_layout(config: Config) -> None:
    """Every other step of random hands, every seat, every kind: raw values within the rules'
    bounds (no bound beyond the most a game can total), unit values within [-1, 1] and the unit
    layout's bounds."""
    game = make(config)
    rng = random.Random(11)
    for scale in ("unit", "raw"):
        found = observers(game, scale)
        for observer in found.values():
            low, high = observer.layout.bounds()
            assert np.all(low <= high)
            assert np.all(np.abs(low) <= encoder(game).bounds.total)
            assert np.all(np.abs(high) <= encoder(game).bounds.total)
            if scale == "unit":
                assert set(np.unique(low)) <= {-1, 0} and set(np.unique(high)) <= {0, 1}
        bounds = {key: observer.layout.bounds() for key, observer in found.items()}
        for number, state in enumerate(random_hand(game, rng)):
            if number % 2 == 0:
                for (kind, info), observer in found.items():
                    low, high = bounds[kind, info]
                    for seat in range(game.players):
                        tensor = observer.tensor(state, seat)
                        outside = np.flatnonzero((tensor < low) | (tensor > high))
                        assert not len(outside), (kind, info, scale, outside[:5], tensor[outside[:5]])


def test_unit_values_are_raw_ones_divided_by_their_bound() -> None:
    game = make(("taroinche", {}))
    state = list(random_hand(game, random.Random(12)))[-1]
    for kind, info in OBSERVERS:
        unit, raw = Observer(game, kind, info, "unit"), Observer(game, kind, info, "raw")
        low, high = raw.layout.bounds()
        bound = np.maximum(np.abs(low), np.abs(high))
        bound[bound == 0] = 1
        expected = raw.tensor(state, 1) / bound
        assert np.allclose(unit.tensor(state, 1), expected, rtol=1e-6, atol=0)
        points = raw.layout["running_points"]
        assert raw.tensor(state, 1)[points].max() > 1, "card points won are counted raw"


def _public(game: Game[Any], found: dict[tuple[str, str], Observer], state: Any) -> list[Floats]:
    return [
        found[kind, "public"].tensor(state, seat).copy() for kind in KINDS for seat in range(game.players)
    ]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_public_tensor_does_not_change_when_hidden_cards_move(config: Config) -> None:
    """At each step of random hands, each seat's resampled world (another deal of the cards that
    seat does not see, among the other hands and the stock) gives every seat's public tensors
    unchanged; between them the worlds move every card hidden from anybody."""
    game = make(config)
    found = observers(game, "unit")
    rng = random.Random(13)
    moved = 0
    for _ in range(2):
        for number, state in enumerate(random_hand(game, rng)):
            if number % 4:
                continue
            public = _public(game, found, state)
            for seat in range(game.players):
                world = game.resample(game.view(state, seat), rng)
                moved += world.hands != state.hands
                for expected, got in zip(public, _public(game, found, world), strict=True):
                    assert np.array_equal(expected, got)
    assert moved, "some world put the hidden cards elsewhere"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_public_tensor_holds_no_hand_and_no_discard(config: Config) -> None:
    game = make(config)
    found = observers(game, "raw")
    for state in random_hand(game, random.Random(14)):
        for kind in KINDS:
            observer = found[kind, "public"]
            for seat in range(game.players):
                tensor = observer.tensor(state, seat)
                assert not tensor[observer.layout["hand"]].any()
                assert not tensor[observer.layout["own_discard"]].any()


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_perfect_tensor_says_where_every_card_is(config: Config) -> None:
    """Its first part is the seat's private tensor; then every hand by relative seat, and the
    cards laid aside, which with the hands and the cards played make the whole pack once."""
    game = make(config)
    n, d = game.players, game.deck.size
    rng = random.Random(15)
    for kind in KINDS:
        perfect, private = Observer(game, kind, "perfect"), Observer(game, kind, "private")
        layout = perfect.layout
        for state in random_hand(game, rng):
            for seat in range(game.players):
                tensor = perfect.tensor(state, seat)
                assert np.array_equal(tensor[: private.layout.size], private.tensor(state, seat))
                hands = layout.view(tensor, "perfect.hands")
                for who in range(n):
                    held = {int(i) for i in np.flatnonzero(hands[(who - seat) % n])}
                    assert held == {c for c in range(d) if state.hands[who] >> c & 1}
                played = tensor[layout["played"]]
                together = hands.sum(axis=0) + tensor[layout["perfect.laid_aside"]] + played
                assert np.array_equal(together, np.ones(d))


def test_an_observer_refuses_unknown_kinds() -> None:
    game = make(("piedmont", {}))
    with pytest.raises(ValueError, match="info must be one of private, public, perfect"):
        Observer(game, info="oracle")
    with pytest.raises(ValueError, match="scale must be one of unit, raw"):
        Observer(game, scale="normal")
    with pytest.raises(ValueError, match="tensor must be one of observation, information_state"):
        env("piedmont", tensor="state")


@pytest.fixture
def _quiet_dict_warnings() -> Iterator[None]:
    """What api_test says of every dict observation, PettingZoo's own card games' included."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should")
        yield


@pytest.mark.usefixtures("_quiet_dict_warnings")
@pytest.mark.parametrize(("info", "scale"), [("public", "unit"), ("perfect", "unit"), ("private", "raw")])
@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_pettingzoo_and_gymnasium_checks_pass_with_each_observer(
    config: Config, info: str, scale: str
) -> None:
    game_id, options = config
    for tensor in KINDS:
        api_test(env(game_id, tensor=tensor, info=info, scale=scale, **options), num_cycles=60)
    seed_test(lambda: env(game_id, info=info, scale=scale, **options), num_cycles=60)
    check_env(
        TarocchiEnv(game_id, opponents="easy", info=info, scale=scale, **options), skip_render_check=True
    )


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_compact_information_state_is_the_full_one_with_ids_in_binary(config: Config) -> None:
    """Every slot but the calls as the full tensor's; each call slot flags a call, copies its
    seat and count, and gives back its action id (lowest bit first)."""
    game = make(config)
    n, actions = game.players, len(game.actions)
    compact, full = (
        Observer(game, kind, scale="raw") for kind in ("compact_information_state", "information_state")
    )
    for state in random_hand(game, random.Random(16)):
        for seat in range(n):
            short, long = compact.tensor(state, seat), full.tensor(state, seat)
            for slot in full.layout:
                if slot.name != "calls":
                    assert np.array_equal(short[compact.layout[slot.name]], long[slot.slice])
            rows, packed = full.layout.view(long, "calls"), compact.layout.view(short, "calls")
            for row, bits in zip(rows, packed, strict=True):
                assert bits[0] == row.any()
                assert np.array_equal(bits[1 : 1 + n], row[:n]) and bits[-1] == row[-1]
                number = sum(int(bit) << i for i, bit in enumerate(bits[1 + n : -1]))
                assert number == (int(np.argmax(row[n : n + actions])) if row[n : n + actions].any() else 0)
    assert compact.layout.size < full.layout.size


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_pettingzoos_state_is_seat_0s_perfect_observation(config: Config) -> None:
    game_id, options = config
    environment = env(game_id, **options)
    environment.reset(seed=3)
    rng = random.Random(3)
    oracle = Observer(environment.game, "observation", "perfect")
    for _agent in environment.agent_iter(max_iter=40):
        state = environment.state()
        assert environment.state_space.contains(state)
        assert np.array_equal(state, oracle.tensor(environment.state_, 0))
        observation, _, terminated, truncated, _ = environment.last()
        environment.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
