"""Counting and scoring a finished hand (B4, B5, B7): only the contract's value scores."""

from __future__ import annotations

from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.core.words import plural
from tarocchi.games.taroinche.rules import (
    BELOTE,
    CAPOT,
    CONTRACTS,
    DECK,
    LAST_TRICK,
    MODE_NAMES,
    PLAYERS,
    SEAT_NAMES,
    TRICKS,
    TRUMP_NAMES,
    WITH,
    WITHOUT,
    belote_pair,
    scored_value,
    side_of,
)
from tarocchi.games.taroinche.state import TaroincheState

MULTIPLIERS = (1, 2, 4)
COINCHE_WORDS = ("", "coinche", "surcoinche")


def describe(state: TaroincheState) -> str:
    """The contract in words: ``90 ♥ without, West with North-East`` (or ``... solo``)."""
    bid = state.bid
    if bid is None:
        return "no bid yet"
    value = "Capot" if bid.value == CAPOT else str(bid.value)
    who = SEAT_NAMES[state.taker]
    team = f"{who} solo" if state.partner == state.taker else f"{who} with {SEAT_NAMES[state.partner]}"
    return f"{value} {TRUMP_NAMES[bid.trump]} {MODE_NAMES[bid.mode]}, {team}"


def _sum(values: tuple[int, ...], mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def score(state: TaroincheState) -> HandResult:
    """The result of a finished hand, every line labelled."""
    bid = state.bid
    if bid is None:
        return HandResult(
            sides=((), tuple(range(PLAYERS))),
            card_points=(0, 0),
            tricks=(0, 0),
            scores=(0,) * PLAYERS,
            lines=(ScoreLine("all five passed: thrown in, no score; it counts as a hand (B3, C2)", 0),),
            thrown_in=True,
        )
    taker, partner = state.taker, state.partner
    attack = (taker,) if taker == partner else (taker, partner)
    defence = tuple(s for s in range(PLAYERS) if s not in attack)
    values = CONTRACTS[bid.trump].values
    points = [0, 0]
    tricks = [0, 0]
    for trick in state.tricks:
        side = side_of(trick.winner, taker, partner)
        tricks[side] += 1
        points[side] += _sum(values, sum(1 << c for c in trick.cards))
    lines: list[ScoreLine] = []
    if len(state.tricks) == TRICKS:
        last = side_of(state.tricks[-1].winner, taker, partner)
        points[last] += LAST_TRICK
        lines.append(ScoreLine("last trick, dix de der (B1)", LAST_TRICK, last))
    if bid.mode == WITH:
        dog_side, label = 0, f"the taker's discard {DECK.codes(state.discard)}, With: for the attack (B4)"
        dog_points = _sum(values, state.discard)
    else:
        dog_side = 0 if bid.mode == WITHOUT else 1
        whose = "the attack" if bid.mode == WITHOUT else "the defence"
        label = f"the dog {DECK.codes(state.dog)}, {MODE_NAMES[bid.mode].capitalize()}: for {whose} (B4)"
        dog_points = _sum(values, state.dog)
    points[dog_side] += dog_points
    lines.append(ScoreLine(label, dog_points, dog_side))
    # As in every game's sheet (docs/design.md "Score sheets"): each side's lines add up to its
    # total, so the line of the cards won in play leaves out the lines above (last trick, dog).
    included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
    attack_points = points[0]
    lines.append(ScoreLine("card points won in play", points[0] - included[0], 0))
    if state.belote >= 0:
        attack_points += BELOTE
        king_queen = DECK.codes(belote_pair(bid.trump))
        lines.append(
            ScoreLine(f"belote {king_queen} ({SEAT_NAMES[state.belote]}): for the attack (B5)", BELOTE, 0)
        )
    lines.append(ScoreLine("total", attack_points, 0))
    lines.append(ScoreLine("card points won in play", points[1] - included[1], 1))
    lines.append(ScoreLine("total", points[1], 1))
    if bid.value == CAPOT:
        made = tricks[0] == TRICKS
        played = len(state.tricks)
        outcome = "made" if made else "failed"
        verdict = f"the attack took {tricks[0]} of {plural(played, 'trick')}: Capot {outcome} (B7)"
        lines.append(ScoreLine(verdict, tricks[0], 0))
    else:
        made = attack_points >= bid.value
        lines.append(
            ScoreLine(f"the attack needed {bid.value}: {'made' if made else 'failed'} (B7)", attack_points, 0)
        )
    value = scored_value(bid.value)
    lines.append(
        ScoreLine(f"contract value {bid.value}" + (" scores as 80" if bid.value == 82 else ""), value)
    )
    multiplier = MULTIPLIERS[state.coinche]
    if state.coinche:
        lines.append(ScoreLine(f"{COINCHE_WORDS[state.coinche]} x{multiplier} (B7)", multiplier))
    unit = (1 if made else -1) * multiplier * value
    stake = f"{multiplier} x {value}" if multiplier > 1 else str(value)
    scores = [0] * PLAYERS
    if taker == partner:
        scores[taker] = 4 * unit
        lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}, solo: four times {stake}", 4 * unit, 0))
    else:
        scores[taker] = 2 * unit
        scores[partner] = unit
        lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}: twice {stake}", 2 * unit, 0))
        lines.append(ScoreLine(f"partner {SEAT_NAMES[partner]}: {stake}", unit, 0))
    for seat in defence:
        scores[seat] = -unit
    names = ", ".join(SEAT_NAMES[s] for s in defence)
    lines.append(ScoreLine(f"each defender ({names}): {stake}", -unit, 1))
    return HandResult(
        sides=(attack, defence),
        card_points=(points[0], points[1]),
        tricks=(tricks[0], tricks[1]),
        scores=tuple(scores),
        lines=tuple(lines),
    )
