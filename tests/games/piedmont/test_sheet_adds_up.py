"""The score sheet adds down: each side's lines up to its ``total`` are that total's addends
(docs/design.md "Score sheets"). The deal is in notation and the sums are worked by hand."""

from __future__ import annotations

from . import deals
from .helpers import autoplay, game, play, start


def test_each_sides_lines_add_up_to_its_total_worked_by_hand():
    """FOOL_PAY_A (see test_c4_fool): East's Fool stays with East-West, which pay 10E (1) for it;
    the dealer's discard T2 T3 T4 EVIL (3) is East-West's. North-South: 1 (10E) + 130 won in play
    + 18 tricks = 149; East-West: 3 (the discard) + 12 won in play + 1 trick = 16."""
    g = game()
    state = autoplay(g, play(g, start(g, deals.FOOL_PAY_A, 3, "T2 T3 T4 EVIL"), "3W KW 10E 2W"))
    result = g.outcome(state)
    sheet = [(line.label, line.value, line.side) for line in result.lines]
    totals = {side: value for label, value, side in sheet if label == "total"}
    assert totals == {0: 149, 1: 16}
    for side, total in totals.items():
        end = sheet.index(("total", total, side))
        assert sum(value for _, value, of in sheet[:end] if of == side) == total
    assert ("card points won in play", 130, 0) in sheet and ("card points won in play", 12, 1) in sheet
