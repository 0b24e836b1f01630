"""A game is registered by its package alone: by a program or a test (``register``, undone by
``unregister``, or for one block by ``registered``), or for every command by the
``TAROCCHI_GAMES`` environment variable; a mistake in either is one clear line, never a game
registered half or left registered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tarocchi.core.errors import UnknownGameError
from tarocchi.core.registry import (
    BUILT_IN,
    ENVIRONMENT,
    available_games,
    get_game,
    manifest,
    register,
    registered,
    unregister,
)

TESTS = Path(__file__).resolve().parent.parent


def test_a_game_registered_for_a_block_is_there_during_it_and_gone_after() -> None:
    assert "trio" not in available_games()
    with registered("trio", "fixture_game") as found:
        assert available_games() == (*BUILT_IN, "trio")
        assert manifest("trio") is found and get_game("trio").players == 3
    assert available_games() == tuple(BUILT_IN)
    with pytest.raises(UnknownGameError, match="unknown game 'trio'; the games are: piedmont, sicilian"):
        get_game("trio")


def test_register_and_unregister_refuse_what_would_replace_or_remove_another_game() -> None:
    with pytest.raises(ValueError, match=r"the id 'taroux' is the game of tarocchi\.games\.taroux"):
        register("taroux", "fixture_game")
    with pytest.raises(ValueError, match="the id a lower-case word"):
        register("Trio Game", "fixture_game")
    with pytest.raises(ValueError, match="the id a lower-case word"):
        register("trio", "fixture game")
    with pytest.raises(ValueError, match="sicilian is built in"):
        unregister("sicilian")
    with pytest.raises(UnknownGameError, match="unknown game 'trio'"):
        unregister("trio")
    assert available_games() == tuple(BUILT_IN)


def test_a_game_registered_twice_under_its_id_stays_registered_after_an_inner_block() -> None:
    register("trio", "fixture_game")
    try:
        with registered("trio", "fixture_game"):
            pass
        assert "trio" in available_games()
    finally:
        unregister("trio")


def test_a_package_that_declares_another_game_or_none_is_refused_by_name_and_left_unregistered() -> None:
    cases = [
        ("minchiate", "fixture_game", "fixture_game declares the game 'trio', registered as 'minchiate'"),
        (
            "nothing",
            "fixture_game.rules",
            "fixture_game.rules declares no MANIFEST (a core.manifest.Manifest)",
        ),
        ("missing", "no_such_package", "the game package no_such_package cannot be imported: No module"),
    ]
    for game_id, package, words in cases:
        with pytest.raises(UnknownGameError) as refused, registered(game_id, package):
            pass
        assert str(refused.value).startswith(words)
        assert available_games() == tuple(BUILT_IN)


def games_in_a_program(value: str) -> subprocess.CompletedProcess[str]:
    """``available_games()`` in a new program whose environment sets ``TAROCCHI_GAMES``."""
    path = os.pathsep.join(p for p in (str(TESTS), os.environ.get("PYTHONPATH", "")) if p)
    env = os.environ | {ENVIRONMENT: value, "PYTHONPATH": path}
    command = "from tarocchi import available_games, get_game; print(*available_games()); get_game('trio')"
    return subprocess.run(
        [sys.executable, "-c", command], env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_environment_registers_games_for_a_whole_program() -> None:
    ran = games_in_a_program("trio=fixture_game")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.split() == [*BUILT_IN, "trio"]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("trio", "TAROCCHI_GAMES: 'trio': a game is registered as id=package"),
        ("taroux=fixture_game", "TAROCCHI_GAMES: 'taroux=fixture_game': the id 'taroux' is the game of"),
    ],
)
def test_a_mistake_in_the_environment_is_named_when_the_games_are_first_asked_for(
    value: str, words: str
) -> None:
    ran = games_in_a_program(value)
    assert ran.returncode == 1 and ran.stdout == ""
    assert ran.stderr.strip().splitlines()[-1].startswith(f"tarocchi.core.errors.UnknownGameError: {words}")
