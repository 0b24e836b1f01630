"""The auction's legal actions said in one line, and the bid syntax for the help.

The summaries are written by hand from B3: a bid must beat the contract (value tier + mode),
any trump (at Capot also NT and AT), any mode, any partner; pass always; coinche for a player
outside the contract once there is a bid.
"""

from __future__ import annotations

from tarocchi.core.actions import Call
from tarocchi.games.taroinche.bidding import ACTION_HELP, SURCOINCHE_LEGAL, Bid, summary

from .deals import SPLIT
from .helpers import act, game, start

ANY = (
    "value 82-180 or capot (170, 180 need the belote) · trump S H C D, at capot also NT AT · "
    "with / without / against · partner 0-4 or self"
)


def test_the_opening_bid_summary_names_every_part_and_no_coinche() -> None:
    g = game()
    state = start(g, SPLIT)
    legal = g.legal_actions(state)
    assert len(legal) == 1 + 11 * 3 * 4 * 5 + 3 * 6 * 5  # pass and 679 bids
    assert summary(legal) == f"pass | any bid: {ANY}"
    assert g.legal_summary(legal) == summary(legal)


def test_after_a_bid_the_summary_names_the_contract_to_beat_and_coinche() -> None:
    g = game()
    state = act(g, start(g, SPLIT), "90 S against 2")
    assert summary(g.legal_actions(state)) == (
        "pass | coinche | any bid above 90 against: value 100-180 or capot (170, 180 need the "
        "belote) · trump S H C D, at capot also NT AT · with / without / against · partner 0-4 or self"
    )
    # 82 With beaten: 82 Without is the least bid, so 82 is still a value.
    state = act(g, start(g, SPLIT), "82 H with 3")
    assert summary(g.legal_actions(state)) == (
        "pass | coinche | any bid above 82 with: value 82-180 or capot (170, 180 need the "
        "belote) · trump S H C D, at capot also NT AT · with / without / against · partner 0-4 or self"
    )


def test_near_the_top_only_the_values_left_are_named() -> None:
    g = game()
    state = act(g, start(g, SPLIT), "180 D without 3")
    assert summary(g.legal_actions(state)) == (
        "pass | coinche | any bid above 180 without: value 180 or capot (180 need the belote) · "
        "trump S H C D, at capot also NT AT · with / without / against · partner 0-4 or self"
    )
    state = act(g, start(g, SPLIT), "capot NT with 3")
    assert summary(g.legal_actions(state)) == (
        "pass | coinche | any bid above capot with: value capot · trump S H C D NT AT · "
        "without / against · partner 0-4 or self"
    )


def test_calls_alone_and_odd_sets_are_left_to_the_plain_list() -> None:
    assert summary(SURCOINCHE_LEGAL) is None
    assert summary((Call("pass"),)) is None
    assert summary((Call("pass"), Bid(90, 0, 1, 2))) is None  # not every bid from 90 With up


def test_the_help_explains_the_bid_syntax() -> None:
    help_text = game().action_help
    assert help_text == ACTION_HELP
    for words in ("'90 H without 3'", "capot", "NT", "AT", "with, without, against", "self", "coinche"):
        assert words in help_text
    assert "162" in help_text
