"""``tricks.voids`` reads from the plays which cards each seat has shown it cannot hold: C3's
duties backwards (not following shows the suit led lacking; not trumping either, the trumps), the
Fool and a dead card showing nothing (C4, P4), and T7's duty to beat the trick's best trump.
Every expected mask is worked from the rules by hand."""

from __future__ import annotations

from tarocchi.core.tricks import voids
from tarocchi.games.piedmont import rules as piedmont
from tarocchi.games.sicilian import rules as sicilian
from tarocchi.games.taroinche import rules as taroinche
from tarocchi.games.taroinche.worlds import revealed
from tarocchi.games.taroux import rules as taroux

P = piedmont.DECK
T = taroux.DECK


def trick(deck: object, *plays: tuple[int, str]) -> list[tuple[int, int]]:
    """A trick's plays from (seat, card code) in the order made."""
    return [(seat, deck.card(code).index) for seat, code in plays]  # type: ignore[attr-defined]


def suit(deck: object, letter: str) -> int:
    return deck.suit_masks[letter]  # type: ignore[attr-defined, no-any-return]


def test_not_following_shows_the_suit_and_not_trumping_the_trumps() -> None:
    """Earth led by South: West trumps (lacks Earth), North throws Air (lacks Earth and trumps),
    East plays the Fool (shows nothing)."""
    plays = trick(P, (0, "KE"), (1, "T5"), (2, "2A"), (3, "FOOL"))
    earth, trumps = suit(P, "E"), suit(P, "T")
    assert voids([plays], piedmont.TABLE, 4) == [0, earth, earth | trumps, 0]


def test_the_fool_led_sets_no_suit() -> None:
    """The Fool led, then Air: Air is the suit led, so East's Water shows Air and trumps lacking."""
    plays = trick(P, (1, "FOOL"), (2, "3A"), (3, "4W"), (0, "5A"))
    assert voids([plays], piedmont.TABLE, 4) == [0, 0, 0, suit(P, "A") | suit(P, "T")]


def test_a_dead_card_shows_nothing() -> None:
    """P4: Evil played dead by North on a Fire trick says nothing of his Fire or trumps."""
    plays = trick(P, (0, "KF"), (1, "GOOD"), (2, "EVIL"), (3, "2F"))
    dead = 1 << P.card("EVIL").index
    assert voids([plays], piedmont.TABLE, 4, dead=dead) == [0, suit(P, "F"), 0, 0]


def test_voids_add_up_over_tricks() -> None:
    """Two tricks: West shows no Earth in the first and no Water in the second."""
    first = trick(P, (0, "KE"), (1, "T2"), (2, "3E"), (3, "4E"))
    second = trick(P, (1, "KW"), (2, "2W"), (3, "3W"), (0, "4W"))
    third = trick(P, (0, "KA"), (1, "T3"))
    assert voids([first, second, third], piedmont.TABLE, 4)[1] == suit(P, "E") | suit(P, "A")


def test_sicilian_pack() -> None:
    """The Sicilian pack's suits: Cups led, Coins thrown: Cups and trumps lacking."""
    plays = trick(sicilian.DECK, (2, "KC"), (3, "KD"))
    cups, trumps = suit(sicilian.DECK, "C"), suit(sicilian.DECK, "T")
    assert voids([plays], sicilian.TABLE, 4) == [0, 0, 0, cups | trumps]


def test_t7_a_trump_below_the_best_shows_none_above_it() -> None:
    """T7: T10 led and T3 played under it: that player holds no trump above T10; T12 beats it and
    shows nothing; T4 and T11 under T12 show no trump above T12; the Fool shows nothing."""
    above = taroux.TABLE.above()
    plays = trick(T, (0, "T10"), (1, "T3"), (2, "T12"), (3, "T4"), (4, "FOOL"), (5, "T11"))
    higher = [sum(1 << T.card(f"T{n}").index for n in range(k + 1, 22)) for k in range(22)]
    lacks = voids([plays], taroux.TABLE, 6, above=above)
    assert lacks == [0, higher[10], 0, higher[12], 0, higher[12]]
    # Without the duty to overtrump (above omitted), playing under the best trump shows nothing.
    assert voids([plays], taroux.TABLE, 6) == [0] * 6


B = taroinche.DECK
HEARTS, NO_TRUMP, ALL_TRUMP = 1, taroinche.NO_TRUMP, taroinche.ALL_TRUMP


def cards(*codes: str) -> int:
    return sum(1 << B.card(code).index for code in codes)


def test_b6_a_seat_whose_side_is_winning_need_not_trump() -> None:
    """Hearts trumps, the attack South (0) and North (2). South leads the Ace of Spades, West (1)
    cuts with the 9 of Hearts; North, against the 9, undertrumps with the 7: he has no spade, and
    no heart above the 9 (only the Jack is above it); East (3), West's partner, throws a diamond
    while West is winning: no spade, and nothing about trumps; the fifth seat follows."""
    plays = trick(B, (0, "AS"), (1, "9H"), (2, "7H"), (3, "7D"), (4, "KS"))
    spades = B.suit_masks["S"]
    assert revealed([plays], HEARTS, taker=0, partner=2) == [0, spades, spades | cards("JH"), spades, 0]


def test_b6_following_trumps_below_the_best_shows_none_above_it() -> None:
    """Hearts trumps: West leads the 10, North follows with the 8 (below: none of J, 9, A), East
    plays the Ace, the fifth seat the Queen (below the Ace: neither the Jack nor the 9), and
    South, with no heart, throws a spade while the defence wins: no heart at all."""
    plays = trick(B, (1, "10H"), (2, "8H"), (3, "AH"), (4, "QH"), (0, "7S"))
    hearts = B.suit_masks["H"]
    assert revealed([plays], HEARTS, taker=0, partner=2) == [
        hearts,
        0,
        cards("JH", "9H", "AH"),
        0,
        cards("JH", "9H"),
    ]


def test_b6_at_all_trump_every_suit_must_be_beaten() -> None:
    """All-trump (the order J 9 A 10 K Q 8 7 in every suit, nothing cuts): the 10 of Clubs led,
    the Ace over it, then the King below the Ace: no club above the Ace (the Jack and the 9); a
    diamond shows no club; the 9 over the Ace shows nothing. At No-trump (the plain order, no
    duty to beat) a card below the best shows nothing."""
    plays = trick(B, (0, "10C"), (1, "AC"), (2, "KC"), (3, "7D"), (4, "9C"))
    clubs = B.suit_masks["C"]
    assert revealed([plays], ALL_TRUMP, taker=0, partner=0) == [0, 0, cards("JC", "9C"), clubs, 0]
    no_trump = trick(B, (0, "AC"), (1, "10C"), (2, "7C"), (3, "8C"), (4, "9C"))
    assert revealed([no_trump], NO_TRUMP, taker=0, partner=0) == [0, 0, 0, 0, 0]
