"""Counting and scoring a finished hand: the Fool's settlement (C4), then P5."""

from __future__ import annotations

from tarocchi.core.fool import gather
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.games.piedmont.rules import (
    DECK,
    EARTH_AIR,
    FIRE_WATER,
    FOOL,
    HONOURS,
    PLAYERS,
    SEAT_NAMES,
    SIDE_NAMES,
    SIDES,
    SUITLESS,
    TOTAL,
    VALUES,
    WINNING_POINTS,
    side_of,
)
from tarocchi.games.piedmont.state import PiedmontState


def _segment_for(segments: tuple[tuple[int, int], ...], trick: int) -> int | None:
    """The side scoring Earth and Air for cards from ``trick`` (None: no call was made)."""
    earth_air: int | None = None
    for start, side in segments:
        if start <= trick:
            earth_air = side
    return earth_air


def _scores(card: int, side: int, earth_air: int | None) -> bool:
    """Allegiance: whether ``card`` scores for ``side`` when ``earth_air`` holds Earth and Air."""
    if earth_air is None or SUITLESS >> card & 1:
        return True
    mine = EARTH_AIR if side == earth_air else FIRE_WATER
    return bool(mine >> card & 1)


def score(state: PiedmontState, allegiance: bool) -> HandResult:
    """The result of a finished hand, with every line labelled."""

    def worth(card: int, trick: int, side: int) -> int:
        """What ``card``, won from ``trick``, scores for ``side`` (P4: under that trick's call)."""
        if allegiance and not _scores(card, side, _segment_for(state.segments, trick)):
            return 0
        return VALUES[card]

    gathered = gather(state.tricks, SIDES, FOOL, VALUES, HONOURS)
    credits, tricks = gathered.cards, gathered.tricks
    lines: list[ScoreLine] = []
    if gathered.moved is not None:
        assert gathered.fool is not None
        won = gathered.fool.winner
        fool_player = SEAT_NAMES[gathered.fool.seat]
        moved = gathered.moved
        if moved[0] == FOOL:
            label = f"{fool_player}'s side won no trick: the Fool goes to {SIDE_NAMES[won]} (C4)"
        else:
            label = f"for {fool_player}'s Fool, {DECK.cards[moved[0]].code} goes to {SIDE_NAMES[won]} (C4)"
        lines.append(ScoreLine(label, worth(*moved, won), won))

    # P2: the discard counts for the dealer's side; P4: under the call in force at the end.
    dealer_side = side_of(state.context.dealer)
    last = len(state.tricks) - 1
    discard = [(card.index, last) for card in DECK.cards_in(state.discard)]
    credits[dealer_side].extend(discard)
    discard_points = sum(worth(card, trick, dealer_side) for card, trick in discard)
    label = f"the dealer's discard ({DECK.codes(state.discard)})"
    lines.append(ScoreLine(label, discard_points, dealer_side))

    card_points = [
        sum(worth(card, trick, side) for card, trick in credit) for side, credit in enumerate(credits)
    ]

    points = [card_points[s] + tricks[s] for s in (0, 1)]
    for side in (0, 1):
        lines.append(ScoreLine("card points", card_points[side], side))
        lines.append(ScoreLine("tricks", tricks[side], side))
        lines.append(ScoreLine("total", points[side], side))

    scores = [0] * PLAYERS
    if points[0] == points[1]:
        lines.append(ScoreLine(f"a tie at {points[0]}: nobody scores (P5)", 0))
    else:
        winner = 0 if points[0] > points[1] else 1
        if not allegiance:
            assert points[winner] >= WINNING_POINTS and sum(points) == TOTAL
        diff = points[winner] - points[1 - winner]
        lines.append(
            ScoreLine(
                f"{SIDE_NAMES[winner]} win {points[winner]} to {points[1 - winner]}: "
                f"each of them +{diff}, each opponent -{diff}",
                diff,
                winner,
            )
        )
        for seat in range(PLAYERS):
            scores[seat] = diff if side_of(seat) == winner else -diff
    return HandResult(
        sides=SIDES,
        card_points=tuple(card_points),
        tricks=(tricks[0], tricks[1]),
        scores=tuple(scores),
        lines=tuple(lines),
    )
