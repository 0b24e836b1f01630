"""T5: We'll Take (the stock shown, first or second three, three discards each, the trump-discard
exception shown to all), Without and Against, and where the stock or discards go, also when the
side that should have them wins no trick. Dealer 5 throughout, so seat 0 (Eldest) bids first."""

from __future__ import annotations

import pytest

from tarocchi.games.taroux.state import Phase

from . import deals
from .helpers import act, finish, game, json_tokens, legal, line, public, start

SIX_PASSES = "pass, pass, pass, pass, pass"


def take_kings():
    g = game()
    return g, start(g, deals.KINGS_IN_STOCK, 5, "take, " + SIX_PASSES)


def test_T5_we_ll_take_shows_the_stock_to_all_and_the_bidder_chooses_a_three():
    g, s = take_kings()
    assert g.to_act(s) == 0 and legal(g, s) == ["first", "second"]
    for seat in (0, 1, 2, 3, 4, 5, None):
        assert public(g, s, seat)["stock"] == "first three KE KA AF; second three KF 2W AW"
        assert "KE KA AF" in g.view(s, seat).events[-1].note
    s = act(g, s, "first")
    assert {"KE", "KA", "AF"} <= {c.code for c in g.view(s, 0).hand}
    assert {"KF", "2W", "AW"} <= {c.code for c in g.view(s, 3).hand}
    assert g.view(s, 0).hand_sizes == (15, 12, 12, 15, 12, 12)
    assert g.to_act(s) == 0  # the bidding Declarer discards first


def test_T5_a_trump_discard_is_forced_only_as_needed_and_shown_to_all():
    """Seat 0 holds T10..T21 + KE KA AF: only AF is a plain discardable card (Kings and T21 never),
    so with 3 to discard he may discard trumps; after two trumps (1 left to discard, 1 plain card)
    only AF remains legal."""
    g, s = take_kings()
    s = act(g, s, "first")
    assert legal(g, s) == ["discard AF"] + [f"discard T{n}" for n in range(10, 21)]
    assert "never" in g.explain_illegal(s, g.parse_action("discard KE"))
    assert "never" in g.explain_illegal(s, g.parse_action("discard T21"))
    s = act(g, s, "discard T10, discard T11")
    assert legal(g, s) == ["discard AF"]
    assert "fewer other discardable" in g.explain_illegal(s, g.parse_action("discard T12"))
    s = act(g, s, "discard AF")
    for seat in (1, 2, 3, 4, 5, None):
        view = g.view(s, seat)
        assert public(g, s, seat)["trumps discarded"] == "T10 T11"
        shown = [str(e.action) for e in view.events if e.action is not None and e.seat == 0]
        # the face-down AF is a discard whose card is hidden (C5): typed, never named
        assert shown[-3:] == ["discard T10", "discard T11", "face down 1"]
        assert "discard AF" not in [str(e.action) for e in view.events]
    assert {c.code for c in dict(g.view(s, 0).known)["your discard"]} == {"T10", "T11", "AF"}
    assert g.to_act(s) == 3  # then the partner


def test_T5_the_partners_face_down_discard_is_seen_by_him_alone():
    g, s = take_kings()
    s = act(g, s, "second")
    # seat 0 took KF 2W AW: two plain discardable cards (2W AW; KF is a King) for three discards,
    # so trumps T10..T20 are allowed too
    assert "discard 2W" in legal(g, s) and "discard KF" not in legal(g, s)
    s = act(g, s, "discard 2W, discard AW, discard T10")
    assert g.to_act(s) == 3
    assert "discard AF" in legal(g, s) and "discard KE" not in legal(g, s)  # seat 3 took KE KA AF
    s = act(g, s, "discard 10F, discard 9F, discard 8F")
    assert g.view(s, 0).phase is Phase.DECLARE
    secret = {"10F", "9F", "8F"}
    for seat in (0, 1, 2, 4, 5, None):
        assert not secret & json_tokens(g.view(s, seat).to_json())
    assert secret <= json_tokens(g.view(s, 3).to_json())


def whole_hand(deal: str, moves: str):
    g = game()
    s = start(g, deal, 5, moves + ", done, done, done, done, done, done")
    return g, finish(g, s)


def test_T5_we_ll_take_discards_count_for_the_declarers():
    """TOP_TRUMPS, seat 0 takes the first three (2A AA 2F) and discards them; seat 3 discards AF 2W
    AW. Seat 0 wins every trick with his trumps, so the six discards (6 raw points) are theirs."""
    g, s = whole_hand(deals.TOP_TRUMPS, "take, " + SIX_PASSES + ", first, 2A, AA, 2F, AF, 2W, AW")
    result = g.outcome(s)
    assert line(result, "the discards (2A AA 2F AF 2W AW) count for the Declarers") == 6
    assert result.card_points == (91, 0)


def test_T5_without_the_stock_counts_for_the_declarers():
    g, s = whole_hand(deals.TOP_TRUMPS, "without, " + SIX_PASSES)
    result = g.outcome(s)
    assert line(result, "the stock (2A AA 2F AF 2W AW) count for the Declarers") == 6
    assert result.card_points == (91, 0)


def test_T5_against_the_stock_counts_for_the_defenders():
    """NO_TRICK: seat 1 (a Defender) wins every trick, so the stock is the Defenders' as Against says."""
    g, s = whole_hand(deals.NO_TRICK, "against, " + SIX_PASSES)
    result = g.outcome(s)
    assert line(result, "the stock (2A AA 2F AF 2W AW) count for the Defenders") == 6
    assert result.card_points == (0, 91)


def test_T5_against_when_the_defenders_win_no_trick_the_stock_goes_to_the_declarers():
    g, s = whole_hand(deals.TOP_TRUMPS, "against, " + SIX_PASSES)
    result = g.outcome(s)
    assert line(result, "the stock (2A AA 2F AF 2W AW): the Defenders won no trick") == 6
    assert result.card_points == (91, 0)


@pytest.mark.parametrize(
    ("moves", "label"),
    [
        ("take, " + SIX_PASSES + ", first, 2A, AA, 2F, AF, 2W, AW", "the discards (2A AA 2F AF 2W AW)"),
        ("without, " + SIX_PASSES, "the stock (2A AA 2F AF 2W AW)"),
    ],
)
def test_T5_declarers_win_no_trick_so_their_stock_or_discards_go_to_the_defenders(moves, label):
    """NO_TRICK: seat 1 holds T10..T21 and wins all twelve tricks against seat 0's contract."""
    g, s = whole_hand(deals.NO_TRICK, moves)
    result = g.outcome(s)
    assert result.tricks == (0, 12)
    assert line(result, f"{label}: the Declarers won no trick, so they go to the Defenders") == 6
    assert result.card_points == (0, 91)
