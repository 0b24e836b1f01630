"""The trick duties and the trick's standing (``core.tricks``: C3, C4, P3, S8, T7) answer as the
rules say on hands worked by hand, and every game's ``plays`` (the one composition its engine
and its playout kernel call) answers exactly as ``tricks.legal_plays`` of the game's rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi.core.tricks import TRUMP, TRUMPED, best_position, duty_plays, legal_plays, standing
from tarocchi.games.piedmont import rules as piedmont
from tarocchi.games.sicilian import rules as sicilian
from tarocchi.games.taroux import rules as taroux

LEDS = st.sampled_from([None, 0, 1, 2, 3, 4])
P = piedmont.DECK


def mask(*codes: str) -> int:
    """The Piedmont cards ``codes`` as a mask."""
    return sum(1 << P.card(code).index for code in codes)


def hands(size: int) -> st.SearchStrategy[int]:
    """Any mask of the pack, or a hand of a few cards (a uniform mask almost always holds every
    suit, so the duties past following suit, trumping and the Fool alone need the small ones)."""
    few = st.sets(st.integers(0, size - 1), max_size=8).map(lambda cards: sum(1 << c for c in cards))
    return st.one_of(st.integers(0, (1 << size) - 1), few)


def test_duty_plays_worked_by_hand() -> None:
    """Earth led: follow with the Earth held and the Fool; without Earth, trump and the Fool;
    with neither, anything; the Fool alone of the suit does not count as following it."""
    following = piedmont.TABLE.following
    fool = mask("FOOL")
    led = piedmont.TABLE.suit_of[P.card("KE").index]
    hand = mask("3E", "KA", "T5", "FOOL")
    assert duty_plays(hand, following[led], following[TRUMP], fool, 0) == mask("3E", "FOOL")
    hand = mask("KA", "T5", "T9", "FOOL")
    assert duty_plays(hand, following[led], following[TRUMP], fool, 0) == mask("T5", "T9", "FOOL")
    hand = mask("KA", "2W", "FOOL")
    assert duty_plays(hand, following[led], following[TRUMP], fool, 0) == hand
    hand = mask("KA", "2W")
    assert duty_plays(hand, following[led], following[TRUMP], 0, 0) == hand


def test_duty_to_beat_keeps_the_fool_and_allows_undertrumping() -> None:
    """T7's form: with T8 best in the trick, a trump player holding T5 and T9 must play T9 (the
    Fool still allowed); holding only T5, T5."""
    following = piedmont.TABLE.following
    fool = mask("FOOL")
    stronger = mask(*(f"T{n}" for n in range(9, 22)))
    hand = mask("KA", "T5", "T9", "FOOL")
    assert duty_plays(hand, following[TRUMP], following[TRUMP], fool, stronger) == mask("T9", "FOOL")
    hand = mask("KA", "T5")
    assert duty_plays(hand, following[TRUMP], following[TRUMP], fool, stronger) == mask("T5")


def test_standing_and_the_winner_worked_by_hand() -> None:
    """C3: KE led, 2E, T1 and the Fool: the Magician wins; without it, KE (the first of the suit
    led stands above a later lower one); a card of another suit never wins."""
    table = piedmont.TABLE
    cards = tuple(P.card(code).index for code in ("KE", "2E", "T1", "FOOL"))
    led = table.suit_of[cards[0]]
    assert best_position(cards, led, table.suit_of, table.power, 0) == 2
    cards = tuple(P.card(code).index for code in ("KE", "2E", "KA", "FOOL"))
    assert best_position(cards, led, table.suit_of, table.power, 0) == 0
    assert standing(table.suit_of[cards[2]], table.power[cards[2]], led) == -1
    trump = P.card("T1").index
    assert standing(TRUMP, table.power[trump], led) == TRUMPED + table.power[trump]


@settings(max_examples=1000, deadline=None)
@given(hand=hands(taroux.DECK.size), led=LEDS, best=st.integers(-1, 21))
def test_taroux_plays_is_legal_plays_of_t7(hand: int, led: int | None, best: int) -> None:
    at = -1 if led is None else led
    top = -1 if best < 0 else TRUMPED + best
    assert taroux.plays(hand, at, top) == legal_plays(taroux.DUTIES, taroux.TABLE, hand, led, best)


@settings(max_examples=1000, deadline=None)
@given(hand=hands(P.size), led=LEDS)
def test_piedmont_plays_is_legal_plays_of_p3(hand: int, led: int | None) -> None:
    at = -1 if led is None else led
    assert piedmont.plays(hand, -1, at) == legal_plays(piedmont.DUTIES, piedmont.TABLE, hand, led)


@settings(max_examples=1000, deadline=None)
@given(hand=hands(sicilian.DECK.size), led=LEDS)
def test_sicilian_plays_is_legal_plays_of_s8(hand: int, led: int | None) -> None:
    at = -1 if led is None else led
    assert sicilian.plays(hand, at) == legal_plays(sicilian.DUTIES, sicilian.TABLE, hand, led)
