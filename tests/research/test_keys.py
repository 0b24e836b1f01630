"""Compact information-state strings (docs/research.md, "Information-state strings"): one key
for each view and one view for each key, over many states of every game (the spectator's public
views included); the key a seat's resampled world gives is its own; and OpenSpiel's strings are
the keys, the JSON on request."""

from __future__ import annotations

import hashlib
import json
import random

import pyspiel
import pytest
from open_spiel.python.observation import make_observation
from research_tools import CONFIGS, IDS, Config, make, random_hand

from tarocchi.research.keys import information_key
from tarocchi.research.openspiel import load
from tarocchi.research.openspiel_observer import view_json


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_keys_and_views_are_one_to_one(config: Config) -> None:
    """Every view of every seat (and the spectator's) at every step of 12 random hands: a key
    never stands for two views' JSON (kept as its SHA-256), nor a view for two keys; keys are a
    tenth of the JSON or less."""
    game = make(config)
    rng = random.Random(21)
    view_of: dict[str, str] = {}
    key_of: dict[str, str] = {}
    key_length = json_length = 0
    for _ in range(12):
        for state in random_hand(game, rng):
            for seat in [*range(game.players), None]:
                view = game.view(state, seat)
                key, text = information_key(game, view), view_json(view)
                full = hashlib.sha256(text.encode()).hexdigest()
                assert view_of.setdefault(key, full) == full, f"one key, two views: {key}"
                assert key_of.setdefault(full, key) == key, f"one view, two keys: {key}"
                key_length += len(key)
                json_length += len(text)
    assert len(view_of) > 500
    assert key_length * 10 < json_length


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_a_resampled_world_gives_the_seat_the_same_key(config: Config) -> None:
    game = make(config)
    rng = random.Random(22)
    for number, state in enumerate(random_hand(game, rng)):
        if number % 4:
            continue
        for seat in range(game.players):
            view = game.view(state, seat)
            world = game.resample(view, rng)
            assert information_key(game, game.view(world, seat)) == information_key(game, view)


def test_openspiel_strings_are_keys_or_json_on_request() -> None:
    game = load("sicilian")
    rng = random.Random(23)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 75:
        state.apply_action(rng.choice(state.legal_actions()))
    kind = pyspiel.IIGObservationType(perfect_recall=True)
    full = make_observation(game, kind, {"string": "json"})
    for seat in range(game.num_players()):
        view = game.rules.view(state.engine_state, seat)
        assert state.information_state_string(seat) == information_key(game.rules, view)
        assert json.loads(full.string_from(state, seat)) == json.loads(view_json(view))
    with pytest.raises(ValueError, match="observer parameter string must be one of compact, json"):
        make_observation(game, kind, {"string": "xml"})
