"""C4: the Fool -- played instead of a required card, led, never winning, and settled at the end.

Trick play on deal BASIC; the settlement on whole hands (trumps option) from deals.py: a short
scripted start, then every seat plays its first legal card. In those deals South holds every
trump left that could win, so from his first trump on he wins every trick, whatever is played.
"""

from __future__ import annotations

from . import deals
from .helpers import autoplay, game, legal, line_values, play, start, summary, trick_winners


def basic():
    g = game()
    return g, start(g, deals.BASIC, 3, deals.BASIC_DISCARD)


def fool_lines(result):
    return [line for line in result.lines if "Fool" in line.label]


def test_C4_fool_may_be_played_instead_of_a_required_card():
    g, fresh = basic()
    state = play(g, fresh, "5E")
    assert "FOOL" in legal(g, state)  # West may play it instead of following Earth
    trump_lead = play(g, fresh, "T7")
    assert "FOOL" in legal(g, trump_lead)  # ... or instead of following trumps
    state = play(g, state, "FOOL T2 KF")
    assert state.tricks[-1].winner == 2  # the Fool never wins; North's T2 does


def test_C4_led_fool_lets_the_next_card_set_the_suit_and_never_wins():
    g, state = basic()
    state = play(g, state, "T3 T21 T20 KF")  # West's World wins; he leads the Fool
    state = play(g, state, "FOOL")
    north = {c.code for c in g.view(state, 2).hand}
    assert legal(g, state) == north  # anything: the suit is not set yet
    state = play(g, state, "9W")
    # North's 9W set Water: East must follow Water (not Fire), South (void) must trump
    assert legal(g, state) == {"KW", "QW", "CW", "JW", "10W"}
    state = play(g, state, "KW")
    assert legal(g, state) == {"T4", "T5", "T6", "T7"}
    state = play(g, state, "T4")
    assert state.tricks[-1].winner == 0
    assert g.to_act(state) == 0


def test_C4_owners_side_won_no_trick_so_the_fool_itself_goes_over_even_from_the_last_trick():
    """SWEEP: South wins all 19 tricks; East keeps his Fool to the last trick (his first legal card
    is always a suit card until then). East-West won no trick, so the Fool goes to North-South.
    N-S: 146 - discard (Good Evil T2 2W = 2) = 144 card points, 19 tricks -> 163; E-W: 2 -> 2."""
    g = game()
    state = autoplay(g, start(g, deals.SWEEP, 3, deals.SWEEP_DISCARD))
    assert g.view(state, 0).tricks[-1].plays[3] == (3, g.deck.card("FOOL"))
    result = g.outcome(state)
    assert summary(result) == ((144, 2), (19, 0), (161, -161, 161, -161))
    (line,) = fool_lines(result)
    assert line.side == 0 and line.value == 5


def test_C4_payment_is_the_lowest_value_card_first_in_pack_order_never_from_the_discard():
    """FOOL_PAY_A: trick 1 is 3W (S) KW (W) 10E (N) 2W (E), West wins. East's Fool goes into
    trick 3 (South's). East-West's won cards: 3W 1, KW 5, 10E 1, 2W 1 -- three 1-point cards, and
    10E comes first in the pack (Earth before Water); the discard's Evil (0) may not be used.
    The Fool itself stays with East-West.
    E-W: 8 - 1 (10E) + Fool 5 + discard (T2 T3 T4 Evil = 3) = 15 card points, 1 trick -> 16.
    N-S: 146 - 3 - 8 - 5 (Fool) + 1 (10E) = 131 card points, 18 tricks -> 149. 149 - 16 = 133."""
    g = game()
    state = start(g, deals.FOOL_PAY_A, 3, "T2 T3 T4 EVIL")
    state = play(g, state, "3W KW 10E 2W")
    state = autoplay(g, state)
    assert trick_winners(state) == [1] + [0] * 18
    assert "FOOL" in [card.code for _, card in g.view(state, 0).tricks[2].plays]
    result = g.outcome(state)
    assert summary(result) == ((131, 15), (18, 1), (133, -133, 133, -133))
    (line,) = fool_lines(result)
    assert "10E" in line.label.split()
    assert (line.side, line.value) == (0, 1)


def test_C4_a_zero_point_card_is_paid_first_also_for_a_fool_played_to_the_last_trick():
    """FOOL_PAY_B: East, void in Water, trumps South's 3W with Good (the lowest trump beats KW
    and 10E). East keeps the Fool to trick 19, which South wins. East-West's lowest card is Good
    (0), so it goes over (paying a 1-point card instead would leave East-West 14, not 15).
    E-W: 3W 1 + KW 5 + 10E 1 + Good 0 = 7, less 0, + Fool 5 + discard 3 = 15, 1 trick -> 16.
    N-S: 146 - 3 - 7 - 5 + 0 = 131, 18 tricks -> 149. 149 - 16 = 133."""
    g = game()
    state = start(g, deals.FOOL_PAY_B, 3, "T2 T3 T4 EVIL")
    state = play(g, state, "3W KW 10E GOOD")
    assert state.tricks[0].winner == 3
    state = autoplay(g, state)
    assert trick_winners(state) == [3] + [0] * 18
    assert g.view(state, 0).tricks[-1].plays[3][1].code == "FOOL"
    result = g.outcome(state)
    assert summary(result) == ((131, 15), (18, 1), (133, -133, 133, -133))
    (line,) = fool_lines(result)
    assert "GOOD" in line.label.split()
    assert (line.side, line.value) == (0, 0)


def test_C4_among_equal_values_a_non_honour_goes_first_then_pack_order():
    """FOOL_PAY_C: trick 1 is AW (S) KW (W) KA (N) T21 (E), East's World wins: four 5-point cards,
    one an Honour. East-West pay KA: not the Honour T21, and KA (Air) comes before KW and AW.
    E-W: 20 - 5 + Fool 5 + discard (T2 T3 Good Evil = 2) = 22, 1 trick -> 23.
    N-S: 146 - 2 - 20 - 5 + 5 = 124, 18 tricks -> 142. 142 - 23 = 119."""
    g = game()
    state = start(g, deals.FOOL_PAY_C, 3, "T2 T3 GOOD EVIL")
    state = play(g, state, "AW KW KA T21")
    state = autoplay(g, state)
    assert trick_winners(state) == [3] + [0] * 18
    result = g.outcome(state)
    assert summary(result) == ((124, 22), (18, 1), (119, -119, 119, -119))
    (line,) = fool_lines(result)
    assert "KA" in line.label.split()
    assert (line.side, line.value) == (0, 5)


def test_C4_fool_in_a_trick_won_by_its_own_side_needs_no_settlement():
    """FOOL_PAY_A, East plays the Fool to trick 1 (instead of following Water), which his partner
    West wins with KW: the Fool stays with East-West and nothing is paid.
    E-W: 3W 1 + KW 5 + 10E 1 + Fool 5 = 12, + discard 3 = 15, 1 trick -> 16.
    N-S: 146 - 15 = 131, 18 tricks -> 149. 149 - 16 = 133."""
    g = game()
    state = start(g, deals.FOOL_PAY_A, 3, "T2 T3 T4 EVIL")
    state = play(g, state, "3W KW 10E FOOL")
    assert state.tricks[0].winner == 1
    state = autoplay(g, state)
    result = g.outcome(state)
    assert summary(result) == ((131, 15), (18, 1), (133, -133, 133, -133))
    assert fool_lines(result) == []
    assert sum(line_values(result)[("tricks", side)] for side in (0, 1)) == 19
