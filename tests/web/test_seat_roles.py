"""Each seat's part in the contract as the page shows it (``present.roles``, from
``Game.seat_roles``), over whole games of random legal moves in every game: never a partner
the view may not know, and nothing while an auction's standing bid may yet be beaten."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.match import Match
from tarocchi.core.registry import available_games, get_game
from tarocchi.web.present import presentation


@pytest.mark.parametrize("game_id", available_games())
def test_roles_name_only_what_each_view_may_know(game_id: str) -> None:
    game = get_game(game_id)
    shown = 0
    for seed in range(2):
        rng = random.Random(seed)
        match = Match(game, seed=seed)
        while not match.over:
            if match.hand_over:
                match.next_hand()
                continue
            for seat in (*range(game.players), None):
                view = match.view(seat)
                roles = presentation(game, view)["roles"]
                assert len(roles) == game.players
                marked = {s for s, role in enumerate(roles) if role}
                shown += bool(marked)
                if view.phase.name in ("AUCTION", "RECONTRA"):
                    assert not marked, (view.phase, roles)
                side = view.facts.declaring_side()
                if side is not None:  # a contract's sides are public: only its seats (and a coincher)
                    assert {s for s in marked if "coinche" not in roles[s]} <= side, roles
                elif game_id == "sicilian" and marked:  # a hidden partner: marked for himself alone
                    hidden = marked - {view.facts.declarer}
                    assert hidden <= {seat}, (seat, roles)
            match.submit(match.to_act(), rng.choice(match.legal_actions()))
    if game_id != "piedmont":  # fixed partners, no contract: nothing to mark
        assert shown
