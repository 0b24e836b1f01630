"""Shorthand is read against a seat's view, never the true state. A bare card means
the one legal action of the seat's view that names it (a discard while discarding, a rally, a
show), the same as read against the state; a seat not to act, or a spectator, reads it as a
play. Every game and option, over whole hands of random legal play."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.actions import Play, named_cards
from tarocchi.core.errors import ArgumentError
from tarocchi.core.match import Match
from tarocchi.core.registry import available_games, get_game

VARIANTS = [("piedmont", {"good_evil": "trumps"}), ("piedmont", {"good_evil": "allegiance"})] + [
    (game, {}) for game in available_games() if game != "piedmont"
]


@pytest.mark.parametrize(
    ("game_id", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values())
)
def test_a_bare_card_means_the_card_action_the_seats_view_offers(
    game_id: str, options: dict[str, str]
) -> None:
    game = get_game(game_id, options)
    rng = random.Random(9)  # which legal action is taken: the reading must hold at every step
    checked = set()
    for seed in range(3):
        match = Match(game, seed=seed, first_dealer=0)
        while (seat := match.to_act()) is not None:
            view = match.view(seat)
            other = match.view((seat + 1) % game.players)
            for action in view.legal_actions:
                cards = named_cards(action)
                if len(cards) != 1 or [named_cards(a) for a in view.legal_actions].count(cards) != 1:
                    continue
                code = cards[0].code
                assert game.parse_action(code, view) == action
                assert game.parse_action(code, match.state) == action
                assert game.parse_action(code, other) == Play(cards[0])  # not his turn: a play
                assert game.parse_action(code, match.view(None)) == Play(cards[0])
                checked.add(type(action).__name__)
            match.submit(seat, rng.choice(view.legal_actions))
    assert "Play" in checked
    if game_id == "piedmont":  # the dealer discards in every hand (P2)
        assert "Discard" in checked


def test_a_context_of_another_kind_is_refused() -> None:
    game = get_game("piedmont")
    with pytest.raises(ArgumentError, match="state must be a PiedmontState"):
        game.parse_action("KE", get_game("taroux").initial_state)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="text must be a str"):
        game.parse_action(None)  # type: ignore[arg-type]
