"""P4, option ``good_evil=trumps``: Good and Evil as the lowest trumps, and as a pair.

Each test scripts the first trick of a deal from deals.py (dealer East, South leads).
"""

from __future__ import annotations

import pytest

from . import deals
from .helpers import TRUMPS, game, legal, play, start


def pair_deal(a="GOOD", b="EVIL"):
    g = game(TRUMPS)
    return g, start(g, deals.trumps_pair(a, b), 3, deals.TRUMPS_PAIR_DISCARD)


def test_P4_good_alone_is_the_lowest_trump_and_beats_plain_cards():
    g, state = pair_deal()
    state = play(g, state, "2F")
    # West is void in Fire: he must trump, and Good is one of his trumps
    assert legal(g, state) == {"GOOD", "T5", "T6", "T7", "T8"}
    state = play(g, state, "GOOD KF 3F")
    # Fire led; Good is the only trump, so it beats North's King of Fire
    assert state.tricks[-1].winner == 1
    assert g.to_act(state) == 1


def test_P4_good_alone_loses_to_the_magician_T1():
    g, state = pair_deal()
    state = play(g, state, "6A GOOD T1 KA")
    # Air led; West's Good is below trump 1, so North's T1 wins
    assert state.tricks[-1].winner == 2
    assert g.to_act(state) == 2


@pytest.mark.parametrize(("a", "b"), [("GOOD", "EVIL"), ("EVIL", "GOOD")])
def test_P4_same_side_pair_wins_even_over_T21_and_first_player_leads(a, b):
    g, state = pair_deal(a, b)
    state = play(g, state, f"5E {a} T21 {b}")
    # West and East (one side) played both; West played the first of them: he wins over North's
    # World and leads the next trick (East, who played the second, does not)
    assert state.tricks[-1].winner == 1
    assert g.to_act(state) == 1


@pytest.mark.parametrize(("g1", "g2"), [("GOOD", "EVIL"), ("EVIL", "GOOD")])
def test_P4_opposing_pair_is_ignored_and_the_suit_led_still_wins(g1, g2):
    g = game(TRUMPS)
    state = start(g, deals.opposed(g1, g2), 3, deals.OPPOSED_DISCARD)
    # West and North (opposing sides) are void in Earth and must trump with their only trump
    state = play(g, state, "5E")
    assert legal(g, state) == {g1}
    state = play(g, state, g1)
    assert legal(g, state) == {g2}
    state = play(g, state, f"{g2} KE")
    # both count for nothing: among 5E and KE, the suit led (Earth) is won by East's King
    assert state.tricks[-1].winner == 3
    assert g.to_act(state) == 3


def test_P4_opposing_pair_is_ignored_and_another_trump_wins():
    g = game(TRUMPS)
    state = start(g, deals.opposed(), 3, deals.OPPOSED_DISCARD)
    state = play(g, state, "T2 GOOD EVIL T13")
    # Good and Evil ignored: T13 (East) beats T2 (South)
    assert state.tricks[-1].winner == 3
    assert g.to_act(state) == 3


def test_P4_opposing_pair_fallback_when_no_other_card_can_win():
    g = game(TRUMPS)
    state = start(g, deals.FALLBACK, 3, deals.FALLBACK_DISCARD)
    state = play(g, state, "GOOD")
    # West has no trump: any card
    assert len(legal(g, state)) == 19
    state = play(g, state, "KF KW")
    assert "EVIL" in legal(g, state) and "T1" in legal(g, state)
    state = play(g, state, "EVIL")
    # Good led, Evil from the other side: both ignored; the suit led is still trumps and no other
    # trump was played, so the player of the first of them (South) wins
    assert state.tricks[-1].winner == 0
    assert g.to_act(state) == 0
