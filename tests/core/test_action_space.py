"""Every game's actions have stable integer ids (the research action space).

Each game's ``actions`` lists every action it can ever offer, once; an id and its action map
both ways; the notation of each reads back to it without a state; every legal action met in
play has an id; and the ids are those written in docs/actions/<game>.tsv (tools/action-space
writes them), so a change that renumbers an action fails here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tarocchi.core.actions import Play
from tarocchi.core.errors import ArgumentError
from tarocchi.core.match import Match
from tarocchi.core.registry import available_games, get_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "actions"
VARIANTS = [("piedmont", {"good_evil": "trumps"}), ("piedmont", {"good_evil": "allegiance"})] + [
    (game, {}) for game in available_games() if game != "piedmont"
]


@pytest.mark.parametrize("game_id", available_games())
def test_ids_map_both_ways_and_notation_reads_back_without_a_state(game_id: str) -> None:
    game = get_game(game_id)
    assert len(set(game.actions)) == len(game.actions) > 0
    for n, action in enumerate(game.actions):
        assert game.action_id(action) == n
        assert game.action_of(n) is action
        assert game.parse_action(str(action)) == action, str(action)
        # the notation table: case and spacing aside, no two actions share a notation
        assert game.parse_action(f"  {str(action).upper().replace(' ', '   ')} ") == action, str(action)
    assert len({str(action).lower() for action in game.actions}) == len(game.actions)


@pytest.mark.parametrize("game_id", available_games())
def test_ids_are_the_documented_ones(game_id: str) -> None:
    lines = (DOCS / f"{game_id}.tsv").read_text(encoding="utf-8").splitlines()
    documented = [line.split("\t") for line in lines if not line.startswith("#")]
    game = get_game(game_id)
    assert documented == [[str(n), str(action)] for n, action in enumerate(game.actions)]


@pytest.mark.parametrize(
    ("game_id", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values())
)
def test_every_legal_action_met_in_play_has_an_id(game_id: str, options: dict[str, str]) -> None:
    game = get_game(game_id, options)
    rng = random.Random(5)  # which legal action is taken: any play must only meet known actions
    for seed in range(6):
        match = Match(game, seed=seed, first_dealer=seed % game.players)
        while (seat := match.to_act()) is not None:
            legal = game.legal_actions(match.state)
            ids = [game.action_id(action) for action in legal]
            assert len(set(ids)) == len(ids)
            match.submit(seat, rng.choice(legal))


def test_a_wrong_action_or_id_is_refused_in_one_line() -> None:
    piedmont, taroinche = get_game("piedmont"), get_game("taroinche")
    with pytest.raises(ArgumentError, match="one of piedmont's actions"):
        piedmont.action_id(taroinche.actions[-1])  # a bid: no action of Piedmont's
    with pytest.raises(ArgumentError, match="one of taroinche's actions"):
        taroinche.action_id(Play(piedmont.deck.card("T21")))
    with pytest.raises(ArgumentError, match="one of piedmont's actions"):
        piedmont.action_id("KE")  # type: ignore[arg-type]
    for wrong in (-1, len(piedmont.actions), True, "3", 2.0):
        with pytest.raises(ArgumentError, match=r"from 0 to 163 for piedmont") as caught:
            piedmont.action_of(wrong)  # type: ignore[arg-type]
        assert "\n" not in str(caught.value)
