"""The card-play steps of Piedmont and Taroux inline the shared duties (C3, C4, P3, T7) and the
trick winner over their own tables, for speed: they must answer exactly as ``core.tricks``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tarocchi.core.tricks import led_suit, legal_plays, winning_position
from tarocchi.games.piedmont import play as piedmont
from tarocchi.games.piedmont.rules import DECK as PIEDMONT_DECK
from tarocchi.games.piedmont.rules import DUTIES as PIEDMONT_DUTIES
from tarocchi.games.piedmont.rules import TABLE as PIEDMONT_TABLE
from tarocchi.games.taroux import play as taroux
from tarocchi.games.taroux.rules import DECK as TAROUX_DECK
from tarocchi.games.taroux.rules import DUTIES as TAROUX_DUTIES
from tarocchi.games.taroux.rules import PLAYERS as TAROUX_PLAYERS
from tarocchi.games.taroux.rules import TABLE as TAROUX_TABLE

LEDS = st.sampled_from([None, 0, 1, 2, 3, 4])


@settings(max_examples=400, deadline=None)
@given(hand=st.integers(0, (1 << TAROUX_DECK.size) - 1), led=LEDS, best=st.integers(-1, 21))
def test_taroux_hand_mask_is_legal_plays_of_t7(hand: int, led: int | None, best: int) -> None:
    assert taroux.hand_mask(hand, led, best) == legal_plays(TAROUX_DUTIES, TAROUX_TABLE, hand, led, best)


@settings(max_examples=400, deadline=None)
@given(hand=st.integers(0, (1 << PIEDMONT_DECK.size) - 1), led=LEDS)
def test_piedmont_hand_mask_is_legal_plays_of_p3(hand: int, led: int | None) -> None:
    assert piedmont.hand_mask(hand, -1, led) == legal_plays(PIEDMONT_DUTIES, PIEDMONT_TABLE, hand, led)


@settings(max_examples=400, deadline=None)
@given(
    cards=st.lists(
        st.integers(0, TAROUX_DECK.size - 1), min_size=TAROUX_PLAYERS, max_size=TAROUX_PLAYERS, unique=True
    )
)
def test_taroux_trick_winner_is_c3s(cards: list[int]) -> None:
    trick = tuple(cards)
    led = led_suit(TAROUX_TABLE, trick)
    expected = winning_position(TAROUX_TABLE, trick, led)
    if expected is not None:  # a trick of the Fool alone cannot be played
        assert taroux._winning(trick, -1 if led is None else led) == expected
