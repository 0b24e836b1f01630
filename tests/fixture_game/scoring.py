"""Scoring a finished Trio hand: the Fool's settlement (C4) and R5."""

from __future__ import annotations

from fixture_game.rules import (
    DECK,
    FOOL,
    HALF,
    PAY_ORDER,
    PLAYERS,
    SEAT_NAMES,
    SIDE_NAMES,
    VALUES,
    seat_scores,
)
from fixture_game.state import TrioState
from tarocchi.core.fool import fool_label, gather
from tarocchi.core.protocol import HandResult, ScoreLine


def sides(state: TrioState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The Declarer alone, and the two Defenders (R3)."""
    return (state.declarer,), tuple(seat for seat in range(PLAYERS) if seat != state.declarer)


def score(state: TrioState) -> HandResult:
    """The result of a finished hand, each side's lines adding up to its total."""
    both = sides(state)
    gathered = gather(state.tricks, both, FOOL, PAY_ORDER)
    lines: list[ScoreLine] = []
    if gathered.moved is not None and gathered.fool is not None:
        card, _ = gathered.moved
        name = SEAT_NAMES[gathered.fool.seat]
        won = gathered.fool.winner
        label = fool_label(name, f"the {SIDE_NAMES[won]}", DECK.cards[card].code)
        lines.append(ScoreLine(label, VALUES[card], won))
    points = [sum(VALUES[card] for card, _ in pile) for pile in gathered.cards]
    for side in (0, 1):
        before = sum(line.value for line in lines if line.side == side)
        lines.append(ScoreLine("card points won in play", points[side] - before, side))
        lines.append(ScoreLine("total", points[side], side))
    d = points[0] - HALF
    lines.append(
        ScoreLine(f"d = {points[0]} - {HALF}: the Declarer {2 * d:+d}, each Defender {-d:+d} (R5)", d, 0)
    )
    return HandResult(
        sides=both,
        card_points=(points[0], points[1]),
        tricks=(gathered.tricks[0], gathered.tricks[1]),
        scores=seat_scores(state.declarer, points[0]),
        lines=tuple(lines),
    )
