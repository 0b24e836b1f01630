"""C5/C6 (what each seat sees) and the action notation."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import NotationError

from . import deals
from .helpers import act, game, json_tokens, start

STOCK = {"2A", "AA", "2F", "AF", "2W", "AW"}


@pytest.mark.parametrize("contract", ["without", "against"])
def test_C6_the_stock_under_without_and_against_is_seen_by_nobody(contract):
    g = game()
    s = start(g, deals.TOP_TRUMPS, 5, f"{contract}, pass, pass, pass, pass, pass")
    s = act(g, s, "done, done, done, done, done, done, T10, KE, KA, KF, KW, T1")
    for seat in (0, 1, 2, 3, 4, 5, None):
        assert not STOCK & json_tokens(g.view(s, seat).to_json()), seat


def test_C6_a_seat_sees_its_own_hand_only_and_the_spectator_none():
    g = game()
    s = start(g, deals.TOP_TRUMPS, 5, "pass")
    assert {c.code for c in g.view(s, 5).hand} == {f"T{n}" for n in range(1, 10)} | {"FOOL", "2E", "AE"}
    assert not json_tokens(g.view(s, 1).to_json()) & {"T21", "T1", "FOOL", "KA"}
    assert len(g.view(s, None).hand) == 0
    assert g.view(s, 1).hand_sizes == (12,) * 6


def test_notation_reads_calls_cards_and_the_bare_forms_of_each_phase():
    g = game()
    s = start(g, deals.KINGS_IN_STOCK, 5, "take, pass, pass, pass, pass, pass, first")
    assert str(g.parse_action("AF", s)) == "discard AF"  # discarding: a bare card is a discard
    assert str(g.parse_action("Re-Contra")) == "recontra"
    assert str(g.parse_action("  TAKE ")) == "take"
    assert str(g.parse_action("show 14")) == "show T14"
    assert str(g.parse_action("kE")) == "KE"
    s = act(g, s, "T10, T11, AF, 2W, AW, 10F")
    assert str(g.parse_action("T12", s)) == "show T12"  # declaring: a bare card is shown


@pytest.mark.parametrize("text", ["", "KE KE KE", "T99", "bid take", "show", "prop now"])
def test_text_that_is_not_an_action_is_refused_with_the_forms(text):
    with pytest.raises(NotationError) as error:
        game().parse_action(text)
    assert "pass" in str(error.value) or "card" in str(error.value)
