"""Tournament arithmetic on small cases worked by hand."""

from __future__ import annotations

import math

import pytest

from tarocchi import get_game
from tarocchi.bots.tournament import interval, play_game, seating, tournament


def test_seating_keeps_partners_together_and_rotates_partnerships() -> None:
    # Piedmont: partnerships {0,2} and {1,3}. Two players: A on North-South, then on East-West.
    game = get_game("piedmont")
    assert seating(game, 2, 0) == (0, 1, 0, 1)
    assert seating(game, 2, 1) == (1, 0, 1, 0)
    # Three players over two partnerships: each sits on each partnership in some rotation.
    assert [seating(game, 3, r) for r in range(3)] == [(0, 1, 0, 1), (1, 2, 1, 2), (2, 0, 2, 0)]


def test_interval_by_hand() -> None:
    # values 1 2 3 4: mean 2.5; sample sd = sqrt(((1.5^2 + 0.5^2) * 2) / 3) = sqrt(5/3) = 1.2909944;
    # half width = 1.959964 * 1.2909944 / sqrt(4) = 2.5303025 / 2 = 1.2651512
    mean, low, high = interval([1, 2, 3, 4])
    assert mean == 2.5
    assert low == pytest.approx(1.2348488, abs=1e-6)
    assert high == pytest.approx(3.7651512, abs=1e-6)
    assert interval([7.0]) == (7.0, 7.0, 7.0)


def test_duplicate_play_is_zero_sum_between_two_players_and_shares_the_wins() -> None:
    """Two players over Piedmont's two partnerships: in every deal each held both seats of each
    side once, so what one gains per hand the other loses; each played both rotations."""
    game = get_game("piedmont")
    scores = play_game(game, ["random", "heuristic"], seed=3, index=0)
    assert len(scores.per_deal) == game.hands_per_game()
    for a, b in scores.per_deal:
        assert a == -b
    assert scores.played == (2, 2)
    assert sum(scores.wins) == pytest.approx(2.0)  # one game per rotation, its win shared out


def test_same_seed_same_tournament() -> None:
    first = tournament("piedmont", ["heuristic", "random"], 8, seed=5)
    second = tournament("piedmont", ["heuristic", "random"], 8, seed=5, jobs=2)
    assert [(s.mean, s.low, s.high, s.win_rate, s.decisions) for s in first.standings] == [
        (s.mean, s.low, s.high, s.win_rate, s.decisions) for s in second.standings
    ]
    assert first.deals == 8 and first.games == 2


def test_unknown_player_is_refused_with_the_kinds() -> None:
    with pytest.raises(ValueError, match=r"the players are: easy \(random\), medium \(heuristic\)"):
        tournament("piedmont", ["heuristic", "genius"], 4)
    with pytest.raises(ValueError, match="at least two"):
        tournament("piedmont", ["heuristic"], 4)
    assert not math.isnan(interval([1.0, 1.0])[0])
