"""Compact information-state strings (docs/research.md, "Information-state strings"): one key
for each view and one view for each key, over many states of every game (the spectator's public
views included); the key a seat's resampled world gives is its own; and OpenSpiel's strings are
the keys, the JSON on request."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pyspiel
import pytest
from open_spiel.python.observation import make_observation
from research_tools import CONFIGS, IDS, Config, make, random_hand

from tarocchi.research.keys import information_key
from tarocchi.research.openspiel import load
from tarocchi.research.openspiel_observer import view_json

SRC = Path(__file__).resolve().parents[2] / "src"


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


KEYS_OF_A_HAND = """
import random, sys
from tarocchi.core.registry import get_game
from tarocchi.research.keys import information_key
from research_tools import random_hand
game = get_game(sys.argv[1])
for state in random_hand(game, random.Random(5)):
    for seat in [*range(game.players), None]:
        print(information_key(game, game.view(state, seat)))
"""


@pytest.mark.parametrize("game_id", ["sicilian", "taroux"])
def test_keys_are_the_same_in_every_process(game_id: str) -> None:
    """Keys hash nothing with Python's per-process salt: two processes of different hash seeds
    give the same keys of the same hand, and so does this one."""
    folder = Path(__file__).parent  # research_tools, and the tests' configs it imports
    environ = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), str(folder), str(folder.parent)])}
    found = [
        subprocess.run(
            [sys.executable, "-c", KEYS_OF_A_HAND, game_id],
            env={**environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout.splitlines()
        for seed in ("1", "2")
    ]
    game = make((game_id, {}))
    here = [
        information_key(game, game.view(state, seat))
        for state in random_hand(game, random.Random(5))
        for seat in [*range(game.players), None]
    ]
    assert len(here) > 100
    assert found[0] == found[1] == here
