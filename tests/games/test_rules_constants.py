"""Each game's stated totals and limits follow from its own tables, so that a change to a table
cannot leave a number beside it wrong: the totals of P5, S9, T8 and B1 are the tables' sums, the
half-way marks half of them, and T6's smallest Abundance the least of ``ABUNDANCES``."""

from __future__ import annotations

from tarocchi.games.piedmont import rules as piedmont
from tarocchi.games.sicilian import rules as sicilian
from tarocchi.games.taroinche import rules as taroinche
from tarocchi.games.taroux import rules as taroux


def test_piedmont_total_and_winning_mark() -> None:
    """P5: every card point and a point a trick; 83 is more than half of 165."""
    assert piedmont.TOTAL == sum(piedmont.VALUES) + piedmont.TRICKS == 165
    assert piedmont.WINNING_POINTS == piedmont.TOTAL // 2 + 1


def test_sicilian_total_and_half() -> None:
    """S9: card points, a point a trick, 5 for the last; S10 measures from the half."""
    assert sicilian.TOTAL == sum(sicilian.VALUES) + sicilian.TRICKS + sicilian.LAST_TRICK_BONUS == 126
    assert sicilian.HALF == sicilian.TOTAL // 2


def test_taroux_total_and_smallest_abundance() -> None:
    """T8: the card values less one per pair; T6: the Small Abundance is the smallest, and fewer
    trumps score nothing."""
    assert taroux.TOTAL == sum(taroux.VALUES) - taroux.DECK.size // 2 == 91
    assert taroux.MIN_ABUNDANCE == 6
    assert taroux.abundance(taroux.MIN_ABUNDANCE - 1) == (0, "")
    assert taroux.abundance(taroux.MIN_ABUNDANCE) == (20, "Small")


def test_taroux_abundance_sizes_are_the_tables() -> None:
    """T6: Small from 6 trumps, Middling from 8, Grand from 11; a hand declares the largest it
    makes, and shows that many trumps."""
    sizes = {trumps: taroux.abundance_size(trumps) for trumps in range(22)}
    assert [sizes[n] for n in (0, 5, 6, 7, 8, 10, 11, 21)] == [0, 0, 6, 6, 8, 8, 11, 11]
    for trumps, size in sizes.items():
        assert taroux.abundance(size) == taroux.abundance(trumps)


def test_taroinche_total() -> None:
    """B1: every contract's card points and the last trick's 10 make 162."""
    for contract in taroinche.CONTRACTS:
        assert sum(contract.values) + taroinche.LAST_TRICK == taroinche.TOTAL == 162
