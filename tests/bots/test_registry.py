"""The bots registry: one record per game, named by the game's manifest, and one-line errors naming
what exists. (Every registered heuristic and search player plays legally: test_players.py,
whose players come from this registry; every game's resample reproduces the view:
tests/conformance/test_conformance_resample.py.)"""

from __future__ import annotations

from enum import IntEnum
from types import SimpleNamespace

import pytest

from tarocchi import available_games, get_game
from tarocchi.bots import registry
from tarocchi.bots.players import KINDS, make_player, player_kinds, player_names
from tarocchi.bots.registry import GamePlayers, game_players, games_with_players, has_players
from tarocchi.core.errors import UnknownGameError
from tarocchi.core.manifest import Manifest


@pytest.mark.parametrize("game_id", available_games())
def test_every_registered_game_declares_its_players_with_its_own_phases(game_id: str) -> None:
    players = game_players(game_id)
    assert isinstance(players, GamePlayers)
    game = get_game(game_id)
    assert game_players(game) is players and game_players(f" {game_id.upper()} ") is players
    assert has_players(game) and player_kinds(game) == KINDS
    assert players.heuristic() is not players.heuristic()
    own = f"tarocchi.games.{game_id}.state"
    assert all(isinstance(p, IntEnum) and type(p).__module__ == own for p in players.delegated)


def test_the_games_with_players_are_the_registered_games_in_order() -> None:
    assert games_with_players() == available_games()


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(UnknownGameError) as refused:
        game_players("chess\n")
    games = ", ".join(available_games())
    assert str(refused.value) == f"unknown game 'chess'; the games are: {games}"


def test_a_game_without_computer_players_is_refused_naming_those_that_have_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A registered game whose manifest names no players has the random player alone, and
    asking for its players says which games have them."""
    named = registry.manifest
    monkeypatch.setattr(registry, "available_games", lambda: (*available_games(), "minchiate"))
    monkeypatch.setattr(
        registry,
        "manifest",
        lambda game_id: (
            Manifest(game="tarocchi.games.minchiate:Game") if game_id == "minchiate" else named(game_id)
        ),
    )
    with pytest.raises(ValueError) as refused:
        game_players("minchiate")
    games = ", ".join(available_games())
    assert str(refused.value) == (
        f"no computer players for minchiate; the games with computer players are: {games}"
    )
    lonely = SimpleNamespace(info=SimpleNamespace(id="minchiate"))
    assert not has_players(lonely)
    assert player_kinds(lonely) == ("random",)
    assert player_names(lonely) == "easy (random)"
    with pytest.raises(ValueError, match=r"no 'hard' player for minchiate; the players are: easy \(random\)"):
        make_player("hard", lonely)
