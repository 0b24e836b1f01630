"""S1 (the 63-card pack and its values) and S2 (the deal in packets)."""

from __future__ import annotations

import random

from tarocchi.core.protocol import HandContext

from .helpers import game


def test_S1_pack_has_63_cards_in_its_natural_order():
    deck = game().deck
    codes = [card.code for card in deck.cards]
    assert len(codes) == 63
    # Cups, Coins, Batons: K Q C V 10 .. 5; Swords the same plus the Ace (lowest); trumps; the Fool.
    assert codes[:10] == ["KC", "QC", "CC", "VC", "10C", "9C", "8C", "7C", "6C", "5C"]
    assert codes[30:41] == ["KS", "QS", "CS", "VS", "10S", "9S", "8S", "7S", "6S", "5S", "AS"]
    assert codes[41:] == [f"T{n}" for n in range(1, 22)] + ["FOOL"]
    assert deck.card("juggler").code == "T1" and deck.card("world").code == "T21"
    assert deck.card("T1").name == "the Juggler"


def test_S1_card_values_total_106():
    from tarocchi.games.sicilian.rules import DECK, VALUES

    value = {card.code: VALUES[card.index] for card in DECK.cards}
    # Honours 10; trumps 17-20 5 each; K 5, Q 4, C 3, V 2; everything else 0.
    assert [value[c] for c in ("T1", "T21", "FOOL", "T17", "T20", "T16", "T2")] == [10, 10, 10, 5, 5, 0, 0]
    assert [value[c] for c in ("KD", "QD", "CD", "VD", "10D", "5D", "AS")] == [5, 4, 3, 2, 0, 0, 0]
    # 3 x 10 + 4 x 5 (trumps) + 4 x (5 + 4 + 3 + 2) (courts) = 30 + 20 + 56 = 106
    assert sum(value.values()) == 106


class _Unshuffled(random.Random):
    """An rng whose shuffle leaves the pack in its natural order, to see where each card goes."""

    def shuffle(self, x, random=None):  # type: ignore[override]
        return None


def test_S2_two_packets_of_five_then_three_to_the_stock_then_a_final_five():
    g = game()
    deal = g.deal(_Unshuffled(), dealer=3)  # Eldest is South (0), who is served first
    codes = [[c.code for c in hand] for hand in deal.hands]
    # pack order: Cups 0-9, Coins 10-19, Batons 20-29, Swords 30-40, T1..T21 41-61, Fool 62.
    # South: cards 0-4, then 20-24 (second round), then 43-47 (after the stock 40-42).
    assert codes[0] == [
        "KC",
        "QC",
        "CC",
        "VC",
        "10C",
        "KB",
        "QB",
        "CB",
        "VB",
        "10B",
        "T3",
        "T4",
        "T5",
        "T6",
        "T7",
    ]
    # East (the dealer) is served last in each round: 15-19, 35-39, 58-62.
    assert codes[3][:5] == ["9D", "8D", "7D", "6D", "5D"]
    assert codes[3][-1] == "FOOL"
    assert [c.code for c in deal.stock] == ["AS", "T1", "T2"]
    assert all(len(hand) == 15 for hand in deal.hands)
    g.initial_state(deal, HandContext(1, 3, (0, 0, 0, 0)))  # checks every card is dealt once
