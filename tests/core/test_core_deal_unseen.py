"""``deal_unseen`` draws every split the constraints allow equally often (the uniformity
over consistent deals, at the level where the games' resampling draws it).

The case: five unseen cards 0..4 into places of sizes 2, 1 and 2; the first place may not hold
card 1, the second none of cards 0, 3 and 4. Worked by hand: the second place holds card 1 or
card 2. If card 1, the first place takes two of {0, 2, 3, 4}: 6 splits; if card 2, two of
{0, 3, 4} (card 1 is barred): 3 splits. 9 splits in all, each to be drawn 1/9 of the time.
Placing the most constrained cards first, the fallback ``deal_unseen`` once kept for tight cases,
drew them far from evenly here (chi-square above 800 over 6,000 draws); it now counts the allowed
splits instead and draws one by its index.

A tight case, as late in a hand: nine cards, suits A = 0..2, B = 3..5, C = 6..8, into places of
sizes 2, 3 and 4. The first place is void in A and B (two of the three Cs: 3 ways), the second
void in A (three of B and the C left: 4 ways), the third takes the rest: 12 splits. A uniform
split is allowed 12 times in 1,260, so the twenty tries by rejection mostly fail and the count
decides."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from chisquare import chi2_sf

from tarocchi.core import resample
from tarocchi.core.resample import deal_unseen

CAPACITIES = [2, 1, 2]
FORBIDDEN = [1 << 1, (1 << 0) | (1 << 3) | (1 << 4), 0]
DRAWS = 4500
A, B, C = 0b000000111, 0b000111000, 0b111000000
TIGHT_CAPACITIES = [2, 3, 4]
TIGHT_FORBIDDEN = [A | B, A, 0]


def test_chi2_sf_matches_known_values() -> None:
    """Known points of the chi-square distribution (statistics tables): the 5% critical values."""
    for statistic, dof in ((3.841, 1), (5.991, 2), (7.815, 3), (11.070, 5), (15.507, 8)):
        assert abs(chi2_sf(statistic, dof) - 0.05) < 2e-4


def test_the_allowed_splits_are_the_nine_worked_by_hand() -> None:
    splits = set()
    for order in itertools.permutations(range(5)):
        first, second, third = order[:2], order[2:3], order[3:]
        masks = tuple(sum(1 << c for c in part) for part in (first, second, third))
        if all(not mask & bad for mask, bad in zip(masks, FORBIDDEN, strict=True)):
            splits.add(masks)
    assert len(splits) == 9
    assert {masks[1] for masks in splits} == {1 << 1, 1 << 2}


def test_every_allowed_split_is_drawn_equally_often() -> None:
    rng = random.Random(5)
    counts = Counter(tuple(deal_unseen(0b11111, CAPACITIES, FORBIDDEN, rng)) for _ in range(DRAWS))
    assert len(counts) == 9  # every allowed split, and nothing else (each is checked below)
    for masks in counts:
        assert all(not mask & bad for mask, bad in zip(masks, FORBIDDEN, strict=True))
        assert [mask.bit_count() for mask in masks] == CAPACITIES
    expected = DRAWS / 9
    statistic = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2_sf(statistic, 8) > 1e-6, counts


def _judge(counts: Counter[tuple[int, ...]], splits: int, draws: int) -> None:
    assert len(counts) == splits, counts
    expected = draws / splits
    statistic = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2_sf(statistic, splits - 1) > 1e-6, counts


def _allowed(masks: tuple[int, ...], capacities: list[int], forbidden: list[int]) -> bool:
    return [m.bit_count() for m in masks] == capacities and not any(
        m & bad for m, bad in zip(masks, forbidden, strict=True)
    )


def test_the_tight_case_has_the_twelve_splits_worked_by_hand() -> None:
    splits = set()
    for first in itertools.combinations(range(9), 2):
        for second in itertools.combinations(sorted(set(range(9)) - set(first)), 3):
            third = set(range(9)) - set(first) - set(second)
            masks = tuple(sum(1 << c for c in part) for part in (first, second, third))
            if _allowed(masks, TIGHT_CAPACITIES, TIGHT_FORBIDDEN):
                splits.add(masks)
    assert len(splits) == 12


def test_a_tight_case_is_drawn_uniformly() -> None:
    rng = random.Random(8)
    draws = 3600
    counts = Counter(tuple(deal_unseen(0x1FF, TIGHT_CAPACITIES, TIGHT_FORBIDDEN, rng)) for _ in range(draws))
    assert all(_allowed(masks, TIGHT_CAPACITIES, TIGHT_FORBIDDEN) for masks in counts)
    _judge(counts, 12, draws)


@pytest.mark.parametrize(
    ("unseen", "capacities", "forbidden", "splits"),
    [(0b11111, CAPACITIES, FORBIDDEN, 9), (0x1FF, TIGHT_CAPACITIES, TIGHT_FORBIDDEN, 12)],
    ids=["nine", "tight"],
)
def test_counting_alone_draws_every_allowed_split_equally_often(
    monkeypatch: pytest.MonkeyPatch, unseen: int, capacities: list[int], forbidden: list[int], splits: int
) -> None:
    monkeypatch.setattr(resample, "UNIFORM_TRIES", 0)  # no split by rejection: the count draws all
    rng = random.Random(9)
    draws = 300 * splits
    counts = Counter(tuple(deal_unseen(unseen, capacities, forbidden, rng)) for _ in range(draws))
    assert all(_allowed(masks, capacities, forbidden) for masks in counts)
    _judge(counts, splits, draws)


def test_constraints_that_contradict_each_other_are_refused() -> None:
    with pytest.raises(ValueError, match="no placement"):  # both places refuse card 0
        deal_unseen(0b11, [1, 1], [0b01, 0b01], random.Random(1))
    with pytest.raises(ValueError, match="do not fill"):
        deal_unseen(0b111, [1, 1], [0, 0], random.Random(1))
