"""P3 (trick duties), C1 (clockwise, Eldest leads) and C3 (who wins, who leads next).

Deal BASIC (see deals.py), dealer East, discard T17 T18 T19 EVIL; tricks scripted from notation.
"""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError

from . import deals
from .helpers import ALLEGIANCE, action, game, legal, parse_deal, play, start


def basic():
    g = game()
    return g, start(g, deals.BASIC, 3, deals.BASIC_DISCARD)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_C1_P3_eldest_left_of_the_dealer_leads_the_first_trick(dealer):
    g = game()
    state = start(g, deals.SWEEP, dealer)
    assert g.to_act(state) == dealer
    for _ in range(4):
        state = g.apply(state, g.legal_actions(state)[0])
    assert g.to_act(state) == (dealer + 1) % 4
    assert g.view(state, 0).trick.leader == (dealer + 1) % 4


def test_C1_play_goes_clockwise_seat_by_seat():
    g, state = basic()
    seen = []
    for code in ["5E", "QE", "T2", "KF"]:
        seen.append(g.to_act(state))
        state = play(g, state, code)
    assert seen == [0, 1, 2, 3]


def test_P3_must_follow_suit_and_the_refusal_names_the_duty():
    g, state = basic()
    state = play(g, state, "5E")
    # West holds KE QE (and the Fool, C4): nothing else may go on an Earth lead
    assert legal(g, state) == {"KE", "QE", "FOOL"}
    reason = g.explain_illegal(state, action(g, state, "T1"))
    assert "follow suit" in reason and "Earth" in reason
    with pytest.raises(IllegalActionError, match="follow suit"):
        g.apply(state, action(g, state, "T1"))


def test_P3_void_in_the_suit_led_must_trump_and_good_counts_as_a_trump():
    g, state = basic()
    state = play(g, state, "5E QE")
    # North: no Earth; his trumps are Good, T2, T12, T20
    assert legal(g, state) == {"GOOD", "T2", "T12", "T20"}
    reason = g.explain_illegal(state, action(g, state, "KA"))
    assert "must play a trump" in reason
    with pytest.raises(IllegalActionError, match="must play a trump"):
        g.apply(state, action(g, state, "KA"))


def test_P3_void_and_without_trumps_any_card_may_be_played():
    g, state = basic()
    state = play(g, state, "5E QE T2")
    east = {c.code for c in parse_deal(deals.BASIC).hands[3]}
    assert legal(g, state) == east
    assert len(east) == 19


def test_P3_a_trump_lead_must_be_followed_with_a_trump():
    g, state = basic()
    state = play(g, state, "T7")
    west_trumps = {"T1", "T8", "T9", "T10", "T11", "T13", "T14", "T15", "T16", "T21"}
    assert legal(g, state) == west_trumps | {"FOOL"}
    assert "trumps were led" in g.explain_illegal(state, action(g, state, "KE"))
    state = play(g, state, "T8")
    assert legal(g, state) == {"GOOD", "T2", "T12", "T20"}


def test_P3_no_duty_to_overtrump_an_under_trump_is_legal():
    g, state = basic()
    state = play(g, state, "T7")
    # West may go under South's T7 with T1 although he holds T8..T21
    assert "T1" in legal(g, state) and "T21" in legal(g, state)
    state = play(g, state, "T1")
    assert "GOOD" in legal(g, state) and "T20" in legal(g, state)
    state = play(g, state, "GOOD KF")
    # T7 > T1 > Good: South wins and leads
    assert state.tricks[-1].winner == 0
    assert g.to_act(state) == 0


def test_C3_highest_trump_wins_the_trick_and_its_winner_leads_next():
    g, state = basic()
    state = play(g, state, "5E QE T2 KF")
    # Earth led, North's T2 is the only trump: it beats West's Queen
    assert state.tricks[-1].winner == 2
    assert g.to_act(state) == 2
    assert g.view(state, 1).tricks[-1].winner == 2


def test_C3_without_trumps_the_highest_card_of_the_suit_led_wins():
    g, state = basic()
    state = play(g, state, "2A 4A KA KF")
    # Air led; East's King of Fire is off suit and cannot win; North's King of Air does
    assert state.tricks[-1].winner == 2
    assert g.to_act(state) == 2


def test_C3_the_winner_of_each_trick_leads_the_next_one():
    g, state = basic()
    state = play(g, state, "T3 T21 T20 KF")  # West's T21 wins
    assert g.to_act(state) == 1
    state = play(g, state, "T1 T12 KW T4")  # West's T1 < North's T12: North wins
    assert state.tricks[-1].winner == 2
    assert g.to_act(state) == 2


@pytest.mark.parametrize(("g1", "g2"), [("GOOD", "EVIL"), ("EVIL", "GOOD")])
def test_P3_two_cards_of_equal_rank_the_first_played_is_higher(g1, g2):
    """Allegiance, deal OPPOSED: West's Good/Evil is answered by North's other card in the same
    trick; both are live trumps of equal rank, so West's, played first, wins."""
    g = game(ALLEGIANCE)
    state = start(g, deals.opposed(g1, g2), 3, deals.OPPOSED_DISCARD)
    state = play(g, state, f"5E {g1} ours {g2} confirm KE")
    assert state.tricks[-1].cards == tuple(action(g, state, c).card.index for c in ("5E", g1, g2, "KE"))
    assert state.tricks[-1].winner == 1
    assert g.to_act(state) == 1
