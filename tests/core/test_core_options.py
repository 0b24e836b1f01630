"""Game options and game ids: wrong input is refused with a message saying what would be right."""

from __future__ import annotations

from typing import Any

import pytest

from tarocchi.core.errors import OptionError, TarocchiError, UnknownGameError
from tarocchi.core.protocol import Game, parse_option_pairs
from tarocchi.core.registry import available_games, game_info, get_game


def test_option_pairs_are_read_as_name_value() -> None:
    assert parse_option_pairs([]) == {}
    assert parse_option_pairs(["good_evil=allegiance"]) == {"good_evil": "allegiance"}
    assert parse_option_pairs([" Good_Evil = trumps ", "hands=10"]) == {"good_evil": "trumps", "hands": "10"}
    assert parse_option_pairs(("a=b=c",)) == {"a": "b=c"}


@pytest.mark.parametrize("pair", ["good_evil", "=trumps", "  =x", ""])
def test_an_option_pair_without_name_and_equals_sign_shows_the_form(pair: str) -> None:
    with pytest.raises(OptionError) as error:
        parse_option_pairs(["hands=4", pair])
    message = str(error.value)
    assert "name=value" in message
    assert f"'{pair}'" in message


def test_an_unknown_option_lists_the_options_and_their_choices(game: Game[Any]) -> None:
    info = game.info
    with pytest.raises(OptionError) as error:
        get_game(info.id, {"no_such_option": "x"})
    message = str(error.value)
    assert "'no_such_option'" in message
    for spec in info.options:
        assert spec.name in message
        for choice in spec.choices:
            assert choice in message
    if not info.options:
        assert "no options" in message


def test_a_bad_option_value_lists_the_choices(game: Game[Any]) -> None:
    for spec in game.info.options:
        with pytest.raises(OptionError) as error:
            get_game(game.info.id, {spec.name: "no-such-value"})
        message = str(error.value)
        assert spec.name in message and "no-such-value" in message
        for choice in spec.choices:
            assert choice in message


def test_option_values_are_read_in_any_case(game: Game[Any]) -> None:
    for spec in game.info.options:
        for choice in spec.choices:
            chosen = get_game(game.info.id, {spec.name: f" {choice.upper()} "})
            assert chosen.options[spec.name] == choice


def test_options_default_to_their_documented_defaults(game: Game[Any]) -> None:
    assert game.options == {spec.name: spec.default for spec in game.info.options}
    assert game_info(game.info.id) is game.info


def test_option_errors_are_value_errors_of_the_engine() -> None:
    assert issubclass(OptionError, ValueError) and issubclass(OptionError, TarocchiError)


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGameError) as error:
        get_game("no-such-game")
    message = str(error.value)
    assert "no-such-game" in message
    for game_id in available_games():
        assert game_id in message
    assert not message.startswith(("'", '"')), "the message is not quoted like a KeyError's"
    assert isinstance(error.value, KeyError) and isinstance(error.value, TarocchiError)
    with pytest.raises(UnknownGameError):
        game_info("no-such-game")


def test_game_ids_are_read_in_any_case(game: Game[Any]) -> None:
    assert get_game(f" {game.info.id.upper()} ").info.id == game.info.id
