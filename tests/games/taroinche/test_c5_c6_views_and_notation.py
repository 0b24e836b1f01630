"""C5/C6 views (the dog, the discard, the contract and partner in public) and the notation."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import NotationError
from tarocchi.games.taroinche import Bid
from tarocchi.games.taroinche.views import TaroincheFacts

from . import deals
from .helpers import act, game, notes, public, start

PASSES = ("pass", "pass", "pass", "pass")


def _codes(view):
    return {c.code for c in view.hand}


def test_C6_a_without_dog_stays_hidden_until_the_hand_ends():
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S without 2", *PASSES)
    for seat in (0, 1, 2, None):
        text = str(g.view(state, seat).to_json())
        assert "QD" not in text and "JD" not in text
    assert public(g, state)["contract"] == "100 ♠ without, South with North-West"
    assert TaroincheFacts.of(g.view(state, 3)).contract.partner == 2
    state = act(g, state, *deals.SPLIT_PLAY)
    assert "the dog is turned up: QD JD" in notes(g, state, None)


def test_C5_the_with_discard_is_seen_by_the_taker_only_until_the_end():
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S with 2", *PASSES, "discard 7C", "discard 7D")
    assert "7C" in str(g.view(state, 0).to_json())
    for seat in (1, 2, 3, 4, None):
        data = g.view(state, seat).to_json()
        assert "7C" not in str(data) and "7D" not in str(data)
        assert any("laid 2 cards aside" in n for n in notes(g, state, seat))


def test_B5_belote_is_public_only_once_announced():
    g = game()
    state = act(g, start(g, deals.SPLIT), "100 S against 2", *PASSES)
    assert "belote" not in public(g, state, 1)
    state = act(g, state, "JS 10S KS")
    assert public(g, state, 1)["belote"] == "announced by North-West: +20 for the attack"


def test_notation_a_bid_reads_back_in_any_order_and_case():
    g = game()
    state = start(g, deals.SPLIT)
    bid = g.parse_action("90 H without 3")
    assert isinstance(bid, Bid) and str(bid) == "90 H without 3"
    assert g.parse_action("bid 3 wo h 90") is bid
    assert g.parse_action("90 hearts WITHOUT north-east") is bid
    assert str(g.parse_action("capot nt a self", state)) == "capot NT against 0"  # seat 0 to bid
    # read against seat 0's own view, the same; another seat's view offers no bid
    assert str(g.parse_action("capot nt a self", g.view(state, 0))) == "capot NT against 0"
    with pytest.raises(NotationError, match="'self' needs the table"):
        g.parse_action("capot nt a self", g.view(state, 1))
    assert g.parse_action("COINCHE") == g.parse_action("coinche")
    assert str(g.parse_action("10h")) == "10H"


@pytest.mark.parametrize(
    "text",
    ["90 H without", "95 H with 2", "90 H with 7", "90 H with 2 extra", "capot self with S", "KS KS"],
)
def test_notation_a_malformed_bid_is_a_notation_error(text):
    with pytest.raises(NotationError):
        game().parse_action(text)
