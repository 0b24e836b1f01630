"""Configurations and random hands shared by the research adapters' tests."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, game_info, get_game

Config = tuple[str, dict[str, str]]


def research_configs() -> list[Config]:
    """Every game with every combination of its option choices, except options that set only the
    game's length (Taroinche's ``hands``), which stay at their default: hands play alike."""
    configs: list[Config] = []
    for game_id in available_games():
        specs = game_info(game_id).options
        choices = [(spec.default,) if spec.length_only else spec.choices for spec in specs]
        for combo in itertools.product(*choices):
            configs.append((game_id, {spec.name: v for spec, v in zip(specs, combo, strict=True)}))
    return configs


def config_id(config: Config) -> str:
    game_id, options = config
    return "-".join([game_id, *(f"{name}={value}" for name, value in sorted(options.items()))])


CONFIGS = research_configs()
IDS = [config_id(c) for c in CONFIGS]


def random_hand(game: Game[Any], rng: random.Random) -> Iterator[Any]:
    """The states of one hand of uniformly random legal actions, the first to the last."""
    dealer = rng.randrange(game.players)
    state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
    yield state
    while game.to_act(state) is not None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        yield state


def make(config: Config) -> Game[Any]:
    return get_game(*config)
