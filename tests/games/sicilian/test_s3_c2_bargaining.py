"""S3: bargaining to throw the hand in, settled in game points; C2: a thrown-in hand counts."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError, NotationError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.games.sicilian.state import Phase, ThrownIn
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import act, game, labelled, legal, start


def test_S3_bargain_struck_and_settled():
    g = game()
    # South offers to pay 5, West takes it; North throws for 3, East takes it; nobody holds.
    state = start(g, deals.COP, moves="pay 5; take 0; throw 3; take 2")
    assert g.to_act(state) is None
    result = g.outcome(state)
    assert result.thrown_in
    assert {SicilianFacts.of(g.view(state, seat)).thrown_in for seat in (None, 0, 1, 2, 3)} == {
        ThrownIn.BARGAIN
    }
    # pay 5 taken by West: South -5, West +5. throw 3 taken by East: East pays North 3.
    assert result.scores == (-5, 5, 3, -3)
    assert labelled(result, "pays") == [
        ("South's 'pay 5' taken by West: South pays West 5 (S3)", 5, None),
        ("North's 'throw 3' taken by East: East pays North 3 (S3)", 3, None),
    ]


def test_S3_bargain_vetoed_by_a_later_hold():
    g = game()
    state = start(g, deals.COP, moves="pay 5; take 0; silent; hold")
    assert g.outcome(state) is None
    assert g.view(state, 1).phase is Phase.SOLO
    assert g.to_act(state) == 0  # the Solo round begins with Eldest
    assert legal(g, state) == {"solo", "pass"}


def test_S3_offers_nobody_takes_leave_the_hand_to_be_played():
    g = game()
    state = start(g, deals.COP, moves="throw 0; pay 10; silent; silent")
    assert g.outcome(state) is None and g.view(state, 0).phase is Phase.SOLO


def test_S3_take_names_an_open_offer_of_an_earlier_speaker():
    g = game()
    state = start(g, deals.COP)
    assert "take 0" not in legal(g, state)  # nobody has spoken yet
    state = act(g, state, "throw 4")
    assert {"take 0", "silent", "hold", "throw 0", "throw 63", "pay 1", "pay 63"} <= legal(g, state)
    assert "pay 0" not in legal(g, state) and "throw 64" not in legal(g, state)
    state = act(g, state, "take 0")
    assert "take 0" not in legal(g, state)  # an offer can be taken once
    reason = g.explain_illegal(state, g.parse_action("take 0"))
    assert "already taken by West" in reason
    assert "made no offer" in g.explain_illegal(state, g.parse_action("take 3"))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("pay 0", "1 to 63"),
        ("pay 64", "capped at 63"),
        ("throw 64", "capped at 63"),
        ("throw -1", "0 to 63"),
    ],
)
def test_S3_amounts_out_of_range_are_refused_with_the_rule(text, words):
    g = game()
    state = start(g, deals.COP)
    action = g.parse_action(text, state)
    assert words in g.explain_illegal(state, action)
    with pytest.raises(IllegalActionError, match="S3"):
        g.apply(state, action)


@pytest.mark.parametrize("text", ["pay", "pay lots", "throw for", "throw 5 6", "take", "take 9"])
def test_S3_amounts_that_are_not_numbers_are_notation_errors(text):
    g = game()
    with pytest.raises(NotationError):
        g.parse_action(text, start(g, deals.COP))


def test_S3_each_player_speaks_once_then_the_solo_round_starts():
    g = game()
    state = start(g, deals.COP)
    for seat in (0, 1, 2, 3):
        assert g.to_act(state) == seat
        state = act(g, state, "silent")
    assert g.view(state, 0).phase is Phase.SOLO and g.to_act(state) == 0


def test_C2_a_thrown_in_hand_counts_and_the_deal_passes():
    g = game()
    deal = Deal.parse(g.deck, deals.COP)
    match = Match(g, first_dealer=3, deals=[deal] * 4)
    for seat, text in enumerate(["pay 2", "take 0", "silent", "silent"]):
        match.submit(seat, g.parse_action(text))
    assert match.hand_over and match.hand.result.thrown_in
    assert match.totals == [-2, 2, 0, 0]
    match.next_hand()
    assert len(match.hands) == 2 and match.hand.dealer == 0  # C1: the deal passes left
