"""What the games share from core: faces and face masks of a pack, the led suit as a
table, the winning seat of a trick, and the won cards gathered with the Fool's settlement (C4).
Expectations are worked by hand from the 78-card Loka pack (suits E A F W, K high, A low)."""

from __future__ import annotations

from tarocchi.core.decks import LOKA_78
from tarocchi.core.fool import FoolPlay, gather, pay_order
from tarocchi.core.tricks import FOOL, TRUMP, Trick, TrickTable, led_suit, winning_seat

DECK = LOKA_78
TABLE = TrickTable.natural(DECK)


def c(code: str) -> int:
    return DECK.card(code).index


def test_a_suit_card_s_face_is_its_rank_as_typed_and_trumps_have_none() -> None:
    assert DECK.faces[c("10W")] == "10"
    assert DECK.faces[c("KE")] == "K"
    assert DECK.faces[c("AA")] == "A"  # the Ace of Air: face A, suit A
    assert DECK.faces[c("T21")] == ""
    assert DECK.faces[c("FOOL")] == ""


def test_a_face_mask_holds_that_face_of_every_suit_and_no_trump() -> None:
    assert DECK.codes(DECK.face_mask("K")) == DECK.codes(
        DECK.mask(DECK.card(x) for x in ("KE", "KA", "KF", "KW"))
    )
    assert DECK.face_mask("K", "A").bit_count() == 8
    assert DECK.face_mask() == 0
    assert DECK.face_mask("T") == 0  # "T1" is a trump, not a face T


def test_the_fool_sets_no_led_suit_and_every_other_card_its_own() -> None:
    assert TABLE.leads[c("FOOL")] is None
    assert TABLE.leads[c("3F")] == TABLE.suit_of[c("3F")] != TRUMP
    assert TABLE.leads[c("T5")] == TRUMP
    assert TABLE.suit_of[c("FOOL")] == FOOL
    assert led_suit(TABLE, (c("FOOL"), c("2W"), c("KE"))) == TABLE.suit_of[c("2W")]


def test_the_winning_seat_counts_from_the_leader_around_the_table() -> None:
    # Leader seat 2 of 4 leads 2W; KE (seat 3) is off-suit; T1 (seat 0) trumps; 9W (seat 1) follows.
    cards = (c("2W"), c("KE"), c("T1"), c("9W"))
    assert winning_seat(TABLE, cards, 2, TABLE.leads[cards[0]], 4) == 0
    # Without a trump the highest Water wins: 9W, played fourth, by seat (2 + 3) % 4 = 1.
    cards = (c("2W"), c("KE"), c("3W"), c("9W"))
    assert winning_seat(TABLE, cards, 2, TABLE.leads[cards[0]], 4) == 1
    # A trick still in progress (a bot's question): the seat is still counted among 4 players.
    assert winning_seat(TABLE, cards[:2], 3, TABLE.leads[cards[0]], 4) == 3


def test_the_fool_stays_with_its_side_which_pays_its_lowest_card_when_the_other_side_won() -> None:
    values = tuple(5 if DECK.faces[i] == "K" else 1 for i in range(DECK.size))
    honours = 1 << c("FOOL")
    sides = ((0, 2), (1, 3))
    tricks = (
        Trick(0, (c("KE"), c("2E"), c("3E"), c("4E")), 0),  # side 0 wins
        Trick(0, (c("FOOL"), c("KA"), c("2A"), c("3A")), 1),  # seat 0's Fool; seat 1 wins
    )
    gathered = gather(tricks, sides, c("FOOL"), pay_order(values, honours))
    assert gathered.fool == FoolPlay(seat=0, trick=1, owner=0, winner=1)
    assert gathered.tricks == [1, 1]
    # Side 0 pays a card worth 1 (not KE): of 4E, 3E, 2E the first in the natural order (ranks
    # high to low), 4E, from trick 0.
    assert gathered.moved == (c("4E"), 0)
    assert sorted(card for card, _ in gathered.cards[0]) == sorted(c(x) for x in ("KE", "2E", "3E", "FOOL"))
    assert sorted(card for card, _ in gathered.cards[1]) == sorted(c(x) for x in ("4E", "KA", "2A", "3A"))


def test_a_side_that_won_no_trick_gives_the_fool_itself() -> None:
    values = (1,) * DECK.size
    tricks = (Trick(0, (c("FOOL"), c("KA"), c("2A"), c("3A")), 1),)
    gathered = gather(tricks, ((0, 2), (1, 3)), c("FOOL"), pay_order(values, 0))
    assert gathered.moved == (c("FOOL"), 0)
    assert gathered.cards[0] == []
    assert len(gathered.cards[1]) == 4


def test_nothing_moves_when_the_fool_s_own_side_won_its_trick() -> None:
    values = (1,) * DECK.size
    tricks = (Trick(0, (c("FOOL"), c("2A"), c("KA"), c("3A")), 2),)
    gathered = gather(tricks, ((0, 2), (1, 3)), c("FOOL"), pay_order(values, 0))
    assert gathered.moved is None
    assert gathered.fool == FoolPlay(seat=0, trick=0, owner=0, winner=0)
    assert len(gathered.cards[0]) == 4
    assert gathered.cards[1] == []
