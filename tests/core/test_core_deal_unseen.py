"""``deal_unseen`` draws every split the constraints allow equally often (issue 15's uniformity
over consistent deals, at the level where the games' resampling draws it).

The case: five unseen cards 0..4 into places of sizes 2, 1 and 2; the first place may not hold
card 1, the second none of cards 0, 3 and 4. Worked by hand: the second place holds card 1 or
card 2. If card 1, the first place takes two of {0, 2, 3, 4}: 6 splits; if card 2, two of
{0, 3, 4} (card 1 is barred): 3 splits. 9 splits in all, each to be drawn 1/9 of the time.
Placing the most constrained cards first, the fallback ``deal_unseen`` keeps for tight cases,
draws them far from evenly here (chi-square above 800 over 6,000 draws), which is why it tries
uniform splits first."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from chisquare import chi2_sf

from tarocchi.core.resample import deal_unseen

CAPACITIES = [2, 1, 2]
FORBIDDEN = [1 << 1, (1 << 0) | (1 << 3) | (1 << 4), 0]
DRAWS = 4500


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
