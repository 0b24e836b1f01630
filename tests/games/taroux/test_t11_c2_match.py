"""T11 and C2: six hands a game, thrown-in hands count, scores per player (partners equal)."""

from __future__ import annotations

from tarocchi.core.match import Match

from . import deals
from .helpers import game, parse_deal

WITHOUT = "without pass pass pass pass pass done done done done done done"


def test_T11_C2_six_hands_with_thrown_in_hands_counting_and_partners_scoring_alike():
    """Hand 1 (dealer 5): TOP_TRUMPS, seat 0 bids Without and wins every trick: 80 x 4 = 320,
    unannounced Slam +200, R = 520: seats 0 and 3 +1040, the others -520. Hands 2 to 6: everyone
    passes, thrown in, no score, the deal still moving left."""
    g = game()
    m = Match(g, first_dealer=5, deals=[parse_deal(deals.TOP_TRUMPS)] * 6)
    for word in WITHOUT.split():
        m.submit(m.to_act(), g.parse_action(word, m.state))
    while not m.hand_over:
        m.submit(m.to_act(), m.legal_actions()[0])
    dealers = [5]
    for number in range(2, 7):
        m.next_hand()
        dealers.append(m.hand.dealer)
        assert m.to_act() == (m.hand.dealer + 1) % 6  # Eldest speaks first
        for _ in range(6):
            m.submit(m.to_act(), g.parse_action("pass", m.state))
        assert m.hand.result.thrown_in and m.hand.number == number
    assert dealers == [5, 0, 1, 2, 3, 4]
    assert m.over and len(m.hands) == 6
    assert m.totals == [1040, -520, -520, 1040, -520, -520]
    assert m.winners() == (0, 3)
