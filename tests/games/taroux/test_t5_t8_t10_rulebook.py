"""Taroux's scoring rules as the functions the score sheet and the playout kernel both call,
each checked on values worked out by hand from T5, T8, T9 and T10."""

from __future__ import annotations

from tarocchi.games.taroux.rules import (
    AGAINST,
    DECK,
    TAKE,
    WITHOUT,
    counted,
    declarers,
    declarers_score,
    seat_scores,
    set_aside_side,
    slam,
    sparrow,
    sparrow_winner,
    target,
    won_or_lost,
)


def mask(*codes: str) -> int:
    return sum(1 << DECK.card(code).index for code in codes)


def test_T5_set_aside_cards_go_to_the_declarers_unless_against_or_trickless() -> None:
    assert set_aside_side(TAKE, (3, 9)) == 0
    assert set_aside_side(WITHOUT, (3, 9)) == 0
    assert set_aside_side(AGAINST, (3, 9)) == 1
    assert set_aside_side(TAKE, (0, 12)) == 1  # the Declarers won no trick
    assert set_aside_side(AGAINST, (12, 0)) == 0  # the Defenders won no trick


def test_T8_pairs_count_one_off_and_honours_lower_the_target() -> None:
    # King 5 + Queen 4 + Fool 5 = 14, three cards: one pair, one off.
    assert counted(mask("KW", "QW", "FOOL")) == 13
    assert counted(mask("KW", "QW", "FOOL", "T2")) == 13  # T2 is 1, two pairs: 15 - 2
    assert target(mask("KW")) == 56
    assert target(mask("T1", "KW")) == 51
    assert target(mask("T1", "T21", "FOOL")) == 36


def test_T10_won_or_lost_by_the_margin() -> None:
    assert won_or_lost(60, 56) == 29
    assert won_or_lost(56, 56) == 25
    assert won_or_lost(50, 51) == -26


def test_T9_T10_sparrow() -> None:
    side = declarers(0)  # seats 0 and 3
    assert sparrow_winner(3, 0, side) == 3  # Magician by 3, last trick to 0: the same side
    assert sparrow_winner(3, 1, side) == -1
    assert sparrow_winner(-1, 0, side) == -1
    assert sparrow(-1, 3, side) == 10
    assert sparrow(-1, 1, declarers(0)) == -10  # Defender seat 1 (sides {1,4} defend)
    assert sparrow(3, 3, side) == 20
    assert sparrow(3, -1, side) == -20
    assert sparrow(1, -1, side) == 20  # a Defender announced and failed


def test_T10_slam() -> None:
    assert slam(True, (12, 0)) == 400
    assert slam(True, (11, 1)) == -400
    assert slam(False, (12, 0)) == 200
    assert slam(False, (0, 12)) == -200
    assert slam(False, (6, 6)) == 0


def test_T10_declarers_score_and_settlement() -> None:
    # Won by 4 (29), Sparrow +10, We'll Take Without x4, Contra x2: 312; Small Abundance 20 for the
    # Declarers; no slam: 332. Each Defender pays 332, each Declarer gets 664.
    assert declarers_score(29, 10, WITHOUT, 1, 20, 0) == 332
    # Lost by 1 (-26), We'll Take x2: -52, an Abundance of 20 goes against them: -72.
    assert declarers_score(-26, 0, TAKE, 0, 20, 0) == -72
    assert seat_scores(332, declarers(1)) == (-332, 664, -332, -332, 664, -332)
