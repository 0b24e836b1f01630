"""B6: trick duties. Deals: deals.OVERTRUMP and deals.UNDERTRUMP (spades trump unless said).

Seat 0 leads AH; seat 1 follows 9H; seats 2, 3 and 4 are void in hearts and hold trumps.
"""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError

from . import deals
from .helpers import act, cards, explain, game, legal, start

PASSES = ("pass", "pass", "pass", "pass")


def contract(deal: str, bid: str, dealer: int = 4):
    g = game()
    state = act(g, start(g, deal, dealer), bid, *PASSES)
    assert state.phase.name == "PLAY"
    return g, state


def test_B6_follow_suit_in_a_plain_suit_without_having_to_beat():
    g, state = contract(deals.OVERTRUMP, "82 S without 2")
    state = act(g, state, "AH")
    assert legal(g, state) == cards("QH JH 9H")
    assert "you must follow suit" in explain(g, state, "AC")


def test_B6_partner_winning_any_card_for_the_attack_and_the_defence():
    g, state = contract(deals.OVERTRUMP, "82 S without 2")
    state = act(g, state, "AH 9H")
    # seat 2, void in hearts with trumps 7S 8S: his partner (0) is winning: any card, a discard too
    assert legal(g, state) == cards("7S 8S AD KD QD JD")
    assert explain(g, state, "AC") == "AC is not in your hand; your side is winning: any card (B6)"
    state = act(g, state, "AD")
    # seat 3 (defence) void, an opponent winning: he must trump (no trump in the trick: any trump)
    assert legal(g, state) == cards("AS KS")
    assert "you must trump" in explain(g, state, "10C")
    state = act(g, state, "KS")
    # seat 4 (defence): his side (3) is winning: any card, no duty to overtrump KS
    assert legal(g, state) == cards("JS 9S QS 10S 9D JC")
    state = act(g, state, "9D")
    assert state.tricks[-1].winner == 3


def test_B6_must_overtrump():
    g, state = contract(deals.OVERTRUMP, "82 S without 3")  # 0 with 3; 1, 2, 4 defend
    state = act(g, state, "AH 9H")
    assert legal(g, state) == cards("7S 8S")  # seat 2: must trump
    state = act(g, state, "8S")
    # seat 3 (attack): his partner is not winning; AS and KS both beat 8S
    assert legal(g, state) == cards("AS KS")
    state = act(g, state, "AS")
    # seat 4: must overtrump AS: J and 9 are above the Ace in trumps; 10S QS are below
    assert legal(g, state) == cards("JS 9S")
    assert explain(g, state, "QS") == "you must overtrump: J♠ or 9♠ (B6)"
    with pytest.raises(IllegalActionError, match="overtrump"):
        g.apply(state, g.parse_action("10S", state))
    state = act(g, state, "9S")
    assert state.tricks[-1].winner == 4


def test_B6_forced_undertrump():
    g, state = contract(deals.UNDERTRUMP, "82 S without 3")
    state = act(g, state, "AH 9H 7S JS")
    # seat 4: void in hearts, the opponents win with JS; none of AS KS QS 10S beats it: still a trump
    assert legal(g, state) == cards("AS KS QS 10S")
    reason = explain(g, state, "9D")
    assert reason and "must still trump (undertrump)" in reason


def test_B6_following_trumps_must_beat_even_a_partners_card():
    # dealer 2, so seat 3 is the first player: he bids with 4 and leads KS
    g, state = contract(deals.OVERTRUMP, "82 S without 4", dealer=2)
    state = act(g, state, "KS")
    # seat 4, partner of the leader, holds JS 9S QS 10S: J, 9, 10 beat K; Q does not
    assert legal(g, state) == cards("JS 9S 10S")
    assert "beat K♠" in explain(g, state, "QS")
    state = act(g, state, "10S")
    # seat 0 and 1 have no trump: any card
    assert legal(g, state) == cards("AH 10H KH 7C 7D 8D")
    state = act(g, state, "7D", "QC")
    # seat 2: 7S 8S cannot beat 10S: any trump
    assert legal(g, state) == cards("7S 8S")
    state = act(g, state, "8S")
    assert state.tricks[-1].winner == 4


def test_B6_all_trump_every_suit_must_be_beaten_and_a_void_player_plays_anything():
    g, state = contract(deals.OVERTRUMP, "capot AT without 4", dealer=2)
    state = act(g, state, "10D")  # seat 3 leads; All-trump diamonds: J 9 A 10 K Q 8 7
    assert legal(g, state) == cards("9D")
    state = act(g, state, "9D")
    assert legal(g, state) == cards("7D 8D")  # seat 0: neither beats 9D: any diamond
    state = act(g, state, "7D")
    assert legal(g, state) == cards("QH JH 9H AC KC QC")  # seat 1: void: any card, no cutting
    state = act(g, state, "AC")
    # seat 2 holds AD KD QD JD: only the Jack beats the 9
    assert legal(g, state) == cards("JD")
    state = act(g, state, "JD")
    assert state.tricks[-1].winner == 2


def test_B6_no_trump_follow_suit_else_any_card():
    g, state = contract(deals.OVERTRUMP, "capot NT without 4", dealer=2)
    state = act(g, state, "10D", "9D", "7D")
    assert legal(g, state) == cards("QH JH 9H AC KC QC")  # seat 1 void in diamonds: any card
    state = act(g, state, "QH")
    assert legal(g, state) == cards("AD KD QD JD")  # no duty to beat at No-trump
    state = act(g, state, "JD")
    # plain order A 10 K Q J 9 8 7: the 10 of the leader wins; QH (not led) never wins
    assert state.tricks[-1].winner == 3


def test_B6_a_solo_taker_has_no_teammate_winning():
    # seat 0 solo leads AH; seat 2, a defender void in hearts, must trump: 0 is no teammate
    g, solo = contract(deals.OVERTRUMP, "90 S without 0")
    solo = act(g, solo, "AH 9H")
    assert legal(g, solo) == cards("7S 8S")
    solo = act(g, solo, "7S")
    # seat 3: his fellow defender 2 is winning with 7S: any card (he chooses to trump anyway)
    assert legal(g, solo) == cards("AS KS 10C 9C 8C 10D")
    solo = act(g, solo, "KS")
    # seat 4 is a defender like seats 2 and 3: his side is winning: any card
    assert legal(g, solo) == cards("JS 9S QS 10S 9D JC")


def test_C3_B1_trump_order_jack_nine_ace_and_plain_order_ace_ten_king():
    g, state = contract(deals.SPLIT, "82 S without 2")
    state = act(g, state, "JS 10S KS 7S 8C", "9S AS QS 8S 9C")
    # trick 2: 9S (trump 9) beats AS (trump Ace)
    assert state.tricks[1].winner == 0
    state = act(g, state, "AH 7H 9H 10H JH")  # plain hearts: the Ace beats the 10
    assert state.tricks[2].winner == 0
