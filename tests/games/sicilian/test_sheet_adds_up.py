"""The score sheet adds down: each side's lines up to its ``total`` are that total's addends
(docs/design.md "Score sheets"). The deal is in notation and the sums are worked by hand."""

from __future__ import annotations

from . import deals
from .helpers import NO_SOLO, QUIET, game, play_out, start


def test_each_sides_lines_add_up_to_its_total_worked_by_hand():
    """COP: South and North cop and win all 15 tricks; West's Fool comes over (10), East's discard
    QC QD QB (12) counts for the Defenders. Declarers: 10 (the Fool) + 84 won in play + 15 tricks
    + 5 last trick = 114; Defenders: 12 (the discard) + 0 + 0 tricks = 12."""
    g = game()
    state = play_out(g, start(g, deals.COP, moves=f"{QUIET}; {NO_SOLO}; QC; QD; QB; prop; pass; cop"))
    result = g.outcome(state)
    sheet = [(line.label, line.value, line.side) for line in result.lines]
    totals = {side: value for label, value, side in sheet if label == "total"}
    assert totals == {0: 114, 1: 12}
    for side, total in totals.items():
        end = sheet.index(("total", total, side))
        assert sum(value for _, value, of in sheet[:end] if of == side) == total
    assert ("card points won in play", 84, 0) in sheet and ("card points won in play", 0, 1) in sheet
    assert ("last trick", 5, 0) in sheet
