"""Counting and scoring a finished hand: the Fool's settlement (C4), stock and discards (T5),
the pair count and the Honours target (T8), the score formula and settlement (T10)."""

from __future__ import annotations

from tarocchi.core.fool import fool_label, settled
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.core.words import plural
from tarocchi.games.taroux.rules import (
    BID_MULTIPLIER,
    BID_NAMES,
    CONTRA_MULTIPLIER,
    CONTRA_NAMES,
    DECK,
    DECLARERS,
    DEFENDERS,
    FOOL,
    HONOURS,
    MAGICIAN,
    PAY_ORDER,
    PLAYERS,
    SEAT_NAMES,
    SHORT_BID_NAMES,
    SIDE_NAMES,
    TAKE,
    VALUES,
    WIN_BONUS,
    abundance,
    card_values,
    counted,
    declarers,
    declarers_score,
    multiplied,
    pairs_of,
    seat_scores,
    set_aside_side,
    sides,
    slam,
    sparrow,
    sparrow_winner,
    target,
    won_or_lost,
)
from tarocchi.games.taroux.state import TarouxState

TIMES = "\u00d7"
"""The multiplication sign of the score sheet ("x 4 Without" as the issue writes it)."""


def thrown_in(state: TarouxState) -> HandResult:
    """C2/T3: nobody bid, or a dummy bid was left highest: a hand with no score."""
    why = "nobody bid" if state.high == 0 else f"{BID_NAMES[state.high]} was left highest"
    return HandResult(
        sides=((0, 3), (1, 4), (2, 5)),
        card_points=(0, 0, 0),
        tricks=(0, 0, 0),
        scores=(0,) * PLAYERS,
        lines=(ScoreLine(f"thrown in: {why} (T3)", 0),),
        thrown_in=True,
    )


class Tally:
    """The steps of a played hand's score (T5, T8, T9, T10) from the sides' won cards after C4
    (``tally``): what the score sheet words and the playout kernel's scores end with."""

    def __init__(
        self,
        cards: list[int],
        set_aside_owner: int,
        points: tuple[int, int],
        needed: int,
        base: int,
        achieved: int,
        sparrow: int,
        slam: int,
        r: int,
    ) -> None:
        self.cards = cards
        """Each side's cards, the set-aside ones with their side's."""
        self.set_aside_owner = set_aside_owner
        self.points = points
        """Each side's pair count (T8)."""
        self.needed = needed
        self.base = base
        self.achieved = achieved
        """The seat that brought the Magician home in the last trick (-1: none)."""
        self.sparrow = sparrow
        self.slam = slam
        self.r = r
        """The Declarers' score (T10), which ``rules.seat_scores`` settles."""


def tally(
    cards: list[int],
    tricks: tuple[int, int],
    set_aside: int,
    contract: int,
    contra: int,
    side: int,
    sparrow_by: int,
    magician_by: int,
    last_winner: int,
    abundances: int,
    slam_by: int,
) -> Tally:
    """A played hand's score from each side's won ``cards`` after C4 (Declarers first, changed
    in place) and ``tricks``: the cards ``set_aside`` go to their side (T5), each side's pairs
    and the Declarers' target (T8), won or lost, the Sparrow (T9: ``magician_by`` played the
    Magician to the last trick, won by ``last_winner``; ``sparrow_by`` announced it), the
    multipliers, the ``abundances`` and the Slam (``slam_by`` announced it) to r (T10); ``side``
    the Declarers' seats. The one count the score sheet and the playout kernel make."""
    owner = set_aside_side(contract, tricks)
    cards[owner] |= set_aside
    points = (counted(cards[DECLARERS]), counted(cards[DEFENDERS]))
    needed = target(cards[DECLARERS])
    base = won_or_lost(points[DECLARERS], needed)
    achieved = sparrow_winner(magician_by, last_winner, side)
    sparrow_value = sparrow(sparrow_by, achieved, side)
    slam_value = slam(slam_by >= 0, tricks)
    r = declarers_score(base, sparrow_value, contract, contra, abundances, slam_value)
    return Tally(cards, owner, points, needed, base, achieved, sparrow_value, slam_value, r)


def set_aside_cards(state: TarouxState) -> int:
    """T5: the cards set aside, which count for a side at the end: the discards at We'll Take,
    else what is left of the stock."""
    set_aside = state.stock_left
    for mask in state.discards:
        set_aside |= mask
    return set_aside


def abundances(shown: tuple[int, ...]) -> int:
    """T10: the points of the Abundances shown (``shown``: each seat's trumps shown, T6)."""
    total = 0
    for trumps in shown:
        total += abundance(trumps.bit_count())[0]
    return total


def score(state: TarouxState) -> HandResult:
    """The result of a finished hand; its lines, the addends of ``tally``'s steps, are worded
    when read (``TarouxSheet``)."""
    played = state.tricks
    if not played:
        return thrown_in(state)
    side = declarers(state.bidder)
    side_of = [DECLARERS if side >> seat & 1 else DEFENDERS for seat in range(PLAYERS)]
    cards, won, fool_seat, fool_trick, moved = settled(played, side_of, FOOL, PAY_ORDER)
    tricks = (won[DECLARERS], won[DEFENDERS])
    set_aside = set_aside_cards(state)
    last = played[-1]
    magician_by = (last.leader + last.cards.index(MAGICIAN)) % PLAYERS if MAGICIAN in last.cards else -1
    counts = tally(
        cards, tricks, set_aside, state.high, state.contra, side, state.sparrow, magician_by,
        last.winner, abundances(state.shown), state.slam,
    )  # fmt: skip
    fool_side = side_of[played[fool_trick].winner] if moved >= 0 else -1
    sheet = TarouxSheet(state, fool_seat, fool_side, moved, set_aside, tricks, counts)
    scores = seat_scores(counts.r, side)
    return HandResult(sides(state.bidder), counts.points, tricks, scores, (), False, sheet)


class TarouxSheet:
    """A played hand's score sheet as typed facts (the contract, C4's card, ``tally``), worded
    when read."""

    def __init__(
        self,
        state: TarouxState,
        fool_seat: int,
        fool_side: int,
        moved: int,
        set_aside: int,
        tricks: tuple[int, int],
        counts: Tally,
    ) -> None:
        self.contract = state.high
        self.contra = state.contra
        self.shown = state.shown
        self.sparrow_by = state.sparrow
        self.slam_by = state.slam
        self.fool_seat = fool_seat
        self.fool_side = fool_side
        """The side that won the Fool's trick; ``moved``: the card that went over to it (-1: none)."""
        self.moved = moved
        self.set_aside = set_aside
        self.tricks = tricks
        self.counts = counts

    def lines(self) -> tuple[ScoreLine, ...]:
        """The lines: C4's card, the cards set aside (T5), each side's addends and pair count
        (T8), the target, the verdict, the Sparrow, the multipliers, Abundances and Slam (T10)."""
        counts, contract = self.counts, self.contract
        lines: list[ScoreLine] = []
        moved = self.moved
        if moved >= 0:
            paid = None if moved == FOOL else DECK.cards[moved].code
            label = fool_label(SEAT_NAMES[self.fool_seat], f"the {SIDE_NAMES[self.fool_side]}", paid)
            lines.append(ScoreLine(label, VALUES[moved], self.fool_side))
        set_aside = self.set_aside
        if set_aside:
            owner = counts.set_aside_owner
            what = "the discards" if contract == TAKE else "the stock"
            if owner == set_aside_side(contract, (1, 1)):  # where they go when both sides won a trick
                label = f"{what} ({DECK.codes(set_aside)}) count for the {SIDE_NAMES[owner]} (T5)"
            else:
                label = (
                    f"{what} ({DECK.codes(set_aside)}): the {SIDE_NAMES[1 - owner]} won no trick, "
                    f"so they go to the {SIDE_NAMES[owner]} (T5)"
                )
            lines.append(ScoreLine(label, card_values(set_aside), owner))
        # Each side's lines add up to its total: the Fool's card and the cards set aside above are in
        # its pile, so the line of the cards won in play says the rest; then a point off per pair.
        for owner in (DECLARERS, DEFENDERS):
            above = sum(line.value for line in lines if line.side == owner)
            pile = counts.cards[owner]
            pairs = pairs_of(pile.bit_count())
            lines.append(ScoreLine("card points won in play", card_values(pile) - above, owner))
            lines.append(
                ScoreLine(f"one off for each of {plural(pairs, 'pair')} of cards (T8)", -pairs, owner)
            )
            lines.append(ScoreLine("total", counts.points[owner], owner))
        needed = counts.needed
        honours = (counts.cards[DECLARERS] & HONOURS).bit_count()
        label = f"target with {honours} Honour{'s' * (honours != 1)}: {needed} (T8)"
        lines.append(ScoreLine(label, needed, DECLARERS))
        base = counts.base
        made = base > 0
        margin = abs(base) - WIN_BONUS
        lines.append(
            ScoreLine(f"{'won' if made else 'lost'} by {margin}: {WIN_BONUS} + {margin}", base, DECLARERS)
        )
        sparrow_value = counts.sparrow
        if self.sparrow_by >= 0:
            how = "won" if counts.achieved == self.sparrow_by else "failed"
            label = f"Sparrow announced by {SEAT_NAMES[self.sparrow_by]}, {how}: {sparrow_value:+d}"
            lines.append(ScoreLine(label, sparrow_value, DECLARERS))
        elif sparrow_value:
            label = f"Sparrow won unannounced by {SEAT_NAMES[counts.achieved]}: {sparrow_value:+d}"
            lines.append(ScoreLine(label, sparrow_value, DECLARERS))
        label = f"{TIMES} {BID_MULTIPLIER[contract]} {SHORT_BID_NAMES[contract]}"
        lines.append(ScoreLine(label, multiplied(base, sparrow_value, contract, 0), DECLARERS))
        if self.contra:
            label = f"{CONTRA_NAMES[self.contra]} {TIMES} {CONTRA_MULTIPLIER[self.contra]}"
            lines.append(ScoreLine(label, multiplied(base, sparrow_value, contract, self.contra), DECLARERS))
        for seat in range(PLAYERS):
            shown = self.shown[seat].bit_count()
            if shown:
                value, name = abundance(shown)
                gainer = SIDE_NAMES[DECLARERS if made else DEFENDERS]
                label = (
                    f"Abundance {value} ({name}, {SEAT_NAMES[seat]}, {shown} trumps), for the {gainer} (T10)"
                )
                lines.append(ScoreLine(label, value if made else -value, DECLARERS))
        slam_value = counts.slam
        if self.slam_by >= 0:
            how = "won" if slam_value > 0 else "failed"
            label = f"Slam announced by {SEAT_NAMES[self.slam_by]}, {how}: {slam_value:+d}"
            lines.append(ScoreLine(label, slam_value, DECLARERS))
        elif slam_value:
            taker = DECLARERS if slam_value > 0 else DEFENDERS
            label = f"Slam unannounced, every trick to the {SIDE_NAMES[taker]}: {slam_value:+d}"
            lines.append(ScoreLine(label, slam_value, DECLARERS))
        r = counts.r
        if r >= 0:
            settlement = f"each Defender pays {r}, each Declarer gets 2 {TIMES} {r} = {2 * r} (T10)"
        else:
            settlement = f"each Declarer pays 2 {TIMES} {-r} = {-2 * r}, each Defender gets {-r} (T10)"
        lines.append(ScoreLine(settlement, r, DECLARERS))
        return tuple(lines)
