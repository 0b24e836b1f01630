"""Counting and scoring a finished hand: bargains (S3), the Fool (C4), S9 and S10."""

from __future__ import annotations

from tarocchi.core.fool import gather
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
)
from tarocchi.games.sicilian.state import Mode, SicilianState, ThrownIn


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


def score(state: SicilianState) -> HandResult:
    """The result of a finished hand, with every line labelled."""
    if state.thrown_in is not ThrownIn.NO:
        return _thrown_in(state)
    team = declarers(state)
    sides = (team, tuple(seat for seat in range(PLAYERS) if seat not in team))

    def side_of(seat: int) -> int:
        return 0 if seat in team else 1

    gathered = gather(state.tricks, sides, FOOL, PAY_ORDER)
    piles, tricks = gathered.cards, gathered.tricks
    lines: list[ScoreLine] = []
    if gathered.moved is not None:
        assert gathered.fool is not None
        _, number, _, won = gathered.fool
        moved = gathered.moved
        name = SEAT_NAMES[gathered.fool.seat]
        if moved[0] == FOOL:
            label = f"{name}'s side won no trick: the Fool goes to the {SIDE_NAMES[won]} (C4)"
        else:
            code = DECK.cards[moved[0]].code
            label = f"for {name}'s Fool (trick {number + 1}), {code} goes to the {SIDE_NAMES[won]} (C4)"
        lines.append(ScoreLine(label, VALUES[moved[0]], won))

    # S4/S5: the discard counts for whoever laid it aside (card points, not a trick).
    discarder_side = side_of(state.discarder)
    discard_points = sum(VALUES[card.index] for card in DECK.cards_in(state.discard))
    piles[discarder_side].extend((card.index, -1) for card in DECK.cards_in(state.discard))
    who = "the Declarer" if state.mode is Mode.SOLO else "the Dealer"
    lines.append(
        ScoreLine(
            f"{who}'s discard ({DECK.codes(state.discard)}), for {SEAT_NAMES[state.discarder]}",
            discard_points,
            discarder_side,
        )
    )

    last = side_of(state.tricks[-1].winner)
    card_points = [sum(VALUES[card] for card, _ in pile) for pile in piles]
    points = [side_total(card_points[s], tricks[s], s == last) for s in (0, 1)]
    # Each side's lines add up to its total: the Fool's card and the discard above are in its
    # card points, so the line of the cards won in play says the rest.
    included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
    for side in (0, 1):
        lines.append(ScoreLine("card points won in play", card_points[side] - included[side], side))
        lines.append(ScoreLine("tricks, 1 each", tricks[side], side))
        if side == last:
            lines.append(ScoreLine("last trick", LAST_TRICK_BONUS, side))
        lines.append(ScoreLine("total", points[side], side))

    d = points[0] - HALF
    lines.append(ScoreLine(f"d = {points[0]} - {HALF} (S9)", d, 0))
    scores = seat_scores(points[0], team)
    names = " and ".join(SEAT_NAMES[s] for s in team)
    if len(team) == 2:
        label = f"2 v 2: each Declarer ({names}) {d:+d}, each Defender {-d:+d} (S10)"
    else:
        label = f"1 v 3: the Declarer ({names}) {3 * d:+d}, each Defender {-d:+d} (S10)"
    lines.append(ScoreLine(label, d, 0))
    return HandResult(
        sides=sides,
        card_points=tuple(card_points),
        tricks=(tricks[0], tricks[1]),
        scores=scores,
        lines=tuple(lines),
    )
