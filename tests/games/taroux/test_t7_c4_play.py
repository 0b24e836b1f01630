"""T7 (follow suit; void -> trump; beat any trump already in the trick, also on a trump lead, even
over a partner) and C4 (the Fool: any time, led, settled at the end). Deal DUTIES, dealer 5:
seat 0 bids Without, all pass, nobody declares; seat 0 leads."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError

from . import deals
from .helpers import act, finish, game, legal, start

PLAYING = "without, pass, pass, pass, pass, pass, done, done, done, done, done, done"


def playing(moves: str = ""):
    g = game()
    return g, start(g, deals.DUTIES, 5, PLAYING + ", " + moves if moves else PLAYING)


def test_T7_must_overtrump_on_trump_lead():
    """Seat 0 leads T5; seat 1 holds T3 T10 T20: only T10 and T20 beat T5."""
    g, s = playing("T5")
    assert legal(g, s) == ["T10", "T20"]
    reason = g.explain_illegal(s, g.parse_action("T3"))
    assert "overtrump" in reason and "T7" in reason
    with pytest.raises(IllegalActionError):
        g.apply(s, g.parse_action("KA"))


def test_T7_unable_to_overtrump_any_trump_will_do():
    g, s = playing("T5, T10")
    assert legal(g, s) == ["T1", "T2"]  # seat 2: neither beats T10; 5E is not allowed
    s = act(g, s, "T2")
    assert legal(g, s) == ["T6", "T7", "T8", "T9"]  # seat 3


def test_T7_no_exception_when_the_partner_is_winning():
    """Seat 4's partner seat 1 is winning with T10; seat 4 must still beat it (T12 T13 T14, not T4)."""
    g, s = playing("T5, T10, T2, T6")
    assert g.to_act(s) == 4
    assert legal(g, s) == ["T12", "T13", "T14"]
    assert "overtrump" in g.explain_illegal(s, g.parse_action("T4"))


def test_C4_the_fool_may_be_played_instead_of_a_required_card():
    g, s = playing("T5, T10, T2, T6, T12")
    assert legal(g, s) == ["T16", "T17", "T18", "T19", "T21", "FOOL"]
    s = act(g, s, "T16")
    assert g.view(s, 0).tricks[0].winner == 5


def test_T7_void_must_trump_and_overtrump_a_ruff_and_a_holder_follows_suit():
    """Trick 2: seat 5 leads 6W. Seat 0 has no Water: must trump (T11 T15). Seat 1 must beat T11:
    only T20. Seat 2 cannot beat T20: its last trump T1. Seat 3: any of T7 T8 T9. Seat 4 holds
    Water: must follow suit, not trump."""
    g, s = playing("T5, T10, T2, T6, T12, T16, 6W")
    assert legal(g, s) == ["T11", "T15"]
    assert "must play a trump" in g.explain_illegal(s, g.parse_action("KE"))
    s = act(g, s, "T11")
    assert legal(g, s) == ["T20"]
    s = act(g, s, "T20")
    assert legal(g, s) == ["T1"]
    s = act(g, s, "T1")
    assert legal(g, s) == ["T7", "T8", "T9"]
    s = act(g, s, "T7")
    assert legal(g, s) == ["KW", "QW", "CW", "JW", "10W", "9W", "8W", "7W"]
    assert "follow suit" in g.explain_illegal(s, g.parse_action("T4"))
    s = act(g, s, "KW")
    assert g.view(s, 0).tricks[1].winner == 1  # T20 is the highest trump (C3)


def test_C4_a_led_fool_lets_the_next_player_set_the_suit():
    g, s = playing("T5, T10, T2, T6, T12, T16, FOOL")
    assert len(legal(g, s)) == 11  # seat 0 may play anything
    s = act(g, s, "KE")
    assert legal(g, s) == ["T3", "T20"]  # seat 1 has no Earth: trump (nothing to beat yet)


def test_C4_the_fool_goes_to_the_winning_side_when_its_side_won_no_trick():
    """TOP_TRUMPS, seat 0 wins every trick; seat 5, a Defender, plays the Fool to the last trick:
    the Defenders won no trick, so the Fool itself goes to the Declarers (5 points)."""
    g = game()
    s = start(g, deals.TOP_TRUMPS, 5, PLAYING)
    s = finish(g, s)
    result = g.outcome(s)
    fool = [(ln.label, ln.value) for ln in result.lines if "Fool" in ln.label]
    assert fool == [("Seat 5's side won no trick: the Fool goes to the Declarers (C4)", 5)]
