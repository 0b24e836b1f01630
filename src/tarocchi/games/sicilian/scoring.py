"""Counting and scoring a finished hand: bargains (S3), the Fool (C4), S9 and S10."""

from __future__ import annotations

from tarocchi.core.cards import points_of, value_masks
from tarocchi.core.fool import fool_label, settled
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.games.sicilian.actions import PAY
from tarocchi.games.sicilian.rules import (
    DECK,
    FOOL,
    HALF,
    LAST_TRICK_BONUS,
    PAY_ORDER,
    PLAYERS,
    SEAT_NAMES,
    SIDE_NAMES,
    VALUES,
    seat_scores,
    side_total,
    sides,
)
from tarocchi.games.sicilian.state import Mode, SicilianState, ThrownIn

_VALUE_MASKS = value_masks(list(VALUES))


def declarers(state: SicilianState) -> tuple[int, ...]:
    """The Declarer and his partner, if he has one (S4, S6, S7)."""
    if state.partner >= 0 and state.mode in (Mode.COP, Mode.RALLY):
        return (state.declarer, state.partner)
    return (state.declarer,)


def _thrown_in(state: SicilianState) -> HandResult:
    """C2: a thrown-in hand counts. S3: taken offers are settled only when the bargain threw it in.

    After a hold the hand is played (S3), so an offer taken before the hold is void even if the
    hand is later thrown in because nobody props (S5): that throw-in is not the bargain's.
    """
    scores = [0] * PLAYERS
    lines: list[ScoreLine] = []
    taken = [offer for offer in state.offers if offer.taker >= 0]
    if state.thrown_in is ThrownIn.NO_PROP:
        lines.append(ScoreLine("nobody props: the hand is thrown in (S5)", 0))
        if taken:
            lines.append(ScoreLine("the offers taken are not paid: somebody held (S3)", 0))
        taken = []  # void since the hold: nothing is settled
    for offer in taken:
        maker, taker, amount = SEAT_NAMES[offer.seat], SEAT_NAMES[offer.taker], offer.amount
        if offer.kind == PAY:
            payer, payee = offer.seat, offer.taker
            label = f"{maker}'s 'pay {amount}' taken by {taker}: {maker} pays {taker} {amount} (S3)"
        else:
            payer, payee = offer.taker, offer.seat
            label = f"{maker}'s 'throw {amount}' taken by {taker}: {taker} pays {maker} {amount} (S3)"
        scores[payer] -= amount
        scores[payee] += amount
        lines.append(ScoreLine(label, amount))
    if state.thrown_in is ThrownIn.BARGAIN:
        lines.append(ScoreLine("an offer was taken and nobody held: the hand is thrown in (S3)", 0))
    return HandResult(
        sides=tuple((seat,) for seat in range(PLAYERS)),
        card_points=(),
        tricks=(),
        scores=tuple(scores),
        lines=tuple(lines),
        thrown_in=True,
    )


def hand_scores(
    cards: list[int], tricks: list[int], last: int, discard: int, discarder: int, team: tuple[int, ...]
) -> tuple[list[int], list[int], tuple[int, ...]]:
    """S4/S5, S9 and S10 from the sides' won cards after C4 (``cards``, side 0 the Declarers';
    changed in place) and tricks, the side that won the ``last`` trick and the ``discard``, which
    counts for the side of its ``discarder``: each side's card points and total, and each seat's
    score. The one count the score sheet and the playout kernel make."""
    cards[discarder] |= discard
    points = [points_of(cards[0], _VALUE_MASKS), points_of(cards[1], _VALUE_MASKS)]
    totals = [side_total(points[side], tricks[side], side == last) for side in (0, 1)]
    return points, totals, seat_scores(totals[0], team)


def score(state: SicilianState) -> HandResult:
    """The result of a finished hand; its lines are worded when read (``SicilianSheet``)."""
    if state.thrown_in is not ThrownIn.NO:
        return _thrown_in(state)
    team = declarers(state)
    side_of = [0 if seat in team else 1 for seat in range(PLAYERS)]
    played = state.tricks
    cards, tricks, fool_seat, fool_trick, moved = settled(played, side_of, FOOL, PAY_ORDER)
    last = side_of[played[-1].winner]
    points, totals, scores = hand_scores(cards, tricks, last, state.discard, side_of[state.discarder], team)
    fool_side = side_of[played[fool_trick].winner] if moved >= 0 else -1
    sheet = SicilianSheet(
        team, state.mode, state.discarder, state.discard, fool_seat, fool_trick, fool_side, moved,
        points, tricks, totals, last,
    )  # fmt: skip
    both = sides(team[0], team[1] if len(team) == 2 else -1)
    return HandResult(both, (points[0], points[1]), (tricks[0], tricks[1]), scores, (), False, sheet)


class SicilianSheet:
    """A played hand's score sheet as typed facts (``hand_scores``' and C4's), worded when read."""

    def __init__(
        self,
        team: tuple[int, ...],
        mode: Mode,
        discarder: int,
        discard: int,
        fool_seat: int,
        fool_trick: int,
        fool_side: int,
        moved: int,
        points: list[int],
        tricks: list[int],
        totals: list[int],
        last: int,
    ) -> None:
        self.team = team
        self.mode = mode
        self.discarder = discarder
        self.discard = discard
        self.fool_seat = fool_seat
        self.fool_trick = fool_trick
        self.fool_side = fool_side
        """The side that won the Fool's trick; ``moved``: the card that went over to it (-1: none)."""
        self.moved = moved
        self.points = points
        self.tricks = tricks
        self.totals = totals
        self.last = last

    def lines(self) -> tuple[ScoreLine, ...]:
        """The lines: C4's card, the discard (S4/S5), each side's addends and total (S9), S10."""
        lines: list[ScoreLine] = []
        moved = self.moved
        if moved >= 0:
            paid = None if moved == FOOL else DECK.cards[moved].code
            to = f"the {SIDE_NAMES[self.fool_side]}"
            label = fool_label(SEAT_NAMES[self.fool_seat], to, paid, self.fool_trick)
            lines.append(ScoreLine(label, VALUES[moved], self.fool_side))
        # S4/S5: the discard counts for whoever laid it aside (card points, not a trick).
        who = "the Declarer" if self.mode is Mode.SOLO else "the Dealer"
        label = f"{who}'s discard ({DECK.codes(self.discard)}), for {SEAT_NAMES[self.discarder]}"
        discarder_side = 0 if self.discarder in self.team else 1
        lines.append(ScoreLine(label, points_of(self.discard, _VALUE_MASKS), discarder_side))
        # Each side's lines add up to its total: the Fool's card and the discard above are in its
        # card points, so the line of the cards won in play says the rest.
        included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
        for side in (0, 1):
            lines.append(ScoreLine("card points won in play", self.points[side] - included[side], side))
            lines.append(ScoreLine("tricks, 1 each", self.tricks[side], side))
            if side == self.last:
                lines.append(ScoreLine("last trick", LAST_TRICK_BONUS, side))
            lines.append(ScoreLine("total", self.totals[side], side))
        d = self.totals[0] - HALF
        lines.append(ScoreLine(f"d = {self.totals[0]} - {HALF} (S9)", d, 0))
        names = " and ".join(SEAT_NAMES[s] for s in self.team)
        if len(self.team) == 2:
            label = f"2 v 2: each Declarer ({names}) {d:+d}, each Defender {-d:+d} (S10)"
        else:
            label = f"1 v 3: the Declarer ({names}) {3 * d:+d}, each Defender {-d:+d} (S10)"
        lines.append(ScoreLine(label, d, 0))
        return tuple(lines)
