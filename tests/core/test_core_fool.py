"""``fool.settle_fool`` is C4 on the sides' won cards: the Fool stays with the side that played
it; if the other side won its trick, the Fool's side pays it its lowest-valued won card (a
non-Honour first, then the pack's natural order), or the Fool itself when it won no trick. The
expected masks are worked from C4 and Piedmont's values (P1) by hand."""

from __future__ import annotations

from tarocchi.core.fool import settle_fool
from tarocchi.games.piedmont.rules import DECK, FOOL, PAY_ORDER


def mask(*codes: str) -> int:
    return sum(1 << DECK.card(code).index for code in codes)


def test_the_fool_stays_with_its_side_when_its_side_won_the_trick() -> None:
    cards = [mask("KE"), mask("5A")]
    assert settle_fool(cards, [3, 2], FOOL, 0, 0, PAY_ORDER) == -1
    assert cards == [mask("KE", "FOOL"), mask("5A")]


def test_the_side_that_won_the_trick_is_paid_the_lowest_card() -> None:
    """Side 1 played the Fool to side 0's trick; it won the King of Earth (5) and the 2 of Earth
    and trump 2 (1 each): of the two worth 1, the 2 of Earth comes first in the pack."""
    cards = [mask("KE"), mask("QA", "T2", "2E")]
    paid = settle_fool(cards, [4, 2], FOOL, 1, 0, PAY_ORDER)
    assert paid == DECK.card("2E").index
    assert cards == [mask("KE", "2E"), mask("QA", "T2", "FOOL")]


def test_a_non_honour_is_paid_before_an_honour_of_the_same_value() -> None:
    """Trump 1 (an Honour) and the King of Air are both worth 5: the King goes."""
    cards = [mask("T1", "KA"), mask("5E")]
    assert settle_fool(cards, [1, 1], FOOL, 0, 1, PAY_ORDER) == DECK.card("KA").index
    assert cards == [mask("T1", "FOOL"), mask("5E", "KA")]


def test_a_side_that_won_no_trick_gives_the_fool_itself() -> None:
    cards = [0, mask("KE", "QE")]
    assert settle_fool(cards, [0, 5], FOOL, 0, 1, PAY_ORDER) == FOOL
    assert cards == [0, mask("KE", "QE", "FOOL")]
