"""``dealing``: a shuffled pack dealt by places, with the piles' masks, and a game's own deal's
masks reused by ``initial_state`` while any other deal is still checked and read card by card."""

from __future__ import annotations

import random

import pytest

from tarocchi.core.dealing import deal_by, places_in_packets, sampled, shuffled
from tarocchi.core.decks import LOKA_78
from tarocchi.core.errors import ArgumentError, NotationError
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.core.registry import get_game


@pytest.mark.parametrize("count", [1, 2, 32, 78, 80])
def test_shuffled_is_random_shuffle_s_order_and_leaves_the_generator_as_it_does(count: int) -> None:
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        order = list(range(count))
        theirs.shuffle(order)
        assert shuffled(ours, count) == order
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(
    ("first", "stop", "count"), [(1, 77, 6), (0, 10, 0), (0, 10, 10), (3, 50, 7), (0, 200, 5)]
)
def test_sampled_is_random_sample_s_picks_and_leaves_the_generator_as_it_does(
    first: int, stop: int, count: int
) -> None:
    """Taroux's stock places (T2) are drawn by ``sampled``: a seed must give the deals it gave when
    they were drawn by ``random.sample``, including sizes ``random.sample`` draws from a set."""
    for seed in range(20):
        theirs, ours = random.Random(seed), random.Random(seed)
        assert sampled(ours, first, stop, count) == theirs.sample(range(first, stop), count)
        assert ours.getstate() == theirs.getstate()


def test_sampled_refuses_more_picks_than_places_as_random_sample_does() -> None:
    with pytest.raises(ValueError, match="Sample larger than population"):
        sampled(random.Random(0), 0, 5, 6)


class _Reversing(random.Random):
    """A generator of its own kind: shuffled must use its shuffle, whatever that does."""

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        x.reverse()


def test_another_kind_of_generator_shuffles_by_its_own_shuffle() -> None:
    assert shuffled(_Reversing(0), 4) == [3, 2, 1, 0]


def test_packets_go_round_from_the_dealers_left_and_to_the_stock() -> None:
    # 3 players, dealer 1: packets of 2 to seats 2, 0, 1; 1 card to the stock; 1 each again.
    places = places_in_packets(((2, False), (1, True), (1, False)), 1, 3)
    assert places == ((2, 3, 8), (4, 5, 9), (0, 1, 7), (6,))


def test_piles_hold_the_cards_at_their_places_in_dealing_order_with_their_masks() -> None:
    cards = LOKA_78.cards
    order = [77, 3, 41, 0, 40]  # card indices, top of the pack first
    deal, masks = deal_by(cards, order, ((3, 0), (1,), (4, 2)))
    assert deal == Deal(((cards[0], cards[77]), (cards[3],)), (cards[40], cards[41]))
    assert masks == ((1 << 0) | (1 << 77), 1 << 3, (1 << 40) | (1 << 41))


@pytest.mark.parametrize("game_id", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_the_first_state_of_a_game_s_own_deal_and_of_an_equal_copy_are_the_same(game_id: str) -> None:
    game = get_game(game_id)
    deal = game.deal(random.Random(3), 0)
    copy = Deal(tuple(tuple(hand) for hand in deal.hands), tuple(deal.stock))
    context = HandContext(1, 0, (0,) * game.players)
    assert copy is not deal
    assert game.initial_state(deal, context) == game.initial_state(copy, context)


@pytest.mark.parametrize("game_id", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_a_deal_from_outside_is_still_checked(game_id: str) -> None:
    game = get_game(game_id)
    deal = game.deal(random.Random(3), 0)
    short = Deal((deal.hands[0][1:], *deal.hands[1:]), deal.stock)
    with pytest.raises((ArgumentError, NotationError)):
        game.initial_state(short, HandContext(1, 0, (0,) * game.players))
