"""Counting and scoring a finished hand: the Fool's settlement (C4), then P5."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tarocchi.core.fool import gather, settle_fool
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.games.piedmont.rules import (
    DECK,
    EARTH_AIR,
    FIRE_WATER,
    FOOL,
    PAY_ORDER,
    PLAYERS,
    SEAT_NAMES,
    SIDE_NAMES,
    SIDES,
    SUITLESS,
    TOTAL,
    VALUES,
    WINNING_POINTS,
    seat_scores,
    side_of,
)
from tarocchi.games.piedmont.state import PiedmontFields, PiedmontState


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


_BYTE_POINTS: Final = tuple(
    tuple(
        sum(VALUES[start + i] for i in range(8) if byte >> i & 1 and start + i < DECK.size)
        for byte in range(256)
    )
    for start in range(0, DECK.size, 8)
)
"""P1's card values summed a byte of a mask at a time."""
_FOOL_BIT: Final = 1 << FOOL
_FULL: Final = DECK.full


_LINES: Final[tuple[dict[int, ScoreLine], ...]] = ({}, {}, {})
"""The sheet's totals lines (card points, tricks, total), built once each: a ScoreLine is frozen,
so hands share them (at most a few hundred: two sides, values up to the pack's points)."""
_LABELS: Final = ("card points won in play", "tricks", "total")


def _line(kind: int, value: int, side: int) -> ScoreLine:
    """``ScoreLine(_LABELS[kind], value, side)``, built once (keyed by an int: no string hashed)."""
    lines = _LINES[kind]
    key = value * 2 + side
    line = lines.get(key)
    if line is None:
        line = lines[key] = ScoreLine(_LABELS[kind], value, side)
    return line


_HALF: Final = 40
_LOW: Final = (1 << _HALF) - 1
"""Masks are counted forty bits at a time: compiled, each part is a machine integer."""
_SCORE_LINE: Final = ScoreLine
_HAND_RESULT: Final = HandResult
_SIDES: Final = SIDES


_FOOL_LINES: Final[dict[tuple[int, int, int, int], ScoreLine]] = {}
_WIN_LINES: Final[dict[int, ScoreLine]] = {}
"""The sheet's Fool and verdict lines, built once each, as the totals lines are (a few hundred
Fool lines: seat, card paid, side, value; a verdict line a winning side and score, keyed by one
int: no tuple built and hashed)."""


def _fool_line(seat: int, moved: int, side: int, value: int) -> ScoreLine:
    """C4's line: ``seat``'s side pays ``moved`` (the Fool itself if it won no trick) for its
    Fool to ``side``, worth ``value`` to it."""
    key = (seat, moved, side, value)
    line = _FOOL_LINES.get(key)
    if line is None:
        player, winners = SEAT_NAMES[seat], SIDE_NAMES[side]
        if moved == FOOL:
            label = f"{player}'s side won no trick: the Fool goes to {winners} (C4)"
        else:
            label = f"for {player}'s Fool, {DECK.cards[moved].code} goes to {winners} (C4)"
        line = _FOOL_LINES[key] = _SCORE_LINE(label, value, side)
    return line


def _win_line(winner: int, won: int, lost: int) -> ScoreLine:
    """P5's verdict: side ``winner`` wins ``won`` points to ``lost``, and scores the difference."""
    key = (won * 1024 + lost) * 2 + winner  # points are at most a few hundred
    line = _WIN_LINES.get(key)
    if line is None:
        diff = won - lost
        label = f"{SIDE_NAMES[winner]} win {won} to {lost}: each of them +{diff}, each opponent -{diff}"
        line = _WIN_LINES[key] = _SCORE_LINE(label, diff, winner)
    return line


def mask_points(mask: int) -> int:
    """The card points (P1) of the cards of ``mask``."""
    total = 0
    base = 0
    while mask:
        part = mask & _LOW
        mask >>= _HALF
        k = base
        while part:
            total += _BYTE_POINTS[k][part & 255]
            part >>= 8
            k += 1
        base += _HALF >> 3
    return total


_PACK_POINTS: Final = mask_points(DECK.full)
"""P1: the points of every card of the pack."""


def sheet_of(allegiance: bool) -> Callable[[PiedmontState], HandResult]:
    """``score`` for one option, as a compiled function of the state alone: the game's
    ``outcome`` calls it with no Python frame on the way."""
    return _score_by_segments if allegiance else _score_by_masks


def score(state: PiedmontState, allegiance: bool) -> HandResult:
    """The result of a finished hand, with every line labelled."""
    return sheet_of(allegiance)(state)


def _scoring_mask(side: int, earth_air: int | None) -> int:
    """Allegiance: the mask of the cards that score for ``side`` when ``earth_air`` holds Earth
    and Air (``_scores`` of every card at once)."""
    if earth_air is None:
        return DECK.full
    return SUITLESS | (EARTH_AIR if side == earth_air else FIRE_WATER)


_SCORING: Final = tuple(
    tuple(_scoring_mask(side, earth_air) for earth_air in (None, 0, 1)) for side in (0, 1)
)
"""``_scoring_mask`` of each side and call (no call, side 0 holds Earth and Air, side 1), built once."""


def _scoring(side: int, earth_air: int | None) -> int:
    """``_scoring_mask(side, earth_air)``, from the table."""
    return _SCORING[side][0 if earth_air is None else earth_air + 1]


def _scoring_at(side: int, starts: list[int], sides: list[int], number: int) -> int:
    """The cards ``side`` scores from trick ``number`` under the call then in force (P4): the
    segments start at the tricks ``starts``, side ``sides[i]`` holding Earth and Air in each."""
    earth_air = -1
    for i in range(len(starts)):
        if starts[i] <= number:
            earth_air = sides[i]
    return _SCORING[side][earth_air + 1]


def allegiance_scored(
    masks: list[int],
    winners: list[int],
    starts: list[int],
    sides: list[int],
    fool_seat: int,
    fool_trick: int,
    discard: int,
    dealer: int,
) -> tuple[list[int], list[int], int, int, int]:
    """Allegiance's credit of a finished hand, from each trick's cards (``masks``, the Fool
    apart) and winner, the calls' segments (``starts``, ``sides``), where the Fool was played
    (``fool_seat`` -1: not played) and the ``dealer``'s ``discard``: each side's cards that score
    for it under their trick's call (P4), each side's tricks, the card paid for the Fool (C4,
    ``fool.settle_fool``; -1: none), the part of it that scores for its receiver under the call of
    the trick it came from, and the part of the discard that scores for the dealer's side under
    the last call (P2). The score sheet and the playout kernel both count from it."""
    won = [0, 0]
    held = [0, 0]  # every card credited to each side (whether it scores or not)
    scored = [0, 0]  # the cards credited to each side that score for it, under their trick's call
    for number in range(len(masks)):
        side = winners[number] & 1
        mask = masks[number]
        won[side] += 1
        held[side] |= mask
        scored[side] |= mask & _scoring_at(side, starts, sides, number)
    moved = -1
    worth = 0
    if fool_seat >= 0:  # the Fool stays with its side, and scores for it (SUITLESS)
        owner = fool_seat & 1
        taker = winners[fool_trick] & 1
        scored[owner] |= _FOOL_BIT
        moved = settle_fool(held, won, FOOL, owner, taker, PAY_ORDER)
        if moved >= 0:
            bit = 1 << moved
            number = fool_trick  # the Fool itself goes over from its trick
            if moved != FOOL:
                number = 0  # the paid card, from the trick it was won in
                while not masks[number] & bit:
                    number += 1
            scored[owner] &= ~bit
            worth = bit & _scoring_at(taker, starts, sides, number)
            scored[taker] |= worth
    aside = discard & _scoring_at(dealer & 1, starts, sides, len(masks) - 1)
    return scored, won, moved, worth, aside


def _score_by_segments(state: PiedmontState) -> HandResult:
    """Allegiance's sheet by masks (``allegiance_scored``; ``_score_by_card`` gives the same)."""
    fields: PiedmontFields = state  # read by position, compiled
    played = fields.tricks
    masks: list[int] = []
    winners: list[int] = []
    fool_seat = fool_trick = -1
    for number in range(len(played)):
        trick = played[number]
        cards = trick[1]
        mask = 0
        for pos in range(len(cards)):
            card = cards[pos]
            if card == FOOL:
                fool_seat = (trick[0] + pos) % PLAYERS
                fool_trick = number
            else:
                mask |= 1 << card
        masks.append(mask)
        winners.append(trick[2])
    segments = fields.segments
    starts = [start for start, _ in segments]
    sides = [side for _, side in segments]
    dealer_side = side_of(fields.context.dealer)
    dealt_aside = fields.discard
    scored, tricks, moved, worth, aside = allegiance_scored(
        masks, winners, starts, sides, fool_seat, fool_trick, dealt_aside, dealer_side
    )
    lines: list[ScoreLine] = []
    if moved >= 0:
        lines.append(_fool_line(fool_seat, moved, winners[fool_trick] & 1, VALUES[moved] if worth else 0))
    discard_points = mask_points(aside)
    lines.append(
        _SCORE_LINE(f"the dealer's discard ({DECK.codes(dealt_aside)})", discard_points, dealer_side)
    )
    card_points = [mask_points(scored[0]), mask_points(scored[1])]
    card_points[dealer_side] += discard_points
    return _sheet(card_points[0], card_points[1], tricks[0], tricks[1], lines, True)


def _score_by_masks(state: PiedmontState) -> HandResult:
    """Under the trumps option a card scores the same whatever trick it came from: each side's
    won cards are one mask, counted a byte at a time (``_score_by_card`` gives the same sheet).
    Every card is won by a side or discarded: side 1's cards are the rest of the pack."""
    fields: PiedmontFields = state  # read by position, compiled
    tricks0 = tricks1 = 0
    fool_seat = fool_owner = fool_winner = -1
    low0 = high0 = 0  # side 0's won cards in two machine-word halves (below 40, and the rest)
    for trick in fields.tricks:
        # by position (leader, cards, winner): compiled, a NamedTuple's name is a generic lookup
        side = trick[2] & 1
        if side:
            tricks1 += 1
        else:
            tricks0 += 1
        cards = trick[1]
        for pos in range(len(cards)):
            card = cards[pos]
            if card == FOOL:
                fool_seat = (trick[0] + pos) % PLAYERS
                fool_owner, fool_winner = fool_seat & 1, side
            if side:
                continue
            if card < _HALF:
                low0 |= 1 << card
            else:
                high0 |= 1 << (card - _HALF)
    won0 = low0 | high0 << _HALF
    discard = fields.discard
    lines: list[ScoreLine] = []
    if fool_seat >= 0 and fool_owner != fool_winner:
        # C4: the Fool stays with its side, which pays the winners a card for it
        won = [won0 & ~_FOOL_BIT, _FULL & ~won0 & ~discard & ~_FOOL_BIT]
        moved = settle_fool(won, (tricks0, tricks1), FOOL, fool_owner, fool_winner, PAY_ORDER)
        won0 = won[0]
        lines.append(_fool_line(fool_seat, moved, fool_winner, VALUES[moved]))
    dealer_side = fields.context.dealer & 1
    discard_points = mask_points(discard)
    label = f"the dealer's discard ({DECK.codes(discard)})"
    lines.append(_SCORE_LINE(label, discard_points, dealer_side))
    points0 = mask_points(won0)
    points1 = _PACK_POINTS - points0 - discard_points
    if dealer_side:
        points1 += discard_points
    else:
        points0 += discard_points
    return _sheet(points0, points1, tricks0, tricks1, lines, False)


def _score_by_card(state: PiedmontState, allegiance: bool) -> HandResult:
    """The result of a finished hand, card by card (Allegiance: a card scores by its trick's call):
    the plain statement of the rules, which the sheets by masks above must match (tested)."""

    def worth(card: int, trick: int, side: int) -> int:
        """What ``card``, won from ``trick``, scores for ``side`` (P4: under that trick's call)."""
        if allegiance and not _scores(card, side, _segment_for(state.segments, trick)):
            return 0
        return VALUES[card]

    gathered = gather(state.tricks, SIDES, FOOL, PAY_ORDER)
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

    return _sheet(card_points[0], card_points[1], tricks[0], tricks[1], lines, allegiance)


def _sheet(
    points0: int, points1: int, tricks0: int, tricks1: int, lines: list[ScoreLine], allegiance: bool
) -> HandResult:
    """P5: the totals, the winning side and each seat's score, after the lines so far (each
    side's card points and tricks)."""
    total0, total1 = points0 + tricks0, points1 + tricks1
    scores = seat_scores(total0, total1)
    # Each side's lines add up to its total: the Fool's card and the discard above are in its
    # card points, so the line of the cards won in play says the rest.
    included0 = included1 = 0
    for line in lines:
        if line.side == 0:
            included0 += line.value
        elif line.side == 1:
            included1 += line.value
    lines.append(_line(0, points0 - included0, 0))
    lines.append(_line(1, tricks0, 0))
    lines.append(_line(2, total0, 0))
    lines.append(_line(0, points1 - included1, 1))
    lines.append(_line(1, tricks1, 1))
    lines.append(_line(2, total1, 1))
    if total0 == total1:
        lines.append(_SCORE_LINE(f"a tie at {total0}: nobody scores (P5)", 0))
    else:
        winner = 0 if total0 > total1 else 1
        won, lost = (total0, total1) if winner == 0 else (total1, total0)
        if not allegiance:
            assert won >= WINNING_POINTS and won + lost == TOTAL
        lines.append(_win_line(winner, won, lost))
    # positionally: a keyword call to a Python __init__ costs a third more
    return _HAND_RESULT(_SIDES, (points0, points1), (tricks0, tricks1), scores, tuple(lines))
