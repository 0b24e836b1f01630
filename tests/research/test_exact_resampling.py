"""Exact resampling: ``deal_unseen`` draws every allowed split equally often by counting them
wherever counting is within ``COUNTING_LIMIT`` and ``COUNTING_BUDGET``, and with
``exact_resampling()`` on even past them (where it would otherwise place the most constrained
cards first, close to uniform but not exactly).

The position drawn is shaped as a Sicilian discard is late in a hand, where rejection seldom
fits: three other hands and the
Dealer's face-down discard, which holds no trump and no card worth 5 or more (S4), with voids
revealed in the hands. Where each card lies is compared, card by card, with its chance counted
exactly over every allowed split (not sampled), by a chi-square test.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from chisquare import chi2_sf

from tarocchi.core import resample
from tarocchi.core.exact import exact, exact_resampling
from tarocchi.core.resample import COUNTING_BUDGET, COUNTING_LIMIT, UNIFORM_TRIES, _AllowedSplits, deal_unseen

CARDS = list(range(23))
CAPACITIES = [7, 7, 6, 3]
"""West, North and East, then the face-down discard."""
TRUMPS = [0, 2, 3, 4, 6, 7, 18, 20]
STRONG = [2, 3, 14, 15, 19, 22]
"""Cards worth 5 or more (kings, queens, the top trumps)."""
SUITS = {"cups": [10, 14, 21, 22], "coins": [1, 8, 9, 15, 17], "batons": [5, 11, 12, 13, 16, 19]}
FORBIDDEN = [
    0,
    sum(1 << c for c in SUITS["batons"]),  # North: void in batons
    sum(1 << c for c in SUITS["cups"]),  # East: void in cups
    sum(1 << c for c in TRUMPS + STRONG),  # the discard (S4)
]
DRAWS = 2_500
P_FLOOR = 1e-6


def _chances(splits_of: type[_AllowedSplits]) -> list[list[float]]:
    """Each card's chance of lying in each place, counted over every allowed split."""
    total = splits_of(CARDS, CAPACITIES, FORBIDDEN).count(0, tuple(CAPACITIES))
    chances = []
    for card in CARDS:
        row = []
        for place in range(len(CAPACITIES)):
            only = [bad | (1 << card if other != place else 0) for other, bad in enumerate(FORBIDDEN)]
            row.append(splits_of(CARDS, CAPACITIES, only).count(0, tuple(CAPACITIES)) / total)
        chances.append(row)
    return chances


def test_the_position_is_one_rejection_seldom_fits_and_counting_weighs_much() -> None:
    """Uniform draws seldom fit: ``UNIFORM_TRIES`` of them by rejection fail more often than not,
    and counting the splits is within ``COUNTING_LIMIT`` and ``COUNTING_BUDGET`` (placing the
    most constrained cards first instead, card 1 lay in the hands 445, 893, 564, 598 times in
    these draws where counting expects 563, 830, 598, 509: p = 4e-10)."""
    splits = _AllowedSplits(CARDS, CAPACITIES, FORBIDDEN)
    assert splits.work() <= COUNTING_LIMIT
    allowed = splits.count(0, tuple(CAPACITIES))
    assert splits.weighed <= COUNTING_BUDGET
    every = _AllowedSplits(CARDS, CAPACITIES, [0] * len(CAPACITIES)).count(0, tuple(CAPACITIES))
    assert (1 - allowed / every) ** UNIFORM_TRIES > 0.5


def test_past_the_limit_the_most_constrained_cards_go_first_unless_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six places of three cards, each barring one suit of three: counting weighs more than
    ``COUNTING_LIMIT`` would allow, so the fast path places the most constrained cards first;
    with the switch on, it counts (and keeps the count for the next draws)."""
    cards = list(range(18))
    capacities = [3] * 6
    forbidden = [sum(1 << c for c in range(3 * p, 3 * p + 3)) for p in range(6)]
    assert _AllowedSplits(cards, capacities, forbidden).work() > COUNTING_LIMIT
    placed_first: list[int] = []

    def most_constrained_first(*_: object) -> list[int]:
        placed_first.append(1)
        return [0b111 << 3 * ((p + 1) % 6) for p in range(6)]

    monkeypatch.setattr(resample, "_most_constrained_first", most_constrained_first)
    monkeypatch.setattr(resample, "UNIFORM_TRIES", 0)
    rng = random.Random(2)
    deal_unseen((1 << 18) - 1, capacities, forbidden, rng)
    assert len(placed_first) == 1
    with exact_resampling():
        masks = deal_unseen((1 << 18) - 1, capacities, forbidden, rng)
    assert len(placed_first) == 1, "counted with the switch on"
    assert [mask.bit_count() for mask in masks] == capacities
    assert not any(mask & bad for mask, bad in zip(masks, forbidden, strict=True))
    deal_unseen((1 << 18) - 1, capacities, forbidden, rng)
    assert len(placed_first) == 1, "the count made is kept for the same constraints"


@pytest.mark.parametrize("switch", [True, False], ids=["exact", "default"])
def test_resampling_draws_each_card_where_counting_puts_it(switch: bool) -> None:
    """With the switch on and by default alike: the position is within ``COUNTING_LIMIT``."""
    chances = _chances(_AllowedSplits)
    rng = random.Random(4)
    counts = [Counter[int]() for _ in CARDS]
    assert not exact()
    with exact_resampling(switch):
        assert exact() is switch
        for _ in range(DRAWS):
            masks = deal_unseen((1 << len(CARDS)) - 1, CAPACITIES, FORBIDDEN, rng)
            assert [mask.bit_count() for mask in masks] == CAPACITIES
            assert not any(mask & bad for mask, bad in zip(masks, FORBIDDEN, strict=True))
            for place, mask in enumerate(masks):
                for card in CARDS:
                    if mask >> card & 1:
                        counts[card][place] += 1
    assert not exact(), "the switch is off again after the block"
    for card in CARDS:
        places = [p for p, chance in enumerate(chances[card]) if chance > 0]
        assert set(counts[card]) <= set(places), f"card {card} drawn where no allowed split puts it"
        if len(places) < 2:
            continue
        expected = [DRAWS * chances[card][p] for p in places]
        statistic = sum((counts[card][p] - e) ** 2 / e for p, e in zip(places, expected, strict=True))
        p_value = chi2_sf(statistic, len(places) - 1)
        assert p_value > P_FLOOR, (
            f"card {card}: drawn {[counts[card][p] for p in places]}, expected {expected}, p = {p_value:.2g}"
        )
