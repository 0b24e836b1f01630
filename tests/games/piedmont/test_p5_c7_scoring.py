"""P5 (counting and scoring, option trumps) and C7 (integer points, the stated totals)."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import get_game
from tarocchi.games.piedmont import scoring

from . import deals
from .helpers import autoplay, game, line_values, parse_deal, play, start, summary


def sweep_result():
    g = game()
    return g.outcome(autoplay(g, start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD)))


def test_P5_card_values_plus_one_a_trick_and_the_winner_takes_the_difference():
    """SWEEP: South wins all 19 tricks; East-West have only the discard.
    N-S: 146 - 2 = 144 card points + 19 tricks = 163 (>= 83: they win); E-W: 2 + 0 = 2.
    163 - 2 = 161: North and South +161 each, East and West -161 each."""
    result = sweep_result()
    assert summary(result) == ((144, 2), (19, 0), (161, -161, 161, -161))
    assert sum(result.card_points) + sum(result.tricks) == 165


def test_P5_result_lines_are_labelled():
    result = sweep_result()
    lines = line_values(result)
    assert lines[("card points won in play", 0)] == 139  # and the Fool, 5, on the line above
    assert lines[("tricks", 0)] == 19
    assert lines[("total", 0)] == 163
    assert lines[("card points won in play", 1)] == 0  # its 2 are the discard's, on the line above
    assert lines[("tricks", 1)] == 0
    assert lines[("total", 1)] == 2
    (discard,) = [line for line in result.lines if "discard" in line.label]
    assert (discard.side, discard.value) == (1, 2)  # GOOD EVIL T2 2W for the dealer's side
    (verdict,) = [line for line in result.lines if "+161" in line.label]
    assert (verdict.side, verdict.value) == (0, 161)
    assert "-161" in verdict.label and "163" in verdict.label and "North-South" in verdict.label
    assert all(line.label for line in result.lines)


WHOLE_HANDS = [
    (deals.SWEEP, deals.SWEEP_DISCARD, ""),
    (deals.FOOL_PAY_A, "T2 T3 T4 EVIL", "3W KW 10E 2W"),
    (deals.FOOL_PAY_B, "T2 T3 T4 EVIL", "3W KW 10E GOOD"),
    (deals.FOOL_PAY_C, "T2 T3 GOOD EVIL", "AW KW KA T21"),
    (deals.BASIC, deals.BASIC_DISCARD, ""),
    (deals.trumps_pair(), deals.TRUMPS_PAIR_DISCARD, ""),
    (deals.opposed(), deals.OPPOSED_DISCARD, "5E GOOD EVIL KE"),
    (deals.FALLBACK, deals.FALLBACK_DISCARD, "GOOD KF KW EVIL"),
]


@pytest.mark.parametrize(("deal_text", "discard", "start_moves"), WHOLE_HANDS)
@pytest.mark.parametrize("policy", ["first", "last"])
def test_P5_C7_totals_hold_and_83_wins_on_every_whole_hand(deal_text, discard, start_moves, policy):
    """Whole hands under the trumps option, played by two fixed policies (first or last legal card):
    integer points, 146 card points + 19 tricks = 165, the side with 83 or more wins the difference,
    the engine's audit is clean after every action (helpers.play checks it)."""
    g = game()
    assert len(parse_deal(deal_text).hands) == 4
    state = play(g, start(g, deal_text, 3, discard), start_moves)
    while g.to_act(state) is not None:
        options = g.legal_actions(state)
        state = g.apply(state, options[0] if policy == "first" else options[-1])
        assert g.audit(state) == []
    result = g.outcome(state)
    assert all(type(v) is int for v in (*result.card_points, *result.tricks, *result.scores))
    assert all(type(line.value) is int for line in result.lines)
    assert sum(result.card_points) == 146
    assert sum(result.tricks) == 19
    points = [result.card_points[s] + result.tricks[s] for s in (0, 1)]
    assert sum(points) == 165
    winner = 0 if points[0] > points[1] else 1
    assert points[winner] >= 83
    diff = points[winner] - points[1 - winner]
    assert result.scores == tuple(diff if seat % 2 == winner else -diff for seat in range(4))


@pytest.mark.parametrize("option", ["trumps", "allegiance"])
def test_the_sheet_by_masks_is_the_sheet_card_by_card(option):
    """The scorer by masks (the hot path) gives the sheet of the rules stated card by card
    (``_score_by_card``), Fool payments and Allegiance's reversed calls included."""
    g = get_game("piedmont", {"good_evil": option})
    rng = random.Random(16)
    allegiance = option == "allegiance"
    for hand in range(300):
        state = g.initial_state(g.deal(rng, hand % 4), HandContext(1, hand % 4, (0,) * 4))
        while g.to_act(state) is not None:
            state = g.apply(state, rng.choice(g.legal_actions(state)))
        assert scoring.score(state, allegiance) == scoring._score_by_card(state, allegiance)
