"""Game configurations for the suites that run every game: each registered game with each
combination of its option choices, named as the test ids show them; and the games written only
as test fixtures, registered only while a test runs on them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

from tarocchi.core.registry import available_games, game_info, registered

Config = tuple[str, dict[str, str]]

TEST_GAMES = {"trio": "fixture_game"}
"""Games written only as test fixtures, by id: each one package and its manifest, as a new game
is (docs/adding-a-game.md). Registered only while a test runs on one (``playing``)."""


@contextmanager
def playing(game_id: str | None) -> Iterator[None]:
    """While the block runs, ``game_id`` is registered if it is one of ``TEST_GAMES`` (else the
    block runs as it is): a test game is never left registered for other tests."""
    if game_id not in TEST_GAMES:
        yield
        return
    with registered(game_id, TEST_GAMES[game_id]):
        yield


def seats(game_id: str) -> int:
    """How many players the game ``game_id`` has (a test game's too)."""
    with playing(game_id):
        return game_info(game_id).players


def game_configs(every_length: bool = True, test_games: bool = False) -> list[Config]:
    """Every registered game with every combination of its option choices, and with
    ``test_games`` every one of ``TEST_GAMES``. ``every_length`` False keeps an option that only
    sets the game's length (Taroinche's ``hands``) at its default: hands play alike whatever it
    is."""
    configs: list[Config] = []
    for game_id in (*available_games(), *(TEST_GAMES if test_games else ())):
        with playing(game_id):
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
