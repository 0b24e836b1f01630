"""Game configurations for the suites that run every game: each registered game with each
combination of its option choices, named as the test ids show them."""

from __future__ import annotations

import itertools

from tarocchi.core.registry import available_games, game_info

Config = tuple[str, dict[str, str]]


def game_configs(every_length: bool = True) -> list[Config]:
    """Every registered game with every combination of its option choices. ``every_length``
    False keeps an option that only sets the game's length (Taroinche's ``hands``) at its
    default: hands play alike whatever it is."""
    configs: list[Config] = []
    for game_id in available_games():
        specs = game_info(game_id).options
        choices = [
            spec.choices if every_length or not spec.length_only else (spec.default,) for spec in specs
        ]
        for combo in itertools.product(*choices):
            configs.append((game_id, {spec.name: v for spec, v in zip(specs, combo, strict=True)}))
    return configs


def config_id(config: Config) -> str:
    game_id, options = config
    return "-".join([game_id, *(f"{name}={value}" for name, value in sorted(options.items()))])
