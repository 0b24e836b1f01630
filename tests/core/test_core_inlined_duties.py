"""The card-play steps of Piedmont, Sicilian and Taroux call the shared duties
(``tricks.duty_plays``: C3, C4, P3, S8, T7) with tables of their own, for speed (T7's trumps
above each strength, one mask each): they must answer exactly as ``tricks.legal_plays`` of the
games' rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi.core.tricks import legal_plays
from tarocchi.games.piedmont import play as piedmont
from tarocchi.games.piedmont.rules import DECK as PIEDMONT_DECK
from tarocchi.games.piedmont.rules import DUTIES as PIEDMONT_DUTIES
from tarocchi.games.piedmont.rules import TABLE as PIEDMONT_TABLE
from tarocchi.games.sicilian import play as sicilian
from tarocchi.games.sicilian.rules import DECK as SICILIAN_DECK
from tarocchi.games.sicilian.rules import DUTIES as SICILIAN_DUTIES
from tarocchi.games.sicilian.rules import TABLE as SICILIAN_TABLE
from tarocchi.games.taroux import play as taroux
from tarocchi.games.taroux.rules import DECK as TAROUX_DECK
from tarocchi.games.taroux.rules import DUTIES as TAROUX_DUTIES
from tarocchi.games.taroux.rules import TABLE as TAROUX_TABLE

LEDS = st.sampled_from([None, 0, 1, 2, 3, 4])


def hands(size: int) -> st.SearchStrategy[int]:
    """Any mask of the pack, or a hand of a few cards (a uniform mask almost always holds every
    suit, so the duties past following suit, trumping and the Fool alone need the small ones)."""
    few = st.sets(st.integers(0, size - 1), max_size=8).map(lambda cards: sum(1 << c for c in cards))
    return st.one_of(st.integers(0, (1 << size) - 1), few)


@settings(max_examples=1000, deadline=None)
@given(hand=hands(TAROUX_DECK.size), led=LEDS, best=st.integers(-1, 21))
def test_taroux_hand_mask_is_legal_plays_of_t7(hand: int, led: int | None, best: int) -> None:
    assert taroux.hand_mask(hand, led, best) == legal_plays(TAROUX_DUTIES, TAROUX_TABLE, hand, led, best)


@settings(max_examples=1000, deadline=None)
@given(hand=hands(PIEDMONT_DECK.size), led=LEDS)
def test_piedmont_hand_mask_is_legal_plays_of_p3(hand: int, led: int | None) -> None:
    assert piedmont.hand_mask(hand, -1, led) == legal_plays(PIEDMONT_DUTIES, PIEDMONT_TABLE, hand, led)


@settings(max_examples=1000, deadline=None)
@given(hand=hands(SICILIAN_DECK.size), led=LEDS)
def test_sicilian_hand_mask_is_legal_plays_of_s8(hand: int, led: int | None) -> None:
    assert sicilian.hand_mask(hand, led) == legal_plays(SICILIAN_DUTIES, SICILIAN_TABLE, hand, led)
