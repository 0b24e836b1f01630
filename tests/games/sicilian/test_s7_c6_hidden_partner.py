"""S7 and C6: the hidden partner is known only to the holder of the rallied card until it is played."""

from __future__ import annotations

import json

from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import NO_SOLO, QUIET, act, game, start

RALLIED = f"{QUIET}; {NO_SOLO}; 6S; 5S; AS; prop; pass; pass; pass; rally KC"
"""HIDDEN: East discards the stock's three Swords, South props, nobody cops, South rallies KC."""


def _other_holder() -> str:
    """HIDDEN with KC and QB exchanged: North holds the rallied King instead of East."""
    return deals.HIDDEN.replace("QB", "XX").replace("KC", "QB").replace("XX", "KC")


def test_S7_before_the_rallied_card_is_played_only_its_holder_knows():
    g = game()
    state = start(g, deals.HIDDEN, moves=RALLIED)
    assert SicilianFacts.of(g.view(state, 3)).partner == 3
    assert ("Declarer's partner", "you: you hold KC; nobody else knows until you play it") in g.view(
        state, 3
    ).public
    for seat in (None, 0, 1, 2):  # the Declarer does not know either
        view = g.view(state, seat)
        assert SicilianFacts.of(view).partner is None
        assert ("Declarer's partner", "hidden until KC is played") in view.public
        assert all("East" not in text for label, text in view.public if label != "dealer")


def test_S7_views_do_not_depend_on_who_holds_the_rallied_card():
    g = game()
    east = start(g, deals.HIDDEN, moves=RALLIED)
    north = start(g, _other_holder(), moves=RALLIED)
    assert east.partner == 3 and north.partner == 2  # the states differ ...
    for seat in (None, 0, 1):  # ... but what South, West and a spectator see does not
        assert g.view(east, seat) == g.view(north, seat)
        assert json.dumps(g.view(east, seat).to_json()) == json.dumps(g.view(north, seat).to_json())


def test_S7_once_the_rallied_card_is_played_everyone_knows():
    g = game()
    state = start(g, deals.HIDDEN, moves=f"{RALLIED}; 5C; QC; 5D; FOOL; 9C; 6D")
    assert SicilianFacts.of(g.view(state, 1)).partner is None  # trick 2: KC not yet played
    state = act(g, state, "KC")
    for seat in (None, 0, 1, 2, 3):
        view = g.view(state, seat)
        assert SicilianFacts.of(view).partner == 3
        assert ("Declarer's partner", "East (played KC)") in view.public
        assert view.events[-1].note == "holds the rallied KC: the Declarer's partner (S7)"


def test_S7_the_terminal_and_the_record_name_no_partnership_before_the_end():
    g = game()
    assert g.info.partnerships == ()  # the terminal marks nobody as "partner" from game info
    match = Match(g, first_dealer=3, deals=[Deal.parse(g.deck, deals.HIDDEN)] * 4)
    state = start(g, deals.HIDDEN)
    for text in RALLIED.split(";"):
        action = g.parse_action(text, state)
        match.submit(g.to_act(state), action)
        state = g.apply(state, action)
    record = match.record()
    assert record["hands"][0]["result"] is None  # no sides are written before the hand ends
    assert [text for _, text in record["hands"][0]["actions"]][-1] == "rally KC"
