"""The Taroinche heuristic on hand-built positions whose right answer a player would agree on.

Positions come from deals in notation, driven through the public protocol; the first player is
the seat after the dealer (dealer 4: seat 0 opens and leads).
"""

from __future__ import annotations

import random
from typing import Any

from tarocchi import get_game
from tarocchi.bots.heuristic.taroinche import TaroincheHeuristic
from tarocchi.core.actions import Action
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroinche.rules import AGAINST, CAPOT

GAME = get_game("taroinche")
DEAL = """
0: JS 9S AS AH 7D 8D
1: 7S KH QH 10H 8C 9C
2: 8S 10S KC QC JC 9H
3: QS KS AC 8H 9D 10D
4: 10C 7C 7H JH AD KD
stock: QD JD
"""
"""Seat 0 holds the three best spades and the Ace of hearts; seat 1 nothing but K Q 10 of
hearts; seat 3 the Ace of clubs and two low spades; seat 4 no spade."""


def start(deal: str, dealer: int = 4) -> Any:
    return GAME.initial_state(Deal.parse(GAME.deck, deal), HandContext(1, dealer, (0,) * 5))


def act(state: Any, *moves: str) -> Any:
    for move in moves:
        state = GAME.apply(state, GAME.parse_action(move, state))
    return state


def decide(state: Any) -> Action:
    seat = GAME.to_act(state)
    return TaroincheHeuristic().choose(GAME.view(state, seat), random.Random(0))


def test_passes_with_no_trump_honour_and_no_ace() -> None:
    weak = """
    0: 7S 8S 9H 8H 7D 8D
    1: JS KH QH 10H 8C 9C
    2: 9S 10S KC QC JC AS
    3: QS KS AC AH 9D 10D
    4: 10C 7C 7H JH AD KD
    stock: QD JD
    """
    assert str(decide(start(weak))) == "pass"  # seat 0: no Jack, Nine or Ace of any suit


def test_bids_its_long_suit_of_top_trumps_at_a_point_value() -> None:
    action = decide(start(DEAL))
    assert isinstance(action, Bid)
    assert action.trump == 0  # spades: J 9 A, the three best trumps
    assert action.value != CAPOT and action.mode != AGAINST


def test_does_not_coinche_a_low_contract_with_a_poor_hand() -> None:
    state = act(start(DEAL), "82 S without 2")
    assert str(decide(state)) == "pass"  # seat 1: no trump, no Ace


def test_coinches_a_very_high_contract_holding_an_ace_and_trumps() -> None:
    state = act(start(DEAL), "160 S without 2", "pass", "pass")
    assert str(decide(state)) == "coinche"  # seat 3: QS KS and the Ace of clubs against 160


def test_leads_the_master_trump_to_draw_trumps() -> None:
    state = act(start(DEAL), "82 S without 4", "pass", "pass", "pass", "pass")
    assert str(decide(state)) == "JS"


def test_feeds_the_ten_to_the_partners_winning_jack_and_keeps_the_master_ace() -> None:
    state = act(start(DEAL), "82 S without 4", "pass", "pass", "pass", "pass", "JS", "7S", "8S", "QS")
    assert str(decide(state)) == "10C"  # seat 4, void in spades, last to play: AD would win later


def test_feeds_the_ten_onto_the_partners_cut() -> None:
    state = act(start(DEAL), "82 S without 1", "pass", "pass", "pass", "pass", "8D", "8C", "8S")
    # seat 3 (defence) must follow diamonds; his partner 2 is winning with a trump, and only
    # seat 4, also a defender, plays after him
    assert str(decide(state)) == "10D"


def test_gives_the_least_when_it_cannot_win() -> None:
    state = act(start(DEAL), "82 S without 4", "pass", "pass", "pass", "pass", "AH")
    # seat 1 must follow hearts below the Ace: the 10 and King would be gifts
    assert str(decide(state)) == "QH"


def test_overtrumps_with_the_cheaper_trump_when_the_trick_is_worth_nothing() -> None:
    state = act(start(DEAL), "82 S without 2", "pass", "pass", "pass", "pass", "7D", "7S")
    # seat 2 (attack), void in diamonds, must beat the defender's 7S: 8S does it, the 10 is kept
    assert str(decide(state)) == "8S"


def test_discards_the_points_of_a_losing_suit_never_a_trump_or_an_ace() -> None:
    state = act(start(DEAL), "82 S with 4", "pass", "pass", "pass", "pass")
    first = decide(state)
    state = GAME.apply(state, first)
    second = decide(state)
    assert {str(first), str(second)} == {"discard QD", "discard JD"}
