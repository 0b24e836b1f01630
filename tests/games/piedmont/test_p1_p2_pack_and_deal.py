"""P1 (pack, values, partnerships, hands a game) and P2 (the deal and the dealer's discard)."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import IllegalActionError, NotationError
from tarocchi.core.protocol import HandContext
from tarocchi.games.piedmont.rules import VALUES
from tarocchi.games.piedmont.state import Phase

from . import deals
from .helpers import (
    ALLEGIANCE,
    DECK,
    TRUMPS,
    action,
    autoplay,
    cards,
    game,
    hand,
    legal,
    parse_deal,
    play,
    start,
    summary,
)


def test_P1_pack_is_80_cards_four_suits_of_14_and_23_trumps_and_the_fool():
    g = game()
    assert g.deck.size == 80
    codes = [c.code for c in g.deck.cards]
    assert len(set(codes)) == 80
    for suit in "EAFW":
        assert [c.code for c in g.deck.cards if c.suit == suit] == [
            f"{r}{suit}" for r in ["K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
        ]
    trumps = [c.code for c in g.deck.cards if c.suit == "T"]
    assert trumps == [f"T{n}" for n in range(1, 22)] + ["GOOD", "EVIL"]
    assert "FOOL" in codes


def expected_value(code: str) -> int:
    """P1 written out: Honours (T1 T21 FOOL) 5, K 5, A 5, Q 4, C 3, J 2, Good and Evil 0, others 1."""
    if code in ("T1", "T21", "FOOL"):
        return 5
    if code in ("GOOD", "EVIL"):
        return 0
    return {"K": 5, "A": 5, "Q": 4, "C": 3, "J": 2}.get(code[:-1], 1)


def test_P1_card_values_and_their_sum_of_146():
    for card in DECK.cards:
        assert VALUES[card.index] == expected_value(card.code), card.code
    # per suit K5 Q4 C3 J2 A5 + nine pips = 28; x4 = 112; T1 + T21 = 10; T2..T20 = 19; Fool 5 -> 146
    assert sum(VALUES) == 146
    assert all(type(v) is int for v in VALUES)


def test_P1_partnerships_are_opposite_seats_and_partners_score_alike():
    g = game()
    result = g.outcome(autoplay(g, start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD)))
    assert result.sides == ((0, 2), (1, 3))
    assert result.scores[0] == result.scores[2] == -result.scores[1] == -result.scores[3] != 0


def test_P1_four_players_and_four_hands_a_game():
    g = game()
    assert g.players == 4
    assert g.hands_per_game() == 4


def test_P1_a_deal_must_give_every_card_once():
    g = game()
    twice = deals.SWEEP.replace("stock: T2 FOOL", "stock: T3 FOOL")  # T3 twice, T2 missing
    with pytest.raises(NotationError):
        g.initial_state(parse_deal(twice), HandContext(1, 3, (0, 0, 0, 0)))


# -- P2 ---------------------------------------------------------------------------------------
STOCK = cards(deals.SWEEP_STOCK)
EAST_23 = cards(deals.SWEEP_HANDS[3]) | STOCK


def test_P2_nineteen_each_the_dealer_holds_23_and_must_discard_four_first():
    g = game()
    state = start(g, deals.SWEEP, 3)
    assert g.to_act(state) == 3
    assert g.view(state, 3).phase is Phase.DISCARD
    assert hand(g, state, 3) == EAST_23
    assert g.view(state, 0).hand_sizes == (19, 19, 19, 23)
    assert all(str(a).startswith("discard ") for a in g.legal_actions(state))
    with pytest.raises(IllegalActionError, match="discard 4"):
        g.apply(state, g.parse_action("play T1"))
    state = play(g, state, "GOOD EVIL T2")
    assert g.to_act(state) == 3 and g.view(state, 3).phase is Phase.DISCARD
    state = play(g, state, "2W")
    assert g.view(state, 3).phase is Phase.PLAY
    assert g.to_act(state) == 0  # Eldest
    # the dealer, and only he, knows his four cards laid aside (C5), as data and as a labelled line
    discarded = g.view(state, 3).own_discard
    assert sorted(c.code for c in discarded) == sorted(["GOOD", "EVIL", "T2", "2W"])
    assert g.view(state, 3).known == (("your discard", discarded),)
    assert all(not g.view(state, seat).own_discard for seat in (0, 1, 2, None))
    assert g.view(state, 0).hand_sizes == (19, 19, 19, 19)
    assert hand(g, state, 3) == EAST_23 - cards(deals.SWEEP_DISCARD)


@pytest.mark.parametrize("option", [TRUMPS, ALLEGIANCE])
@pytest.mark.parametrize("code", ["KW", "AW", "AF", "T1", "FOOL"])
def test_P2_kings_aces_and_honours_may_not_be_discarded(option, code):
    g = game(option)
    state = start(g, deals.SWEEP, 3)
    discard = action(g, state, code)
    assert str(discard) not in legal(g, state)
    reason = g.explain_illegal(state, discard)
    assert "Kings, Aces and Honours" in reason
    with pytest.raises(IllegalActionError, match="Kings, Aces and Honours"):
        g.apply(state, discard)


def test_P2_under_trumps_good_evil_and_plain_trumps_may_be_discarded():
    g = game(TRUMPS)
    state = start(g, deals.SWEEP, 3)
    # East's 23 cards less KW AW AF T1 FOOL: 18 discardable cards, Good, Evil and T2 among them
    expected = {f"discard {c}" for c in EAST_23 - {"KW", "AW", "AF", "T1", "FOOL"}}
    assert legal(g, state) == expected
    assert len(expected) == 18
    assert {"discard GOOD", "discard EVIL", "discard T2"} <= expected


def test_P2_under_allegiance_good_and_evil_are_refused_but_plain_trumps_allowed():
    g = game(ALLEGIANCE)
    state = start(g, deals.SWEEP, 3)
    expected = {f"discard {c}" for c in EAST_23 - {"KW", "AW", "AF", "T1", "FOOL", "GOOD", "EVIL"}}
    assert legal(g, state) == expected
    assert "discard T2" in expected
    for code in ("GOOD", "EVIL"):
        reason = g.explain_illegal(state, action(g, state, code))
        assert "Good and Evil" in reason and "Allegiance" in reason
        with pytest.raises(IllegalActionError):
            g.apply(state, action(g, state, code))


def test_P2_a_card_not_held_cannot_be_discarded():
    g = game()
    state = start(g, deals.SWEEP, 3)
    reason = g.explain_illegal(state, action(g, state, "2E"))
    assert "not in your hand" in reason


@pytest.mark.parametrize("shift", [0, 1])
def test_P2_discard_counts_for_the_dealers_side_in_card_points_not_as_a_trick(shift):
    """SWEEP (shifted so that the dealer sits on either side): the dealer's side takes no trick,
    yet scores its discard GOOD EVIL T2 2W = 0 + 0 + 1 + 1 = 2 card points."""
    g = game()
    dealer = (3 + shift) % 4
    result = g.outcome(autoplay(g, start(g, deals.sweep(shift), dealer, deals.SWEEP_DISCARD)))
    dealer_side, other = dealer % 2, 1 - dealer % 2
    card_points, tricks, _ = summary(result)
    assert card_points[dealer_side] == 2
    assert tricks[dealer_side] == 0
    assert tricks[other] == 19  # 19 tricks: the discard is not one
