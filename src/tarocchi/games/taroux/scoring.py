"""Counting and scoring a finished hand: the Fool's settlement (C4), stock and discards (T5),
the pair count and the Honours target (T8), the score formula and settlement (T10)."""

from __future__ import annotations

from tarocchi.core.fool import gather
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
    seat_scores,
    set_aside_side,
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


def score(state: TarouxState) -> HandResult:
    """The result of a finished hand, with every line labelled: the addends of the scores
    that ``rules`` works out (``counted``, ``target``, ``won_or_lost``, ``sparrow``, ``slam``,
    ``declarers_score``, ``seat_scores``), the ones the playout kernel works out too."""
    if not state.tricks:
        return thrown_in(state)
    side = declarers(state.bidder)
    sides = tuple(tuple(seat for seat in range(PLAYERS) if (side >> seat & 1) == 1 - i) for i in (0, 1))
    gathered = gather(state.tricks, sides, FOOL, PAY_ORDER)
    piles, won = gathered.cards, gathered.tricks
    tricks = (won[DECLARERS], won[DEFENDERS])
    lines: list[ScoreLine] = []
    if gathered.moved is not None:
        assert gathered.fool is not None
        seat, to, moved = gathered.fool.seat, gathered.fool.winner, gathered.moved
        if moved[0] == FOOL:
            label = f"{SEAT_NAMES[seat]}'s side won no trick: the Fool goes to the {SIDE_NAMES[to]} (C4)"
        else:
            paid = DECK.codes(1 << moved[0])
            label = f"for {SEAT_NAMES[seat]}'s Fool, {paid} goes to the {SIDE_NAMES[to]} (C4)"
        lines.append(ScoreLine(label, VALUES[moved[0]], to))

    masks = [0, 0]
    for owner in (DECLARERS, DEFENDERS):
        for card, _ in piles[owner]:
            masks[owner] |= 1 << card
    contract = state.high
    set_aside = state.stock_left
    for mask in state.discards:
        set_aside |= mask
    if set_aside:
        owner = set_aside_side(contract, tricks)
        what = "the discards" if contract == TAKE else "the stock"
        if owner == set_aside_side(contract, (1, 1)):  # where they go when both sides won a trick
            label = f"{what} ({DECK.codes(set_aside)}) count for the {SIDE_NAMES[owner]} (T5)"
        else:
            label = (
                f"{what} ({DECK.codes(set_aside)}): the {SIDE_NAMES[1 - owner]} won no trick, "
                f"so they go to the {SIDE_NAMES[owner]} (T5)"
            )
        masks[owner] |= set_aside
        lines.append(ScoreLine(label, card_values(set_aside), owner))

    points = (counted(masks[DECLARERS]), counted(masks[DEFENDERS]))
    # Each side's lines add up to its total: the Fool's card and the cards set aside above are in
    # its pile, so the line of the cards won in play says the rest; then a point off per pair.
    for owner in (DECLARERS, DEFENDERS):
        above = sum(line.value for line in lines if line.side == owner)
        in_play = card_values(masks[owner]) - above
        pairs = masks[owner].bit_count() // 2
        lines.append(ScoreLine("card points won in play", in_play, owner))
        lines.append(ScoreLine(f"one off for each of {plural(pairs, 'pair')} of cards (T8)", -pairs, owner))
        lines.append(ScoreLine("total", points[owner], owner))
    needed = target(masks[DECLARERS])
    honours = (masks[DECLARERS] & HONOURS).bit_count()
    lines.append(
        ScoreLine(f"target with {honours} Honour{'s' * (honours != 1)}: {needed} (T8)", needed, DECLARERS)
    )
    base = won_or_lost(points[DECLARERS], needed)
    made = base > 0
    margin = abs(base) - WIN_BONUS
    lines.append(
        ScoreLine(f"{'won' if made else 'lost'} by {margin}: {WIN_BONUS} + {margin}", base, DECLARERS)
    )

    sparrow_value = _sparrow(state, side, lines)
    multiplier = BID_MULTIPLIER[contract]
    lines.append(
        ScoreLine(
            f"{TIMES} {multiplier} {SHORT_BID_NAMES[contract]}",
            multiplied(base, sparrow_value, contract, 0),
            DECLARERS,
        )
    )
    if state.contra:
        lines.append(
            ScoreLine(
                f"{CONTRA_NAMES[state.contra]} {TIMES} {CONTRA_MULTIPLIER[state.contra]}",
                multiplied(base, sparrow_value, contract, state.contra),
                DECLARERS,
            )
        )

    abundances = 0
    for seat in range(PLAYERS):
        shown = state.shown[seat].bit_count()
        if shown:
            value, name = abundance(shown)
            abundances += value
            gainer = SIDE_NAMES[DECLARERS if made else DEFENDERS]
            label = f"Abundance {value} ({name}, {SEAT_NAMES[seat]}, {shown} trumps), for the {gainer} (T10)"
            lines.append(ScoreLine(label, value if made else -value, DECLARERS))

    slam_value = slam(state.slam >= 0, tricks)
    if state.slam >= 0:
        how = "won" if slam_value > 0 else "failed"
        label = f"Slam announced by {SEAT_NAMES[state.slam]}, {how}: {slam_value:+d}"
        lines.append(ScoreLine(label, slam_value, DECLARERS))
    elif slam_value:
        taker = DECLARERS if slam_value > 0 else DEFENDERS
        label = f"Slam unannounced, every trick to the {SIDE_NAMES[taker]}: {slam_value:+d}"
        lines.append(ScoreLine(label, slam_value, DECLARERS))
    r = declarers_score(base, sparrow_value, contract, state.contra, abundances, slam_value)
    if r >= 0:
        settlement = f"each Defender pays {r}, each Declarer gets 2 {TIMES} {r} = {2 * r} (T10)"
    else:
        settlement = f"each Declarer pays 2 {TIMES} {-r} = {-2 * r}, each Defender gets {-r} (T10)"
    lines.append(ScoreLine(settlement, r, DECLARERS))
    return HandResult(
        sides=sides,
        card_points=points,
        tricks=tricks,
        scores=seat_scores(r, side),
        lines=tuple(lines),
    )


def _sparrow(state: TarouxState, side: int, lines: list[ScoreLine]) -> int:
    """T9/T10: the Magician in the last trick (``rules.sparrow_winner``, ``rules.sparrow``), with
    its line; signed for the Declarers."""
    last = state.tricks[-1]
    holder = (last.leader + last.cards.index(MAGICIAN)) % PLAYERS if MAGICIAN in last.cards else -1
    achieved = sparrow_winner(holder, last.winner, side)
    announcer = state.sparrow
    value = sparrow(announcer, achieved, side)
    if announcer >= 0:
        how = "won" if achieved == announcer else "failed"
        label = f"Sparrow announced by {SEAT_NAMES[announcer]}, {how}: {value:+d}"
        lines.append(ScoreLine(label, value, DECLARERS))
    elif value:
        lines.append(
            ScoreLine(f"Sparrow won unannounced by {SEAT_NAMES[achieved]}: {value:+d}", value, DECLARERS)
        )
    return value
