"""Counting and scoring a finished hand: the Fool's settlement (C4), then P5."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tarocchi.core.fool import fool_label, gather, settle_fool, settled
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
    VALUES,
    seat_scores,
    side_of,
)
from tarocchi.games.piedmont.state import PiedmontFields, PiedmontState


def segment_for(segments: tuple[tuple[int, int], ...], trick: int) -> int | None:
    """P4: the side scoring Earth and Air for cards from ``trick`` under the calls' ``segments``
    (None: no call was made)."""
    earth_air: int | None = None
    for start, side in segments:
        if start <= trick:
            earth_air = side
    return earth_air


def scores_for(card: int, side: int, earth_air: int | None) -> bool:
    """P4: whether ``card`` scores for ``side`` when ``earth_air`` holds Earth and Air."""
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
_BITS: Final = tuple(1 << card for card in range(DECK.size))
"""Each card's bit, made once (a shift past 62 bits allocates)."""


_HALF: Final = 40
_LOW: Final = (1 << _HALF) - 1
"""Masks are counted forty bits at a time: compiled, each part is a machine integer."""
_SIDE_OF: Final = [seat & 1 for seat in range(PLAYERS)]
_SIDES: Final = SIDES


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


def sheet_of(allegiance: bool) -> Callable[[PiedmontState], HandResult]:
    """``score`` for one option, as a compiled function of the state alone: the game's
    ``outcome`` calls it with no Python frame on the way."""
    return _score_by_segments if allegiance else _score_by_masks


def score(state: PiedmontState, allegiance: bool) -> HandResult:
    """The result of a finished hand, with every line labelled."""
    return sheet_of(allegiance)(state)


def _scoring_mask(side: int, earth_air: int | None) -> int:
    """Allegiance: the mask of the cards that score for ``side`` when ``earth_air`` holds Earth
    and Air (``scores_for`` of every card at once)."""
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


def _score_run(run: list[int], earth_air: int, held: list[int], scored: list[int]) -> None:
    """Credit each side its cards of a run of tricks under one call (``earth_air``: -1 no call,
    else the side holding Earth and Air), and those of them that score for it (P4); ``run``
    emptied for the next."""
    for side in range(2):
        mask = run[side]
        if mask:
            held[side] |= mask
            scored[side] |= mask & _SCORING[side][earth_air + 1]
            run[side] = 0


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
    # The tricks in runs under one call (``starts`` never decrease: the calls in the order made):
    # each run's cards gathered by side, then scored by its call at once (an 80-bit mask's every
    # operation allocates).
    run = [0, 0]
    earth_air = -1
    call = 0
    for number in range(len(masks)):
        if call < len(starts) and starts[call] <= number:
            _score_run(run, earth_air, held, scored)
            while call < len(starts) and starts[call] <= number:
                earth_air = sides[call]
                call += 1
        side = winners[number] & 1
        won[side] += 1
        run[side] |= masks[number]
    _score_run(run, earth_air, held, scored)
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


def totals(points: list[int], tricks: list[int]) -> tuple[list[int], tuple[int, ...]]:
    """P5: each side's total, its card ``points`` and ``tricks``, and each seat's score."""
    sums = [points[0] + tricks[0], points[1] + tricks[1]]
    return sums, seat_scores(sums[0], sums[1])


def hand_scores(
    cards: list[int], tricks: list[int], dealer_side: int, aside: int
) -> tuple[list[int], list[int], tuple[int, ...]]:
    """P2 and P5 from the cards that score for each side after C4 (``cards``, changed in place)
    and its tricks: the dealer's discard (``aside``: its cards that score) for the dealer's
    side, each side's card points (P1) and total, and each seat's score (``totals``). The one
    count the score sheets and the playout kernels make."""
    cards[dealer_side] |= aside
    points = [mask_points(cards[0]), mask_points(cards[1])]
    sums, scores = totals(points, tricks)
    return points, sums, scores


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
                mask |= _BITS[card]
        masks.append(mask)
        winners.append(trick[2])
    segments = fields.segments
    starts = [start for start, _ in segments]
    sides = [side for _, side in segments]
    dealer_side = side_of(fields.context.dealer)
    discard = fields.discard
    scored, tricks, moved, worth, aside = allegiance_scored(
        masks, winners, starts, sides, fool_seat, fool_trick, discard, dealer_side
    )
    fool_side = winners[fool_trick] & 1 if moved >= 0 else -1
    fool_value = VALUES[moved] if worth else 0
    return _counted(scored, tricks, dealer_side, aside, discard, fool_seat, moved, fool_side, fool_value)


def _score_by_masks(state: PiedmontState) -> HandResult:
    """Under the trumps option a card scores the same whatever trick it came from: each side's
    won cards are one mask (``fool.settled``), counted a byte at a time (``_score_by_card``
    gives the same sheet)."""
    fields: PiedmontFields = state  # read by position, compiled
    cards, tricks, fool_seat, fool_trick, moved = settled(fields.tricks, _SIDE_OF, FOOL, PAY_ORDER)
    dealer_side = fields.context.dealer & 1
    discard = fields.discard
    fool_side = fields.tricks[fool_trick][2] & 1 if moved >= 0 else -1
    fool_value = VALUES[moved] if moved >= 0 else 0
    return _counted(cards, tricks, dealer_side, discard, discard, fool_seat, moved, fool_side, fool_value)


def _counted(
    cards: list[int],
    tricks: list[int],
    dealer_side: int,
    aside: int,
    discard: int,
    fool_seat: int,
    moved: int,
    fool_side: int,
    fool_value: int,
) -> HandResult:
    """The result of ``hand_scores`` on the cards that score for each side after C4 and the
    discard's that score (``aside``), with the sheet's facts (``PiedmontSheet``)."""
    points, sums, scores = hand_scores(cards, tricks, dealer_side, aside)
    sheet = PiedmontSheet(
        fool_seat,
        moved,
        fool_side,
        fool_value,
        discard,
        mask_points(aside),
        dealer_side,
        points,
        tricks,
        sums,
    )
    # positionally: a keyword call to a Python __init__ costs a third more
    return HandResult(_SIDES, (points[0], points[1]), (tricks[0], tricks[1]), scores, (), False, sheet)


def _score_by_card(state: PiedmontState, allegiance: bool) -> HandResult:
    """The result of a finished hand, card by card (Allegiance: a card scores by its trick's call):
    the plain statement of the rules, which the sheets by masks above must match (tested)."""

    def worth(card: int, trick: int, side: int) -> int:
        """What ``card``, won from ``trick``, scores for ``side`` (P4: under that trick's call)."""
        if allegiance and not scores_for(card, side, segment_for(state.segments, trick)):
            return 0
        return VALUES[card]

    gathered = gather(state.tricks, SIDES, FOOL, PAY_ORDER)
    credits, tricks = gathered.cards, gathered.tricks
    fool_seat = moved = fool_side = -1
    fool_value = 0
    if gathered.moved is not None:
        assert gathered.fool is not None
        fool_seat, fool_side = gathered.fool.seat, gathered.fool.winner
        moved = gathered.moved[0]
        fool_value = worth(*gathered.moved, fool_side)

    # P2: the discard counts for the dealer's side; P4: under the call in force at the end.
    dealer_side = side_of(state.context.dealer)
    last = len(state.tricks) - 1
    discard = [(card.index, last) for card in DECK.cards_in(state.discard)]
    credits[dealer_side].extend(discard)
    discard_points = sum(worth(card, trick, dealer_side) for card, trick in discard)
    points = [sum(worth(card, trick, side) for card, trick in credit) for side, credit in enumerate(credits)]
    sums, scores = totals(points, tricks)
    sheet = PiedmontSheet(
        fool_seat,
        moved,
        fool_side,
        fool_value,
        state.discard,
        discard_points,
        dealer_side,
        points,
        tricks,
        sums,
    )
    return HandResult(SIDES, (points[0], points[1]), (tricks[0], tricks[1]), scores, (), False, sheet)


class PiedmontSheet:
    """A hand's score sheet as typed facts (C4's card, the discard, ``hand_scores``' count),
    worded when read."""

    def __init__(
        self,
        fool_seat: int,
        moved: int,
        fool_side: int,
        fool_value: int,
        discard: int,
        discard_points: int,
        dealer_side: int,
        points: list[int],
        tricks: list[int],
        sums: list[int],
    ) -> None:
        self.fool_seat = fool_seat
        self.moved = moved
        """The card ``fool_seat``'s side gave for its Fool (-1: none), to ``fool_side``, worth
        ``fool_value`` to it."""
        self.fool_side = fool_side
        self.fool_value = fool_value
        self.discard = discard
        self.discard_points = discard_points
        """What the dealer's ``discard`` scores for the dealer's side."""
        self.dealer_side = dealer_side
        self.points = points
        self.tricks = tricks
        self.sums = sums
        """Each side's total (P5)."""

    def lines(self) -> tuple[ScoreLine, ...]:
        """The lines: C4's card, the discard (P2), each side's addends and total, the verdict (P5)."""
        lines: list[ScoreLine] = []
        moved = self.moved
        if moved >= 0:
            paid = None if moved == FOOL else DECK.cards[moved].code
            label = fool_label(SEAT_NAMES[self.fool_seat], SIDE_NAMES[self.fool_side], paid)
            lines.append(ScoreLine(label, self.fool_value, self.fool_side))
        label = f"the dealer's discard ({DECK.codes(self.discard)})"
        lines.append(ScoreLine(label, self.discard_points, self.dealer_side))
        # Each side's lines add up to its total: the Fool's card and the discard above are in its
        # card points, so the line of the cards won in play says the rest.
        included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
        for side in (0, 1):
            lines.append(ScoreLine("card points won in play", self.points[side] - included[side], side))
            lines.append(ScoreLine("tricks", self.tricks[side], side))
            lines.append(ScoreLine("total", self.sums[side], side))
        total0, total1 = self.sums
        if total0 == total1:
            lines.append(ScoreLine(f"a tie at {total0}: nobody scores (P5)", 0))
        else:
            winner = 0 if total0 > total1 else 1
            won, lost = (total0, total1) if winner == 0 else (total1, total0)
            diff = won - lost
            label = f"{SIDE_NAMES[winner]} win {won} to {lost}: each of them +{diff}, each opponent -{diff}"
            lines.append(ScoreLine(label, diff, winner))
        return tuple(lines)
