"""Counting and scoring a finished hand (B4, B5, B7): only the contract's value scores."""

from __future__ import annotations

from typing import Final

from tarocchi.core.fool import won_by_sides
from tarocchi.core.protocol import HandResult, ScoreLine
from tarocchi.core.tricks import Trick
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
    sides,
    stake,
)
from tarocchi.games.taroinche.state import TaroincheFields, TaroincheState

_WINNER: Final = 2
"""A ``Trick``'s winner, read by position (compiled: a C read, not a Python attribute's)."""
assert Trick._fields[_WINNER] == "winner"


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
    """The result of a finished hand; its lines are worded when read (``TaroincheSheet``)."""
    s: TaroincheFields = state
    bid = s.bid
    if bid is None:
        return HandResult(
            sides=((), tuple(range(PLAYERS))),
            card_points=(0, 0),
            tricks=(0, 0),
            scores=(0,) * PLAYERS,
            lines=(ScoreLine("all five passed: thrown in, no score; it counts as a hand (B3, C2)", 0),),
            thrown_in=True,
        )
    taker, partner = s.taker, s.partner
    trump = bid.trump
    attack = (taker,) if taker == partner else (taker, partner)  # the taker first, as the records have it
    defence = sides(taker, partner)[1]
    seats = [side_of(seat, taker, partner) for seat in range(PLAYERS)]
    played = s.tricks
    won, tricks, _, _ = won_by_sides(played, seats, -1)  # B1: no Fool
    last = seats[played[-1][_WINNER]] if len(played) == TRICKS else -1
    laid, laid_side = set_aside(bid.mode, s.discard, s.dog)
    attack_total, contract_made, scores = attack_scores(
        won[0], tricks[0], last == 0, laid if laid_side == 0 else 0, s.belote >= 0,
        trump, bid.value, s.coinche, taker, partner,
    )  # fmt: skip
    points = [card_points(trump, won[0]), card_points(trump, won[1])]
    if last >= 0:
        points[last] += LAST_TRICK
    points[laid_side] += card_points(trump, laid)
    sheet = TaroincheSheet(
        state, defence, last, laid, laid_side, points, tricks, attack_total, contract_made, scores
    )
    return HandResult(
        (attack, defence), (points[0], points[1]), (tricks[0], tricks[1]), scores, (), False, sheet
    )


def attack_scores(
    won: int,
    tricks: int,
    last: bool,
    laid: int,
    belote: bool,
    trump: int,
    value: int,
    coinche: int,
    taker: int,
    partner: int,
) -> tuple[int, bool, tuple[int, ...]]:
    """B7 from what the attack won (``won`` its cards, ``tricks`` its tricks, ``last`` the sixth
    trick) and holds (``laid`` the set-aside cards that count for it, B4; its ``belote``, B5):
    its points (``rules.attack_points``), whether it made the contract of ``value`` and each
    seat's score at the ``coinche``. The one count the score sheet and the playout kernel make."""
    points = attack_points(won, trump, last, laid, belote)
    contract_made = made(value, points, tricks)
    unit = stake(value, coinche)
    return points, contract_made, seat_scores(unit if contract_made else -unit, taker, partner)


class TaroincheSheet:
    """A played hand's score sheet as typed facts (the contract, ``attack_scores``' count),
    worded when read."""

    def __init__(
        self,
        state: TaroincheFields,
        defence: tuple[int, ...],
        last: int,
        laid: int,
        laid_side: int,
        points: list[int],
        tricks: list[int],
        attack_total: int,
        contract_made: bool,
        scores: tuple[int, ...],
    ) -> None:
        bid = state.bid
        assert bid is not None
        self.trump = bid.trump
        self.mode = bid.mode
        self.value = bid.value
        self.coinche = state.coinche
        self.taker = state.taker
        self.partner = state.partner
        self.belote = state.belote
        self.played = len(state.tricks)
        self.defence = defence
        self.last = last
        """The side that won the sixth trick (-1: a Capot stopped before it)."""
        self.laid = laid
        self.laid_side = laid_side
        self.points = points
        """Each side's card points, the last trick and the cards laid aside with its side's."""
        self.tricks = tricks
        self.attack_total = attack_total
        self.contract_made = contract_made
        self.scores = scores

    def lines(self) -> tuple[ScoreLine, ...]:
        """The lines: the last trick and the cards laid aside (B1, B4), each side's card points,
        the belote (B5), the verdict and what each seat scores (B7)."""
        lines: list[ScoreLine] = []
        points, taker, partner = self.points, self.taker, self.partner
        if self.last >= 0:
            lines.append(ScoreLine("last trick, dix de der (B1)", LAST_TRICK, self.last))
        laid = self.laid
        if self.mode == WITH:
            label = f"the taker's discard {DECK.codes(laid)}, With: for the attack (B4)"
        else:
            whose = "the attack" if self.laid_side == 0 else "the defence"
            label = f"the dog {DECK.codes(laid)}, {MODE_NAMES[self.mode].capitalize()}: for {whose} (B4)"
        lines.append(ScoreLine(label, card_points(self.trump, laid), self.laid_side))
        # As in every game's sheet (docs/design.md "Score sheets"): each side's lines add up to its
        # total, so the line of the cards won in play leaves out the lines above (last trick, dog).
        included = [sum(line.value for line in lines if line.side == side) for side in (0, 1)]
        lines.append(ScoreLine("card points won in play", points[0] - included[0], 0))
        if self.belote >= 0:
            king_queen = DECK.codes(belote_pair(self.trump))
            label = f"belote {king_queen} ({SEAT_NAMES[self.belote]}): for the attack (B5)"
            lines.append(ScoreLine(label, BELOTE, 0))
        lines.append(ScoreLine("total", self.attack_total, 0))
        lines.append(ScoreLine("card points won in play", points[1] - included[1], 1))
        lines.append(ScoreLine("total", points[1], 1))
        outcome = "made" if self.contract_made else "failed"
        value = self.value
        if value == CAPOT:
            won = self.tricks[0]
            verdict = f"the attack took {won} of {plural(self.played, 'trick')}: Capot {outcome} (B7)"
            lines.append(ScoreLine(verdict, won, 0))
        else:
            lines.append(ScoreLine(f"the attack needed {value}: {outcome} (B7)", self.attack_total, 0))
        scored = scored_value(value)
        lines.append(ScoreLine(f"contract value {value}" + (" scores as 80" if value == 82 else ""), scored))
        multiplier = COINCHE_MULTIPLIERS[self.coinche]
        if self.coinche:
            lines.append(ScoreLine(f"{COINCHE_WORDS[self.coinche]} x{multiplier} (B7)", multiplier))
        scores = self.scores
        worth = f"{multiplier} x {scored}" if multiplier > 1 else str(scored)
        if taker == partner:
            lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}, solo: four times {worth}", scores[taker], 0))
        else:
            lines.append(ScoreLine(f"taker {SEAT_NAMES[taker]}: twice {worth}", scores[taker], 0))
            lines.append(ScoreLine(f"partner {SEAT_NAMES[partner]}: {worth}", scores[partner], 0))
        names = ", ".join(SEAT_NAMES[s] for s in self.defence)
        lines.append(ScoreLine(f"each defender ({names}): {worth}", scores[self.defence[0]], 1))
        return tuple(lines)
