"""B3: bids ordered by strength, No-trump/All-trump only at Capot, coinche and surcoinche, the end
of the auction, the all-pass throw-in. Deals: deals.TOP_HEARTS, first player seat 0."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError

from . import deals
from .helpers import act, explain, game, legal, notes, public, result, start


@pytest.fixture
def g():
    return game()


@pytest.fixture
def s0(g):
    return start(g, deals.TOP_HEARTS)


def test_B3_the_ladder_82_with_82_without_82_against_90_with(g, s0):
    state = act(g, s0, "82 S with 2")  # level 80 tier + With
    # seat 1: 82 With is not stronger (any suit or partner), 82 Without is
    assert explain(g, state, "82 H with 3")
    assert "82 H without 3" in legal(g, state)
    state = act(g, state, "82 H without 3")
    assert explain(g, state, "82 D without 0")
    state = act(g, state, "82 D against 0")
    assert explain(g, state, "82 C against 1")
    state = act(g, state, "90 C with 1")  # the 90 tier's weakest beats 82 Against
    assert "90 C with 1" not in legal(g, state)
    assert "90 C without 1" in legal(g, state)


def test_B3_capot_with_is_above_180_against(g, s0):
    state = act(g, s0, "180 S against 2")
    bids = legal(g, state) - {"pass", "coinche"}
    # only the three Capot levels are left: 6 trumps x 5 partners each
    assert len(bids) == 3 * 6 * 5
    assert "capot S with 0" in bids and "capot AT against 4" in bids
    assert all(b.startswith("capot") for b in bids)


def test_B3_a_bid_below_the_current_strength_is_refused_with_the_reason(g, s0):
    state = act(g, s0, "100 H without 2")
    reason = explain(g, state, "90 S against 3")
    assert reason and "stronger" in reason and "B3" in reason
    with pytest.raises(IllegalActionError):
        g.apply(state, g.parse_action("100 S without 3", state))  # equal strength, other suit


def test_B3_a_bid_outside_the_ladder_is_refused(g, s0):
    from tarocchi.games.taroinche import Bid

    for odd in (Bid(95, 0, 1, 2), Bid(90, 0, 1, 5), Bid(90, 0, 4, 2)):
        reason = g.explain_illegal(s0, odd)
        assert reason and "not a bid of this game" in reason
        with pytest.raises(IllegalActionError):
            g.apply(s0, odd)


def test_B3_no_trump_and_all_trump_only_at_capot(g, s0):
    reason = explain(g, s0, "120 NT with 2")
    assert reason and "Capot" in reason
    assert "120 NT with 2" not in legal(g, s0)
    assert "capot NT with 2" in legal(g, s0) and "capot AT against 2" in legal(g, s0)


def test_B3_the_opening_auction_offers_pass_and_every_bid_but_no_coinche(g, s0):
    options = legal(g, s0)
    # 11 point values x 3 modes x 4 suits x 5 partners + Capot: 3 modes x 6 trumps x 5 partners
    assert len(options) == 1 + 11 * 3 * 4 * 5 + 3 * 6 * 5
    assert "coinche" not in options
    assert "there is no bid" in explain(g, s0, "coinche")


def test_B3_a_coinche_by_the_partner_is_refused(g, s0):
    state = act(g, s0, "90 H with 1")  # seat 1 is the partner, and now to speak
    assert "coinche" not in legal(g, state)
    reason = explain(g, state, "coinche")
    assert reason and "partner" in reason
    state = act(g, state, "pass")  # seat 2 is outside the contract: he may coinche
    assert "coinche" in legal(g, state)


def test_B3_four_passes_after_a_bid_end_the_auction_and_anyone_may_bid_after_passing(g, s0):
    state = act(g, s0, "pass", "pass", "90 H without 4")  # seat 2 bids after 0 and 1 passed
    state = act(g, state, "pass", "pass")  # seats 3 and 4
    assert g.to_act(state) == 0 and "100 S with 0" in legal(g, state)  # seat 0 passed before
    state = act(g, state, "pass")
    assert state.phase.name == "AUCTION"  # three passes since the bid
    state = act(g, state, "pass")
    assert state.phase.name == "PLAY"  # 4 passes after the bid: Without, so play begins
    assert public(g, state)["contract"] == "90 ♥ without, North-West with East"
    assert g.to_act(state) == 0  # B2: the first player leads, not the taker


def test_B3_after_a_coinche_no_more_bids_and_a_surcoinche_ends_it(g, s0):
    state = act(g, s0, "90 H without 2", "coinche")  # 0 bids with 2; seat 1 coinches
    # B3: the taker and the partner speak clockwise from the coincher: 2 first, then 0
    assert g.to_act(state) == 2
    assert legal(g, state) == {"pass", "surcoinche"}
    assert "no more bids" in explain(g, state, "100 H with 2")
    state = act(g, state, "pass")
    assert g.to_act(state) == 0
    state = act(g, state, "surcoinche")
    assert state.phase.name == "PLAY"
    assert public(g, state)["surcoinche"] == "coinched by West, surcoinched (x4)"


def test_B3_two_passes_end_the_surcoinche_round(g, s0):
    state = act(g, s0, "90 H without 2", "pass", "pass", "coinche")  # seat 3 coinches
    assert g.to_act(state) == 0  # clockwise from 3: 0 (taker) before 2 (partner)
    state = act(g, state, "pass", "pass")
    assert state.phase.name == "PLAY"
    assert public(g, state)["coinche"] == "coinched by North-East (x2)"


def test_B3_a_surcoinche_by_the_partner_makes_him_the_taker(g, s0):
    state = act(g, s0, "90 H with 2", "coinche", "surcoinche")  # seat 1 coinches, 2 surcoinches
    # With: the new taker, seat 2, takes the dog and must lay two cards aside
    assert state.phase.name == "DISCARD"
    assert g.to_act(state) == 2
    assert len(g.view(state, 2).hand) == 8
    assert public(g, state)["contract"] == "90 ♥ with, North-West with South"
    assert any("becomes the taker" in n for n in notes(g, state, 4))


def test_B3_a_solo_single_pass_ends_the_surcoinche_round(g, s0):
    state = act(g, s0, "180 H without 0", "coinche")  # a solo, coinched by seat 1
    assert g.to_act(state) == 0
    state = act(g, state, "pass")  # one pass ends it (BGA's double pass is not copied)
    assert state.phase.name == "PLAY"
    assert public(g, state)["contract"] == "180 ♥ without, South solo"


def test_B3_C2_five_passes_without_a_bid_throw_the_hand_in(g, s0):
    state = act(g, s0, "pass", "pass", "pass", "pass")
    assert g.to_act(state) == 4
    state = act(g, state, "pass")
    assert g.to_act(state) is None
    outcome = result(g, state)
    assert outcome.thrown_in and outcome.scores == (0, 0, 0, 0, 0)
