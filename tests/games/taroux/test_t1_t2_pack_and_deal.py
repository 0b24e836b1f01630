"""T1 (pack, values, partnerships) and T2 (the deal, the ordered stock)."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.errors import NotationError
from tarocchi.games.taroux.rules import VALUES

from . import deals
from .helpers import DECK, game, parse_deal, start


def test_T1_pack_is_78_cards_four_suits_of_14_trumps_1_to_21_and_the_fool():
    g = game()
    assert g.deck.size == 78
    for suit in "EAFW":
        ranks = ["K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
        assert [c.code for c in g.deck.cards if c.suit == suit] == [f"{r}{suit}" for r in ranks]
    assert [c.code for c in g.deck.cards if c.suit == "T"] == [f"T{n}" for n in range(1, 22)]
    assert g.deck.cards[-1].code == "FOOL"


def test_T1_values_sum_to_130_and_91_after_counting_in_pairs():
    """Per suit K5 Q4 C3 J2 + ten others 1 = 24; x4 = 96; T1 + T21 = 10, T2..T20 = 19; Fool 5:
    96 + 29 + 5 = 130; 78 cards = 39 pairs; 130 - 39 = 91 (T8)."""
    for card in DECK.cards:
        honour = card.code in ("T1", "T21", "FOOL")
        expected = 5 if honour else {"K": 5, "Q": 4, "C": 3, "J": 2}.get(card.code[0], 1)
        if card.suit == "T" and not honour:
            expected = 1
        assert VALUES[card.index] == expected, card.code
    assert sum(VALUES) == 130
    assert sum(VALUES) - 78 // 2 == 91


def test_T1_T11_six_players_three_partnerships_opposite_six_hands():
    info = game().info
    assert info.players == 6
    assert info.partnerships == ((0, 3), (1, 4), (2, 5))
    assert info.hands_per_game == 6


class _Stacked(random.Random):
    """A 'shuffle' that leaves the pack in natural order and a fixed choice of stock positions."""

    def __init__(self, positions: list[int]) -> None:
        super().__init__(0)
        self.positions = positions

    def shuffle(self, x):  # type: ignore[override]
        pass

    def sample(self, population, k, **kwargs):  # type: ignore[override]
        assert population == range(1, 77), "never the first (0) or last (77) card of the pack"
        assert k == 6
        return list(self.positions)


def test_T2_twelve_each_in_packets_of_three_from_eldest_and_six_to_the_stock_in_order():
    """Pack in natural order (KE QE CE ... AW, T1..T21, FOOL); stock positions 1, 5, 20, 40, 60,
    76 (QE, 9E, 8A, 2F, T5, T21: index 40 is 2F, Fire being 28..41), kept in that order. The other
    72 go in packets of three from Eldest (dealer 2 -> Eldest 3): seat 3 gets KE CE JE, seat 4
    10E 8E 7E, seat 5 6E 5E 4E, ..."""
    g = game()
    deal = g.deal(_Stacked([60, 1, 40, 5, 76, 20]), dealer=2)
    assert [c.code for c in deal.stock] == ["QE", "9E", "8A", "2F", "T5", "T21"]
    assert [c.code for c in deal.hands[3][:3]] == ["KE", "CE", "JE"]
    assert [c.code for c in deal.hands[4][:3]] == ["10E", "8E", "7E"]
    assert [c.code for c in deal.hands[5][:3]] == ["6E", "5E", "4E"]
    assert [c.code for c in deal.hands[0][:3]] == ["3E", "2E", "AE"]
    assert all(len(hand) == 12 for hand in deal.hands)
    deal.check(DECK, 6, 12, 6)


def test_T2_a_deal_must_give_twelve_each_and_six_to_the_stock():
    g = game()
    short = deals.TOP_TRUMPS.replace("stock: 2A AA 2F AF 2W AW", "stock: 2A AA 2F AF 2W")
    with pytest.raises(NotationError):
        start(g, short + "\n", 0)
    assert len(parse_deal(deals.TOP_TRUMPS).stock) == 6
