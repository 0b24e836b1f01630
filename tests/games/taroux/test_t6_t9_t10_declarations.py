"""T6 (declarations: Abundance, Sparrow, Slam), T9 (Sparrow and Slam achieved, the Fool at the
last trick) and their scores under T10. Dealer 5: seat 0 bids Without, everyone passes; seat 0
then holds the top trumps and wins trick after trick, so the Declarers (0 and 3) take every card:
91 points with all 3 Honours, target 36, won by 55: 25 + 55 = 80 before the multiplier.
"""

from __future__ import annotations

import pytest

from tarocchi.games.taroux.state import Phase

from . import deals
from .helpers import act, finish, game, legal, line, public, start

WITHOUT = "without, pass, pass, pass, pass, pass"
DOWN_FROM_T21 = " ".join(f"T{n}" for n in range(21, 10, -1))


def declaring(deal: str):
    g = game()
    return g, start(g, deal, 5, WITHOUT)


def test_T6_declarations_go_round_from_the_bidding_declarer_and_offer_only_what_is_allowed():
    """ABUNDANT: seat 0 holds T1..T11 (the Magician too), seat 1 T12..T19, seat 2 T20 T21 FOOL."""
    g, s = declaring(deals.ABUNDANT)
    assert g.to_act(s) == 0
    assert legal(g, s) == [f"show T{n}" for n in range(1, 12)] + ["sparrow", "slam", "done"]
    s = act(g, s, "show T3, show T4, show T5")
    assert "done" not in legal(g, s)  # at least six once showing has begun
    assert "at least 6" in g.explain_illegal(s, g.parse_action("done"))
    s = act(g, s, "show T6, show T7, show T8, done")
    assert g.to_act(s) == 1  # seat 1, a Defender: 8 trumps, no Magician, no Slam
    assert legal(g, s) == [f"show T{n}" for n in range(12, 20)] + ["done"]
    assert "Declarer" in g.explain_illegal(s, g.parse_action("slam"))
    assert "Magician" in g.explain_illegal(s, g.parse_action("sparrow"))
    s = act(g, s, "done")
    assert legal(g, s) == ["done"]  # seat 2: two trumps and the Fool
    assert "Fool does not count" in g.explain_illegal(s, g.parse_action("show FOOL"))
    s = act(g, s, "done")
    assert legal(g, s) == ["slam", "done"]  # seat 3, the partner, may announce the Slam
    s = act(g, s, "slam, done")
    assert "done" in legal(g, s) and "slam" not in legal(g, s)  # seat 4
    s = act(g, s, "done, done")
    assert g.view(s, 0).phase is Phase.PLAY and g.to_act(s) == 0
    for seat in (1, 4, None):
        shown = public(g, s, seat)
        assert shown["Abundance of Seat 0"] == "T3 T4 T5 T6 T7 T8"
        assert shown["Slam"] == "announced by Seat 3"
        assert any("Small Abundance of 6 trumps, 20" in e.note for e in g.view(s, seat).events)


@pytest.mark.parametrize(("shown", "points"), [(6, 20), (7, 20), (8, 30), (11, 40), (12, 40)])
def test_T6_T10_abundance_of_6_8_11_scores_only_what_is_shown(shown, points):
    """TOP_TRUMPS: seat 0 shows his lowest ``shown`` trumps. Without: 80 x 4 = 320; then the
    Abundance, unmultiplied, for the Declarers who made it; unannounced Slam +200."""
    g, s = declaring(deals.TOP_TRUMPS)
    shows = ", ".join(f"show T{n}" for n in range(10, 10 + shown))
    s = finish(g, act(g, s, shows + ", done, done, done, done, done, done"))
    result = g.outcome(s)
    assert line(result, f"Abundance {points} ") == points
    assert result.scores[1] == -(320 + points + 200)
    assert result.scores[0] == 2 * (320 + points + 200)


def test_T10_a_defenders_abundance_counts_against_the_declarers_when_the_contract_fails():
    """NO_TRICK: seat 1 (a Defender) shows 8 trumps (Middling 30) and takes every trick.
    Declarers 0 points, no Honour: target 56, lost by 56: -(25 + 56) = -81; x 4 Without = -324;
    Abundance -30; the Defenders' unannounced Slam -200: R = -554."""
    g, s = declaring(deals.NO_TRICK)
    shows = ", ".join(f"show T{n}" for n in range(10, 18))
    s = finish(g, act(g, s, "done, " + shows + ", done, done, done, done, done"))
    result = g.outcome(s)
    assert line(result, "lost by 56: 25 + 56") == -81
    assert line(result, "Abundance 30") == -30
    assert line(result, "Slam unannounced, every trick to the Defenders") == -200
    assert result.lines[-1].label == "each Declarer pays 2 \u00d7 554 = 1108, each Defender gets 554 (T10)"
    assert result.lines[-1].value == -554
    assert result.scores == (-1108, 554, 554, -1108, 554, 554)


def test_T6_T9_sparrow_announced_and_won():
    """SPARROW: seat 0 keeps the Magician for the last trick and wins it. 80 + 20 = 100;
    x 4 = 400; unannounced Slam +200: R = 600."""
    g, s = declaring(deals.SPARROW)
    s = act(g, s, "sparrow, done, done, done, done, done, done")
    s = finish(g, s, {0: DOWN_FROM_T21 + " T1"})
    result = g.outcome(s)
    assert g.view(s, 0).tricks[-1].plays[0][1].code == "T1"
    assert line(result, "Sparrow announced by Seat 0, won") == 20
    assert result.scores[0] == 1200 and result.scores[1] == -600


def test_T9_T10_sparrow_unannounced_scores_10():
    """The same play without the announcement: 80 + 10 = 90; x 4 = 360; +200: R = 560."""
    g, s = declaring(deals.SPARROW)
    s = finish(g, act(g, s, "done, done, done, done, done, done"), {0: DOWN_FROM_T21 + " T1"})
    result = g.outcome(s)
    assert line(result, "Sparrow won unannounced by Seat 0") == 10
    assert result.scores[1] == -560


def test_T6_T10_sparrow_announced_and_failed():
    """Seat 0 plays the Magician to trick 11 and T11 to the last: 80 - 20 = 60; x 4 = 240;
    +200: R = 440."""
    g, s = declaring(deals.SPARROW)
    s = act(g, s, "sparrow, done, done, done, done, done, done")
    s = finish(g, s, {0: " ".join(f"T{n}" for n in range(21, 11, -1)) + " T1 T11"})
    result = g.outcome(s)
    assert line(result, "Sparrow announced by Seat 0, failed") == -20
    assert result.scores[1] == -440


def test_T9_T10_announced_slam_with_the_fool_led_to_the_last_trick():
    """FOOL_LAST: seat 0 wins eleven trump leads and leads the Fool to trick 12. Seat 1's 3E sets
    the suit, but the Fool wins (T9): Declarers take all 12 tricks. 80 x 4 = 320; Slam +400:
    R = 720; each Declarer +1440."""
    g, s = declaring(deals.FOOL_LAST)
    s = finish(g, act(g, s, "slam, done, done, done, done, done, done"))
    last = g.view(s, 2).tricks[-1]
    assert [(seat, card.code) for seat, card in last.plays][:2] == [(0, "FOOL"), (1, "3E")]
    assert last.winner == 0
    result = g.outcome(s)
    assert result.tricks == (12, 0)
    assert line(result, "Slam announced by Seat 0, won") == 400
    assert not [ln for ln in result.lines if "Fool" in ln.label]  # nothing to settle
    assert result.scores == (1440, -720, -720, 1440, -720, -720)


def test_T9_T10_unannounced_slam_with_the_fool_led_to_the_last_trick():
    """The same without announcing: 320 + 200 = 520."""
    g, s = declaring(deals.FOOL_LAST)
    s = finish(g, act(g, s, "done, done, done, done, done, done"))
    result = g.outcome(s)
    assert line(result, "Slam unannounced, every trick to the Declarers") == 200
    assert result.scores[0] == 1040


def test_T10_an_announced_slam_that_fails_costs_400():
    """NO_TRICK: seat 0 announces a Slam and the Defenders take every trick: -81 x 4 = -324;
    -400 for the failed Slam and nothing more: R = -724."""
    g, s = declaring(deals.NO_TRICK)
    s = finish(g, act(g, s, "slam, done, done, done, done, done, done"))
    result = g.outcome(s)
    assert line(result, "Slam announced by Seat 0, failed") == -400
    assert not [ln for ln in result.lines if "unannounced" in ln.label]
    assert result.scores[0] == -1448 and result.scores[1] == 724
