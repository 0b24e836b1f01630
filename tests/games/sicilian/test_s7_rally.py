"""S7: the rally's full algorithm; the engine offers only the legal choices."""

from __future__ import annotations

import pytest

from tarocchi.games.sicilian.state import Mode, Phase
from tarocchi.games.sicilian.views import SicilianFacts

from . import deals
from .helpers import NO_SOLO, QUIET, act, game, legal, start

PROP_NO_COP = "prop; pass; pass; pass"
"""South props (Eldest, first to speak), West, North and East do not Cop."""


def rally(deal: str, discard: str) -> tuple:
    g = game()
    state = start(g, deal, moves=f"{QUIET}; {NO_SOLO}; {discard}; {PROP_NO_COP}")
    assert g.view(state, 0).phase is Phase.RALLY and g.to_act(state) == 0
    return g, state


def test_S7_fewest_cards():
    # Candidates Cups (5C: 1 card) and Coins (5D 6D 7D: 3): the fewest is Cups.
    g, state = rally(deals.FEWEST, "10S; 9S; 8S")
    assert legal(g, state) == {"rally KC"}
    assert "fewest cards" in g.explain_illegal(state, g.parse_action("rally KD"))


def test_S7_best_courts():
    # Cups QC 5C and Coins CD 5D, two cards each: the Queen beats the Cavalier -> Cups.
    g, state = rally(deals.COURTS, "10S; 9S; 8S")
    assert legal(g, state) == {"rally KC"}
    assert "best courts" in g.explain_illegal(state, g.parse_action("rally KD"))


def test_S7_coins():
    # Cups QC 5C and Coins QD 5D: same length, same courts -> Coins.
    g, state = rally(deals.COINS, "10S; 9S; 8S")
    assert legal(g, state) == {"rally KD"}
    assert "Coins" in g.explain_illegal(state, g.parse_action("rally KC"))


def test_S7_free_choice():
    # Cups QC 5C and Batons QB 5B tie; Coins is no candidate (KD held): either King.
    g, state = rally(deals.FREE, "9S; 8S; 7S")
    assert legal(g, state) == {"rally KC", "rally KB"}
    state = act(g, state, "rally KB")
    assert str(SicilianFacts.of(g.view(state, 0)).rallied) == "KB"


def test_S7_all_kings_held_falls_back_to_the_queen():
    # All four Kings: Queens, same rules. Cups 3 cards, Coins 3, Batons 1, Swords 2 -> QB.
    g, state = rally(deals.KINGS, "6S; AS; T8")
    assert legal(g, state) == {"rally QB"}
    state = act(g, state, "QB")  # a bare card means the rally here
    assert SicilianFacts.of(g.view(state, 1)).partner == 1  # West holds QB and knows it


def test_S7_no_candidate_suit_allows_any_king_not_held():
    # KC KD held; Batons and Swords void: no candidate, so KB or KS.
    g, state = rally(deals.VOID, "5S; 6S; AS")
    assert legal(g, state) == {"rally KB", "rally KS"}


@pytest.mark.parametrize("text", ["rally KC", "rally QB", "pass", "KC"])
def test_S7_only_the_legal_choices_are_accepted(text):
    g, state = rally(deals.KINGS, "6S; AS; T8")
    action = g.parse_action(text, state)
    reason = g.explain_illegal(state, action)
    if text == "rally QB":
        assert reason is None
    else:
        assert "rally QB" in reason and "S7" in reason


def test_S7_declarers_own_discard_counts_as_held_and_all_sixteen_courts_mean_no_rally():
    g = game()
    # Dealer South: 15 courts in hand, VS from the stock discarded (still "held").
    state = start(g, deals.ALL_COURTS, dealer=0, moves=f"{QUIET}; {NO_SOLO}; VS; 5C; 6C")
    assert g.to_act(state) == 1  # Prop from Eldest: West
    state = act(g, state, "pass; pass; pass; prop; pass; pass; pass")  # South (4 Kings: 20) props
    view = g.view(state, 2)
    assert view.phase is Phase.PLAY and g.to_act(state) == 0
    assert SicilianFacts.of(view).mode is Mode.ALONE and SicilianFacts.of(view).partner is None


def test_S7_rallied_queen_in_the_dealers_discard_leaves_the_declarer_alone():
    g = game()
    # All four Kings, one card in each suit: the Queens tie on length and courts -> Coins: QD,
    # which East, the Dealer, has discarded.
    state = start(g, deals.QUEEN_DISCARDED, moves=f"{QUIET}; {NO_SOLO}; QD; 5C; 6C; {PROP_NO_COP}")
    assert legal(g, state) == {"rally QD"}
    state = act(g, state, "rally QD")
    assert SicilianFacts.of(g.view(state, 3)).partner is None
    assert ("Declarer's partner", "none: QD lies in your discard, so the Declarer plays alone") in g.view(
        state, 3
    ).public
    for seat in (0, 1, 2):  # nobody else can tell it apart from a hidden partner
        assert ("Declarer's partner", "hidden until QD is played") in g.view(state, seat).public
