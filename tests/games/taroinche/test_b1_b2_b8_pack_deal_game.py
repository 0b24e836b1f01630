"""B1 (pack and values), B2 (deal, first player), B8 (game length), C2 (a thrown-in hand counts)."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.errors import NotationError, OptionError
from tarocchi.core.match import Match
from tarocchi.core.protocol import HandContext

from . import deals
from .helpers import game, parse_deal


def test_B1_the_pack_has_32_cards_in_four_suits_of_eight():
    g = game()
    deck = g.deck
    assert deck.size == 32
    assert deck.codes(deck.suit_masks["S"]) == "AS KS QS JS 10S 9S 8S 7S"
    assert {c.suit for c in deck.cards} == {"S", "H", "C", "D"}


def test_B2_a_deal_gives_six_cards_each_and_two_to_the_dog():
    g = game()
    deal = g.deal(random.Random(7), dealer=2)
    assert [len(h) for h in deal.hands] == [6] * 5 and len(deal.stock) == 2
    deal.check(g.deck, 5, 6, 2)


def test_B2_a_deal_must_hold_every_card_once():
    g = game()
    bad = deals.SPLIT.replace("stock: QD JD", "stock: QD QD")
    with pytest.raises(NotationError):
        g.initial_state(parse_deal(g, bad), HandContext(1, 4, (0,) * 5))


def test_B8_game_length_option_5_by_default_10_15_20_otherwise():
    assert game().hands_per_game() == 5
    assert [game(n).hands_per_game() for n in ("10", "15", "20")] == [10, 15, 20]
    with pytest.raises(OptionError):
        game("7")


def test_B2_C2_the_first_player_rotates_and_a_thrown_in_hand_counts():
    g = game()
    deal = parse_deal(g, deals.TOP_HEARTS)
    match = Match(g, first_dealer=4, deals=[deal] * 5)
    # hand 1: dealer 4, first player 0 opens; all five pass: thrown in, counted as a hand
    assert match.to_act() == 0
    for seat in (0, 1, 2, 3, 4):
        match.submit(seat, g.parse_action("pass"))
    assert match.hand.result is not None and match.hand.result.thrown_in
    match.next_hand()
    # hand 2: the first player has moved on to seat 1, who opens the bidding and leads
    assert len(match.hands) == 2 and match.to_act() == 1
    match.submit(1, g.parse_action("capot H without 0"))
    for seat in (2, 3, 4, 0):
        match.submit(seat, g.parse_action("pass"))
    assert match.to_act() == 1  # the first player leads, though seat 1 is not in the contract
    # play out hand 2 and the rest with every seat passing: the game ends after 5 hands
    while match.to_act() is not None:
        match.submit(match.to_act(), g.legal_actions(match.state)[0])
    for _ in range(3):
        match.next_hand()
        for _seat in range(5):
            match.submit(match.to_act(), g.parse_action("pass"))
    assert match.over and len(match.hands) == 5
