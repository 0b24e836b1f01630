"""A view converts to JSON and back without loss (the web protocol's payload), its
facts are a typed record of its own game, and docs/protocol.md lists every field of every record."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from conformance_tools import PlayedHand, seats_and_spectator

from tarocchi.core.errors import ArgumentError, RecordError
from tarocchi.core.facts import Facts
from tarocchi.core.protocol import Game
from tarocchi.core.registry import available_games, get_game
from tarocchi.core.views import PlayerView

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_every_view_of_every_hand_reads_back_equal_from_its_json(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    for hand in played_hands:
        for state in hand.states:
            for seat in seats_and_spectator(game):
                view = game.view(state, seat)
                sent = json.dumps(view.to_json())  # what a socket carries
                assert PlayerView.from_json(game, json.loads(sent)) == view


def test_the_facts_are_the_games_own_record_and_refuse_another_games_view(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    view = game.view(played_hands[0].final, 0)
    assert type(view.facts) is game.facts_type and game.facts_type is not Facts
    assert game.facts_type.of(view) is view.facts
    other = next(get_game(g) for g in available_games() if g != game.info.id)
    with pytest.raises(ArgumentError, match=f"a view of {game.info.id} has no {other.facts_type.__name__}"):
        other.facts_type.of(view)


def test_a_view_that_does_not_fit_is_refused_in_one_line(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    data = game.view(played_hands[0].final, 0).to_json()
    other = next(g for g in available_games() if g != game.info.id)
    broken: list[tuple[dict[str, Any], str]] = [
        ({**data, "game": other}, f"a view of '{other}', not of {game.info.id}"),
        ({k: v for k, v in data.items() if k != "hand"}, "KeyError"),
        ({**data, "phase": "dancing"}, "KeyError"),
        ({**data, "hand": "ZZ9"}, "ZZ9"),
        ({**data, "facts": {**data["facts"], "running": "lots"}}, "running: expected an object, not str"),
        ({**data, "facts": {}}, "expected the fields"),
    ]
    for wrong, words in broken:
        with pytest.raises(RecordError) as refused:
            PlayerView.from_json(game, wrong)
        message = str(refused.value)
        assert words in message and "\n" not in message, message


def _documented_fields() -> dict[str, list[str]]:
    """The fields each game's table in docs/protocol.md lists, by record name."""
    text = PROTOCOL.read_text(encoding="utf-8")
    tables: dict[str, list[str]] = {}
    for name, body in re.findall(r"\*\*\w+\*\* \(`(\w+)`\)\n\n((?:\|.*\n)+)", text):
        names: list[str] = []
        for row in body.splitlines()[2:]:
            names += re.findall(r"`(\w+)`", row.split("|")[1])
        tables[name] = names
    return tables


def test_docs_protocol_lists_every_field_of_every_games_facts() -> None:
    documented = _documented_fields()
    for game_id in available_games():
        record = get_game(game_id).facts_type
        assert documented.get(record.__name__) == [f.name for f in fields(record)], record.__name__
