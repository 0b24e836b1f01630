"""Counting and scoring a finished hand: the Fool's settlement (C4), stock and discards (T5),
the pair count and the Honours target (T8), the score formula and settlement (T10)."""

from __future__ import annotations

from collections.abc import Callable

from tarocchi.core.fool import gather
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.core.words import plural
from tarocchi.games.taroux.play import declarers
from tarocchi.games.taroux.rules import (
    AGAINST,
    BID_MULTIPLIER,
    BID_NAMES,
    CONTRA_MULTIPLIER,
    CONTRA_NAMES,
    DECK,
    FOOL,
    HONOURS,
    MAGICIAN,
    PAY_ORDER,
    PLAYERS,
    SEAT_NAMES,
    SHORT_BID_NAMES,
    SLAM_ANNOUNCED,
    SLAM_UNANNOUNCED,
    SPARROW_ANNOUNCED,
    SPARROW_UNANNOUNCED,
    TAKE,
    TARGETS,
    TRICKS,
    VALUES,
    WIN_BONUS,
    abundance,
)
from tarocchi.games.taroux.state import TarouxState

DECLARERS, DEFENDERS = 0, 1
TIMES = "\u00d7"
"""The multiplication sign of the score sheet ("x 4 Without" as the issue writes it)."""


def count(cards: list[tuple[int, int]]) -> int:
    """T8: card values counted in pairs, one point off per pair."""
    return sum(VALUES[card] for card, _ in cards) - len(cards) // 2


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
    """The result of a finished hand, with every line labelled."""
    if not state.tricks:
        return thrown_in(state)
    side_mask = declarers(state.bidder)

    def side(seat: int) -> int:
        return DECLARERS if side_mask >> seat & 1 else DEFENDERS

    sides = tuple(tuple(seat for seat in range(PLAYERS) if side(seat) == i) for i in (DECLARERS, DEFENDERS))
    gathered = gather(state.tricks, sides, FOOL, PAY_ORDER)
    piles, won = gathered.cards, gathered.tricks
    lines: list[ScoreLine] = []
    if gathered.moved is not None:
        assert gathered.fool is not None
        seat, to, moved = gathered.fool.seat, gathered.fool.winner, gathered.moved
        if moved[0] == FOOL:
            label = f"{SEAT_NAMES[seat]}'s side won no trick: the Fool goes to the {_SIDE[to]} (C4)"
        else:
            paid = DECK.codes(1 << moved[0])
            label = f"for {SEAT_NAMES[seat]}'s Fool, {paid} goes to the {_SIDE[to]} (C4)"
        lines.append(ScoreLine(label, VALUES[moved[0]], to))

    # T5: the discards (We'll Take) or the stock (Without, Against), and who gets them.
    contract = state.high
    set_aside = 0
    for mask in state.discards:
        set_aside |= mask
    set_aside |= state.stock_left
    if set_aside:
        owner = DEFENDERS if contract == AGAINST else DECLARERS
        what = "the discards" if contract == TAKE else "the stock"
        label = f"{what} ({DECK.codes(set_aside)}) count for the {_SIDE[owner]} (T5)"
        if won[owner] == 0:
            owner = 1 - owner
            label = (
                f"{what} ({DECK.codes(set_aside)}): the {_SIDE[1 - owner]} won no trick, "
                f"so they go to the {_SIDE[owner]} (T5)"
            )
        extra = [(card, TRICKS) for card in range(DECK.size) if set_aside >> card & 1]
        piles[owner].extend(extra)
        lines.append(ScoreLine(label, sum(VALUES[c] for c, _ in extra), owner))

    points = (count(piles[DECLARERS]), count(piles[DEFENDERS]))
    honours = sum(1 for card, _ in piles[DECLARERS] if HONOURS >> card & 1)
    target = TARGETS[honours]
    # Each side's lines add up to its total: the Fool's card and the cards set aside above are in
    # its pile, so the line of the cards won in play says the rest; then a point off per pair.
    for owner in (DECLARERS, DEFENDERS):
        above = sum(line.value for line in lines if line.side == owner)
        in_play = sum(VALUES[card] for card, _ in piles[owner]) - above
        pairs = len(piles[owner]) // 2
        lines.append(ScoreLine("card points won in play", in_play, owner))
        lines.append(ScoreLine(f"one off for each of {plural(pairs, 'pair')} of cards (T8)", -pairs, owner))
        lines.append(ScoreLine("total", points[owner], owner))
    lines.append(
        ScoreLine(f"target with {honours} Honour{'s' * (honours != 1)}: {target} (T8)", target, DECLARERS)
    )
    made = points[DECLARERS] >= target
    margin = abs(points[DECLARERS] - target)
    base = WIN_BONUS + margin
    verb = "won" if made else "lost"
    lines.append(ScoreLine(f"{verb} by {margin}: {WIN_BONUS} + {margin}", base if made else -base, DECLARERS))
    r = base if made else -base

    r += _sparrow(state, side, lines)
    multiplier = BID_MULTIPLIER[contract]
    r *= multiplier
    lines.append(ScoreLine(f"{TIMES} {multiplier} {SHORT_BID_NAMES[contract]}", r, DECLARERS))
    if state.contra:
        r *= CONTRA_MULTIPLIER[state.contra]
        lines.append(
            ScoreLine(f"{CONTRA_NAMES[state.contra]} {TIMES} {CONTRA_MULTIPLIER[state.contra]}", r, DECLARERS)
        )

    for seat in range(PLAYERS):
        shown = state.shown[seat].bit_count()
        if shown:
            value, name = abundance(shown)
            signed = value if made else -value
            gainer = _SIDE[DECLARERS if made else DEFENDERS]
            label = f"Abundance {value} ({name}, {SEAT_NAMES[seat]}, {shown} trumps), for the {gainer} (T10)"
            lines.append(ScoreLine(label, signed, DECLARERS))
            r += signed

    tricks = (won[DECLARERS], won[DEFENDERS])
    r += _slam(state, tricks, lines)
    if r >= 0:
        settlement = f"each Defender pays {r}, each Declarer gets 2 {TIMES} {r} = {2 * r} (T10)"
    else:
        settlement = f"each Declarer pays 2 {TIMES} {-r} = {-2 * r}, each Defender gets {-r} (T10)"
    lines.append(ScoreLine(settlement, r, DECLARERS))
    scores = tuple(2 * r if side(seat) == DECLARERS else -r for seat in range(PLAYERS))
    return HandResult(
        sides=sides,
        card_points=points,
        tricks=tricks,
        scores=scores,
        lines=tuple(lines),
    )


_SIDE = ("Declarers", "Defenders")


def _sparrow(state: TarouxState, side: Callable[[int], int], lines: list[ScoreLine]) -> int:
    """T9/T10: the Magician in the last trick, won by its holder's side; signed for the Declarers."""
    last = state.tricks[-1]
    achieved = -1
    if MAGICIAN in last.cards:
        holder = (last.leader + last.cards.index(MAGICIAN)) % PLAYERS
        if side(holder) == side(last.winner):
            achieved = holder
    announcer = state.sparrow
    if announcer >= 0:
        sign = 1 if side(announcer) == DECLARERS else -1
        won = achieved == announcer
        value = sign * SPARROW_ANNOUNCED if won else -sign * SPARROW_ANNOUNCED
        how = "won" if won else "failed"
        lines.append(
            ScoreLine(f"Sparrow announced by {SEAT_NAMES[announcer]}, {how}: {value:+d}", value, DECLARERS)
        )
        return value
    if achieved >= 0:
        value = SPARROW_UNANNOUNCED if side(achieved) == DECLARERS else -SPARROW_UNANNOUNCED
        lines.append(
            ScoreLine(f"Sparrow won unannounced by {SEAT_NAMES[achieved]}: {value:+d}", value, DECLARERS)
        )
        return value
    return 0


def _slam(state: TarouxState, tricks: tuple[int, int], lines: list[ScoreLine]) -> int:
    """T10: announced +400 if the Declarers take every trick, else -400; unannounced, 200 for the
    side that took every trick. Never multiplied."""
    if state.slam >= 0:
        won = tricks[DECLARERS] == TRICKS
        value = SLAM_ANNOUNCED if won else -SLAM_ANNOUNCED
        how = "won" if won else "failed"
        lines.append(
            ScoreLine(f"Slam announced by {SEAT_NAMES[state.slam]}, {how}: {value:+d}", value, DECLARERS)
        )
        return value
    for taker, sign in ((DECLARERS, 1), (DEFENDERS, -1)):
        if tricks[taker] == TRICKS:
            value = sign * SLAM_UNANNOUNCED
            lines.append(
                ScoreLine(
                    f"Slam unannounced, every trick to the {_SIDE[taker]}: {value:+d}", value, DECLARERS
                )
            )
            return value
    return 0
