"""T3 (the auction: bids, passes, Contra, Re-contra, throw-ins) and T4 (the bidding Declarer leads).

All on deal TOP_TRUMPS with dealer 5, so Eldest is seat 0. Only seat 0 (T21) and seat 5 (T1, FOOL)
hold an Honour; seats 1 to 4 hold none.
"""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError
from tarocchi.games.taroux.state import Phase
from tarocchi.games.taroux.views import TarouxFacts

from . import deals
from .helpers import act, game, legal, public, start

ALL_BIDS = ["pass", "prop", "stand", "take", "without", "against"]
REAL_BIDS = ["pass", "take", "without", "against"]


def begin(moves: str = ""):
    g = game()
    return g, start(g, deals.TOP_TRUMPS, dealer=5, moves=moves)


def test_T3_eldest_opens_and_prop_and_stand_need_an_honour():
    g, s = begin()
    assert g.to_act(s) == 0
    assert legal(g, s) == ALL_BIDS  # seat 0 holds T21
    s = act(g, s, "pass")
    assert g.to_act(s) == 1
    assert legal(g, s) == REAL_BIDS  # seat 1 holds no Honour: no Prop, no Stand, no Contra
    reason = g.explain_illegal(s, g.parse_action("prop"))
    assert "Honour" in reason and "T3" in reason
    with pytest.raises(IllegalActionError):
        g.apply(s, g.parse_action("stand"))


def test_T3_all_pass_throws_the_hand_in():
    """Six passes and no bid: thrown in, a hand with no score (C2)."""
    g, s = begin("pass, pass, pass, pass, pass")
    assert g.to_act(s) == 5  # five passes are not enough without a bid
    s = act(g, s, "pass")
    assert g.to_act(s) is None
    result = g.outcome(s)
    assert result.thrown_in and result.scores == (0,) * 6
    assert "thrown in" in result.lines[0].label and "nobody bid" in result.lines[0].label


def test_T3_a_dummy_bid_left_highest_throws_the_hand_in():
    g, s = begin("prop")
    assert legal(g, s) == REAL_BIDS  # seat 1: higher real bids only; no Contra on a dummy bid
    s = act(g, s, "pass, pass, pass, pass")
    assert g.to_act(s) == 5
    assert legal(g, s) == ["pass", "stand", "take", "without", "against"]  # no Contra on Prop
    reason = g.explain_illegal(s, g.parse_action("contra"))
    assert "real bid" in reason
    s = act(g, s, "pass")  # five passes after the Prop
    result = g.outcome(s)
    assert result.thrown_in and result.scores == (0,) * 6
    assert "Prop" in result.lines[0].label


def test_T3_a_bid_must_be_higher_and_a_player_who_passed_may_bid_again():
    g, s = begin("pass, take")
    assert legal(g, s) == ["pass", "without", "against"]  # seat 2: no Honour, above We'll Take
    assert "higher" in g.explain_illegal(s, g.parse_action("take"))
    s = act(g, s, "pass, pass, pass, pass")
    assert g.to_act(s) == 0  # seat 0 passed before; four passes so far
    assert legal(g, s) == ["pass", "without", "against", "contra"]
    s = act(g, s, "without")
    assert g.to_act(s) == 1
    assert legal(g, s) == ["pass", "against"]  # seat 1 may overcall; no Honour: no Contra


def test_T3_five_consecutive_passes_after_the_last_bid_end_the_auction():
    g, s = begin("take, pass, pass, pass, pass")
    assert g.to_act(s) == 5
    s = act(g, s, "without")  # a bid after four passes starts the count again
    s = act(g, s, "pass, pass, pass, pass")
    assert g.view(s, 0).phase is Phase.AUCTION
    s = act(g, s, "pass")
    assert g.view(s, 0).phase is Phase.DECLARE  # Without: no stock to take, no discards
    assert public(g, s, 2)["contract"] == "We'll Take Without by Seat 5"


def test_T3_contra_needs_a_real_bid_an_honour_and_an_opponent_of_the_bidder():
    g, s = begin("pass, pass, take, pass, pass")
    assert g.to_act(s) == 5
    assert "contra" not in legal(g, s)  # seat 5 is seat 2's partner
    assert "partnership" in g.explain_illegal(s, g.parse_action("contra"))
    s = act(g, s, "pass")
    assert legal(g, s) == ["pass", "without", "against", "contra"]  # seat 0: T21
    s2 = act(g, s, "pass, pass")
    assert g.to_act(s2) == 2
    assert "contra" not in legal(g, s2)  # the bidder himself
    s3 = act(g, s, "contra")  # seat 0, outside {2, 5}, holds T21
    assert g.view(s3, 0).phase is Phase.RECONTRA
    assert g.to_act(s3) == 2


def test_T3_contra_then_overcall_cancels_the_contra():
    """Seat 1 bids We'll Take, seat 5 contras; seats 1 and 4 hold no Honour and can only decline;
    turns resume after seat 5 with seat 0, whose Without cancels the contra."""
    g, s = begin("pass, take, pass, pass, pass, contra")
    assert g.to_act(s) == 1
    assert legal(g, s) == ["decline"]  # the bidder has no Honour
    assert "Honour" in g.explain_illegal(s, g.parse_action("recontra"))
    s = act(g, s, "decline")
    assert g.to_act(s) == 4 and legal(g, s) == ["decline"]  # then the bidder's partner
    s = act(g, s, "decline")
    assert g.to_act(s) == 0
    assert public(g, s, 3)["highest bid"] == "We'll Take by Seat 1, Contra"
    assert legal(g, s) == ["pass", "without", "against"]  # already contra'd: no second Contra
    s = act(g, s, "without")
    assert public(g, s, 3)["highest bid"] == "We'll Take Without by Seat 0"
    assert TarouxFacts.of(g.view(s, 3)).contra == 0
    s = act(g, s, "pass, pass, pass, pass, pass")
    assert TarouxFacts.of(g.view(s, 0)).contra == 0
    assert public(g, s, 4)["declarers"] == "Seat 0 and Seat 3"


def test_T3_recontra_by_the_partner_after_the_bidder_declines():
    """Seat 2 bids We'll Take; seat 0 contras; seat 2 (no Honour) can only decline; his partner seat
    5 (T1, FOOL) re-contras; turns resume with seat 1; five passes end it: Take, Re-contra."""
    g, s = begin("pass, pass, take, pass, pass, pass, contra")
    assert g.to_act(s) == 2 and legal(g, s) == ["decline"]
    s = act(g, s, "decline")
    assert g.to_act(s) == 5 and legal(g, s) == ["recontra", "decline"]
    s = act(g, s, "recontra")
    assert g.to_act(s) == 1
    assert TarouxFacts.of(g.view(s, 1)).passes == 0
    s = act(g, s, "pass, pass, pass, pass, pass")
    assert g.view(s, 0).phase is Phase.STOCK
    assert g.to_act(s) == 2
    assert public(g, s, 1)["contract"] == "We'll Take by Seat 2, Re-contra"


def test_T3_a_recontra_by_the_bidder_closes_the_window():
    g, s = begin("take, pass, pass, pass, pass, contra")  # seat 0 bids, seat 5 contras
    assert g.to_act(s) == 0 and legal(g, s) == ["recontra", "decline"]
    s = act(g, s, "recontra")
    assert g.to_act(s) == 0  # turns resume after the Contra caller (seat 5): seat 0
    assert g.view(s, 0).phase is Phase.AUCTION
    assert legal(g, s) == ["pass", "without", "against"]


def test_T3_every_seat_and_a_spectator_see_the_whole_auction():
    """Every call is an event of every view; the header fact says each seat's latest call, by name."""
    g, s = begin("pass, pass, take, pass, pass, pass, contra, decline, recontra")
    expected = "Seat 1 pass, Seat 3 pass, Seat 4 pass, Seat 0 contra, Seat 2 decline, Seat 5 recontra"
    calls = ["pass", "pass", "take", "pass", "pass", "pass", "contra", "decline", "recontra"]
    for seat in (0, 1, 2, 3, 4, 5, None):
        assert public(g, s, seat)["auction"] == expected
        assert [str(e.action) for e in g.view(s, seat).events if e.action is not None][-9:] == calls
        assert [e.action and str(e.action) for e in g.view(s, seat).events][-1] == "recontra"


def test_T4_the_bidding_declarer_leads_the_first_trick():
    g, s = begin("pass, pass, against, pass, pass, pass, pass, pass")
    assert g.view(s, 0).phase is Phase.DECLARE
    assert g.to_act(s) == 2  # declarations start with the bidding Declarer (T6)
    s = act(g, s, "done, done, done, done, done, done")
    assert g.view(s, 0).phase is Phase.PLAY
    assert g.to_act(s) == 2
