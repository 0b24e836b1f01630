"""Counting and scoring a finished hand (B4, B5, B7): only the contract's value scores."""

from __future__ import annotations

from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.core.words import plural
from tarocchi.games.taroinche.rules import (
    BELOTE,
    CAPOT,
    COINCHE_MULTIPLIERS,
    COINCHE_WORDS,
    DECK,
    LAST_TRICK,
    MODE_NAMES,
    PLAYERS,
    SEAT_NAMES,
    TRICKS,
    TRUMP_NAMES,
    WITH,
    attack_points,
    belote_pair,
    card_points,
    made,
    scored_value,
    seat_scores,
    set_aside,
    side_of,
    stake,
)
from tarocchi.games.taroinche.state import TaroincheState


def describe(state: TaroincheState) -> str:
    """The contract in words: ``90 ♥ without, West with North-East`` (or ``... solo``)."""
    bid = state.bid
    if bid is None:
        return "no bid yet"
    value = "Capot" if bid.value == CAPOT else str(bid.value)
    who = SEAT_NAMES[state.taker]
    team = f"{who} solo" if state.partner == state.taker else f"{who} with {SEAT_NAMES[state.partner]}"
    return f"{value} {TRUMP_NAMES[bid.trump]} {MODE_NAMES[bid.mode]}, {team}"


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
    won = [0, 0]
    tricks = [0, 0]
    for trick in state.tricks:
        side = side_of(trick.winner, taker, partner)
        tricks[side] += 1
        won[side] |= sum(1 << c for c in trick.cards)
    points = [card_points(bid.trump, won[0]), card_points(bid.trump, won[1])]
    lines: list[ScoreLine] = []
    last = side_of(state.tricks[-1].winner, taker, partner) if len(state.tricks) == TRICKS else -1
    if last >= 0:
        points[last] += LAST_TRICK
        lines.append(ScoreLine("last trick, dix de der (B1)", LAST_TRICK, last))
    laid, laid_side = set_aside(bid.mode, state.discard, state.dog)
    if bid.mode == WITH:
        label = f"the taker's discard {DECK.codes(laid)}, With: for the attack (B4)"
    else:
        whose = "the attack" if laid_side == 0 else "the defence"
        label = f"the dog {DECK.codes(laid)}, {MODE_NAMES[bid.mode].capitalize()}: for {whose} (B4)"
    laid_points = card_points(bid.trump, laid)
    points[laid_side] += laid_points
    lines.append(ScoreLine(label, laid_points, laid_side))
    # As in every game's sheet (docs/design.md "Score sheets"): each side's lines add up to its
    # total, so the line of the cards won in play leaves out the lines above (last trick, dog).
    included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
    lines.append(ScoreLine("card points won in play", points[0] - included[0], 0))
    if state.belote >= 0:
        king_queen = DECK.codes(belote_pair(bid.trump))
        lines.append(
            ScoreLine(f"belote {king_queen} ({SEAT_NAMES[state.belote]}): for the attack (B5)", BELOTE, 0)
        )
    attack_total = attack_points(
        won[0], bid.trump, last == 0, laid if laid_side == 0 else 0, state.belote >= 0
    )
    lines.append(ScoreLine("total", attack_total, 0))
    lines.append(ScoreLine("card points won in play", points[1] - included[1], 1))
    lines.append(ScoreLine("total", points[1], 1))
    contract_made = made(bid.value, attack_total, tricks[0])
    outcome = "made" if contract_made else "failed"
    if bid.value == CAPOT:
        played = len(state.tricks)
        verdict = f"the attack took {tricks[0]} of {plural(played, 'trick')}: Capot {outcome} (B7)"
        lines.append(ScoreLine(verdict, tricks[0], 0))
    else:
        lines.append(ScoreLine(f"the attack needed {bid.value}: {outcome} (B7)", attack_total, 0))
    value = scored_value(bid.value)
    lines.append(
        ScoreLine(f"contract value {bid.value}" + (" scores as 80" if bid.value == 82 else ""), value)
    )
    multiplier = COINCHE_MULTIPLIERS[state.coinche]
    if state.coinche:
        lines.append(ScoreLine(f"{COINCHE_WORDS[state.coinche]} x{multiplier} (B7)", multiplier))
    unit = stake(bid.value, state.coinche) if contract_made else -stake(bid.value, state.coinche)
    scores = seat_scores(unit, taker, partner)
    worth = f"{multiplier} x {value}" if multiplier > 1 else str(value)
    if taker == partner:
        lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}, solo: four times {worth}", scores[taker], 0))
    else:
        lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}: twice {worth}", scores[taker], 0))
        lines.append(ScoreLine(f"partner {SEAT_NAMES[partner]}: {worth}", scores[partner], 0))
    names = ", ".join(SEAT_NAMES[s] for s in defence)
    lines.append(ScoreLine(f"each defender ({names}): {worth}", -unit, 1))
    return HandResult(
        sides=(attack, defence),
        card_points=(points[0], points[1]),
        tricks=(tricks[0], tricks[1]),
        scores=scores,
        lines=tuple(lines),
    )
