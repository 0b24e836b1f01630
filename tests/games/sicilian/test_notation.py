"""The Sicilian game's notation: each action written and read back, with the convenient forms."""

from __future__ import annotations

import pytest

from tarocchi.core.errors import NotationError

from . import deals
from .helpers import NO_SOLO, QUIET, act, game, start


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Throw For 7", "throw 7"),
        ("throw 0", "throw 0"),
        ("PAY 12", "pay 12"),
        ("take west", "take 1"),
        ("take 2", "take 2"),
        ("silent", "silent"),
        ("Hold", "hold"),
        ("solo", "solo"),
        ("prop", "prop"),
        ("cop", "cop"),
        ("pass", "pass"),
        ("d qc", "discard QC"),
        ("rally kc", "rally KC"),
        ("play cc", "CC"),
        ("vd", "VD"),
        ("juggler", "T1"),
        ("17", "T17"),
        ("excuse", "FOOL"),
    ],
)
def test_actions_are_read_case_insensitively_and_written_back(text, written):
    g = game()
    assert str(g.parse_action(text)) == written


def test_a_bare_card_means_what_the_phase_asks_for_and_a_bare_take_the_only_open_offer():
    g = game()
    state = start(g, deals.SOLO, moves="throw 3")
    assert str(g.parse_action("take", state)) == "take 0"
    to_act = g.to_act(state)  # the same read against the seat's own view
    assert to_act is not None and str(g.parse_action("take", g.view(state, to_act))) == "take 0"
    with pytest.raises(NotationError):  # a spectator is offered nothing to take
        g.parse_action("take", g.view(state, None))
    state = start(g, deals.SOLO, moves=f"{QUIET}; solo")
    assert str(g.parse_action("qc", state)) == "discard QC"
    state = start(g, deals.FEWEST, moves=f"{QUIET}; {NO_SOLO}; 10S; 9S; 8S; prop; pass; pass; pass")
    assert str(g.parse_action("kc", state)) == "rally KC"
    state = act(g, state, "kc")
    assert str(g.parse_action("t20", state)) == "T20"


@pytest.mark.parametrize("text", ["KE", "T22", "rally", "discard", "take nobody", "throw 3 for", "KC KC KC"])
def test_text_that_is_no_action_is_a_notation_error_that_explains_the_forms(text):
    g = game()
    with pytest.raises(NotationError) as error:
        g.parse_action(text)
    assert str(error.value).strip()
