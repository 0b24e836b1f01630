"""Taroinche's scoring rules as the functions the score sheet and the playout kernel both call,
each checked on values worked out by hand from B1, B4, B5 and B7."""

from __future__ import annotations

from tarocchi.games.taroinche.rules import (
    AGAINST,
    CAPOT,
    DECK,
    NO_TRUMP,
    WITH,
    WITHOUT,
    attack_points,
    card_points,
    made,
    seat_scores,
    set_aside,
    stake,
)

HEARTS = 1


def mask(*codes: str) -> int:
    return sum(1 << DECK.card(code).index for code in codes)


def test_B1_card_points_by_the_contract() -> None:
    assert card_points(HEARTS, mask("JH", "9H", "JS")) == 20 + 14 + 2
    assert card_points(NO_TRUMP, mask("AS", "10S", "7S")) == 19 + 10


def test_B4_what_is_laid_aside_and_for_whom() -> None:
    discard, dog = mask("AS"), mask("7C", "8C")
    assert set_aside(WITH, discard, dog) == (discard, 0)
    assert set_aside(WITHOUT, discard, dog) == (dog, 0)
    assert set_aside(AGAINST, discard, dog) == (dog, 1)


def test_B1_B4_B5_attack_points() -> None:
    # Won JH (20) and AS (11), the dog's 10S (10), the last trick 10, the belote 20.
    assert attack_points(mask("JH", "AS"), HEARTS, True, mask("10S"), True) == 71
    assert attack_points(mask("JH", "AS"), HEARTS, False, 0, False) == 31


def test_B7_made_stake_and_seat_scores() -> None:
    assert made(90, 90, 2) and not made(90, 89, 6)
    assert made(CAPOT, 0, 6) and not made(CAPOT, 162, 5)
    assert stake(82, 0) == 80 and stake(100, 1) == 200 and stake(CAPOT, 2) == 1000
    assert seat_scores(100, 0, 2) == (200, -100, 100, -100, -100)
    assert seat_scores(-80, 3, 3) == (80, 80, 80, -320, 80)
