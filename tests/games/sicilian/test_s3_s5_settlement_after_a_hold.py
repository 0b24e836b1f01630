"""S3/S5: offers are settled only when the bargain throws the hand in, never after a hold.

A hold means the hand is played (S3). If it is then thrown in because nobody props (S5), that
throw-in is not the bargain's, and the offers taken before the hold are not paid. Expected scores
are worked from the rules by hand.
"""

from __future__ import annotations

import pytest

from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.games.sicilian.state import ThrownIn
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import NO_SOLO, act, game, labelled, start

REPORTED = """
# The deal of the report (dealer South, so West is Eldest).
0: 9C T10 VS T5 6D 5S 7S VD VB T2 T20 9B T21 KC 7D
1: T8 QD CC QB T14 5D 8C 8S 9D 7C FOOL T19 T18 7B 10D
2: CB T12 8D T17 CD T9 QC AS 8B T11 KD T7 KB T1 CS
3: KS QS T15 VC 6B T16 5C 10C 10B 10S T4 6S T13 T3 6C
stock: 9S T6 5B
"""

NO_PROP = "pass; pass; pass; pass"
"""S5: nobody props."""


def test_S3_S5_an_offer_taken_before_a_hold_is_not_paid_when_nobody_props():
    g = game()
    # West throws for 4, North takes it, East and South hold: the hand is played (S3).
    state = start(g, REPORTED, dealer=0, moves="throw 4; take 1; hold; hold")
    assert g.outcome(state) is None and g.to_act(state) == 1  # the Solo round, from Eldest
    # Nobody says Solo; South, the Dealer, takes the stock and lays VS 9C 5S aside (none worth 5).
    state = act(g, state, f"{NO_SOLO}; discard VS; discard 9C; discard 5S")
    assert g.to_act(state) == 1  # the Prop round, from Eldest
    state = act(g, state, NO_PROP)
    result = g.outcome(state)
    assert result is not None and result.thrown_in
    assert SicilianFacts.of(g.view(state, None)).thrown_in is ThrownIn.NO_PROP
    # S5 thrown in: nothing is scored, and North does not pay West the 4 of the taken offer.
    assert result.scores == (0, 0, 0, 0)
    assert labelled(result, "pays") == []
    assert [line.label for line in result.lines] == [
        "nobody props: the hand is thrown in (S5)",
        "the offers taken are not paid: somebody held (S3)",
    ]


@pytest.mark.parametrize(
    "bargaining",
    [
        "throw 4; take 0; hold; silent",  # the hold after the take
        "pay 7; hold; take 0; silent",  # the take after the hold
        "hold; pay 2; take 1; throw 3",  # a taken pay and an open throw
    ],
)
def test_S3_S5_a_hold_voids_every_taken_offer_however_the_round_went(bargaining):
    g = game()
    # Dealer East: South is Eldest. East takes the stock (6S 5S AS) and lays 5D 6D 7D aside.
    state = start(g, deals.COP, moves=f"{bargaining}; {NO_SOLO}; discard 5D; discard 6D; discard 7D")
    state = act(g, state, NO_PROP)
    result = g.outcome(state)
    assert result is not None and result.thrown_in
    assert result.scores == (0, 0, 0, 0)
    assert labelled(result, "pays") == []


def test_S3_S5_a_match_adds_nothing_for_offers_taken_before_a_hold():
    g = game()
    match = Match(g, first_dealer=0, deals=[Deal.parse(g.deck, REPORTED)] * 4)
    moves = ["throw 4", "take 1", "hold", "hold", "pass", "pass", "pass", "pass"]
    moves += ["discard VS", "discard 9C", "discard 5S", "pass", "pass", "pass", "pass"]
    for text in moves:
        seat = match.to_act()
        assert seat is not None
        match.submit(seat, g.parse_action(text, match.state))
    assert match.hand_over
    assert match.totals == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("dealer", "bargaining", "scores", "paid"),
    [
        # Dealer South: West, North, East, South speak. East takes West's 'pay 6' (West pays
        # East 6); South takes North's 'throw 2' (South pays North 2).
        (
            0,
            "pay 6; throw 2; take 1; take 2",
            (-2, -6, 2, 6),
            [
                ("West's 'pay 6' taken by East: West pays East 6 (S3)", 6, None),
                ("North's 'throw 2' taken by South: South pays North 2 (S3)", 2, None),
            ],
        ),
        # Dealer East: South's 'pay 3' taken by West (South pays West 3); North's 'throw 9' is
        # never taken, so it costs nobody anything.
        (
            3,
            "pay 3; take 0; throw 9; silent",
            (-3, 3, 0, 0),
            [("South's 'pay 3' taken by West: South pays West 3 (S3)", 3, None)],
        ),
    ],
)
def test_S3_the_bargain_throw_in_still_settles_pay_and_throw_offers(dealer, bargaining, scores, paid):
    g = game()
    state = start(g, deals.COP, dealer=dealer, moves=bargaining)
    result = g.outcome(state)
    assert result is not None and result.thrown_in
    assert SicilianFacts.of(g.view(state, None)).thrown_in is ThrownIn.BARGAIN
    assert result.scores == scores
    assert labelled(result, "pays") == paid
    assert result.lines[-1].label == "an offer was taken and nobody held: the hand is thrown in (S3)"
