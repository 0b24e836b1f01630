"""The Taroinche world sampler keeps what the seat knows: voids revealed by play, a shown dog,
an announced belote and a silent King of trumps (B4, B5, B6).

Positions come from deals in notation; every check runs over many sampled worlds.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from tarocchi import get_game
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.games.taroinche.rules import DECK, SUIT_MASKS
from tarocchi.games.taroinche.views import TaroincheFacts

GAME = get_game("taroinche")
SPADES, HEARTS, CLUBS, DIAMONDS = SUIT_MASKS
DEAL = """
0: JS 9S AS AH 7D 8D
1: 7S KH QH 10H 8C 9C
2: 8S 10S KC QC JC 9H
3: QS KS KD AD 9D 10D
4: 10C 7C 7H JH 8H AC
stock: QD JD
"""
"""Seat 4 holds no spade and no diamond; seat 1 holds the King and Queen of hearts; seat 3 the
King of diamonds, whose Queen lies in the dog."""
SAMPLES = 200


def start(dealer: int = 4) -> Any:
    return GAME.initial_state(Deal.parse(GAME.deck, DEAL), HandContext(1, dealer, (0,) * 5))


def act(state: Any, *moves: str) -> Any:
    for move in moves:
        state = GAME.apply(state, GAME.parse_action(move, state))
    return state


def worlds(state: Any) -> list[Any]:
    seat = GAME.to_act(state)
    view = GAME.view(state, seat)
    rng = random.Random(6)
    found = []
    for _ in range(SAMPLES):
        world = GAME.resample(view, rng)
        assert GAME.view(world, seat) == view
        found.append(world)
    return found


def card(code: str) -> int:
    return 1 << DECK.card(code).index


def test_a_player_who_did_not_follow_nor_cut_holds_neither_suit() -> None:
    # dealer 2: seat 3 opens and leads; 3 takes spades with 0. Seat 4, a defender, is void in
    # diamonds and throws a heart while the taker is winning: he has no trump either (B6)
    state = act(start(dealer=2), "82 S without 0", "pass", "pass", "pass", "pass", "9D", "7H")
    samples = worlds(state)  # seen from seat 0
    assert all(w.hands[4] & (SPADES | DIAMONDS) == 0 for w in samples)
    # nothing is known of seat 1: some worlds give him a diamond, some a spade
    assert any(w.hands[1] & DIAMONDS for w in samples)
    assert any(w.hands[1] & SPADES for w in samples)


def test_a_void_player_whose_partner_was_winning_may_still_hold_trumps() -> None:
    # 0 takes spades with 1; 0 leads 7D, seat 1 (partner winning) throws 8C: void in diamonds
    # only; seat 2 must then cut
    state = act(start(), "82 S without 1", "pass", "pass", "pass", "pass", "7D", "8C", "8S")
    samples = worlds(state)  # seen from seat 3
    assert all(w.hands[1] & DIAMONDS == 0 for w in samples)
    assert any(w.hands[1] & SPADES for w in samples)


def test_the_shown_dog_stays_with_the_taker_in_hand_or_discard() -> None:
    state = act(start(), "82 S with 1", "pass", "pass", "pass", "pass", "discard 7D", "discard 8D", "JS")
    dog = card("QD") | card("JD")
    for world in worlds(state):  # seen from seat 1
        assert (world.hands[0] | world.discard) & dog == dog
        assert world.dog == 0
        assert world.discard.bit_count() == 2


def test_an_announced_belote_keeps_the_other_card_with_its_holder() -> None:
    # hearts trump, 0 with 1: seat 1 follows AH with KH and says Belote
    state = act(start(), "82 H without 1", "pass", "pass", "pass", "pass", "AH", "KH")
    for world in worlds(state):  # seen from seat 2
        assert world.hands[1] & card("QH")
        assert world.belote == 1


def test_an_attacker_who_played_the_trump_king_silently_never_held_the_queen() -> None:
    # diamonds trump, 0 with 3: seat 3 plays KD and says nothing, so QD is not in his hand
    state = act(start(), "82 D without 3", "pass", "pass", "pass", "pass", "7D", "8C", "KC", "KD")
    samples = worlds(state)  # seen from seat 4
    assert all(not w.hands[3] & card("QD") for w in samples)
    assert any(w.dog & card("QD") for w in samples)
    # seats 1 and 2 showed no trump on the trump lead: QD is in the dog or with the taker
    assert any(w.hands[0] & card("QD") for w in samples)
    assert all((w.hands[0] | w.dog) & card("QD") for w in samples)


def test_what_the_seat_sees_stays_where_it_is() -> None:
    state = act(start(), "82 S without 1", "pass", "pass", "pass", "pass", "7D", "8C", "8S", "9D")
    for world in worlds(state):  # seen from seat 4
        assert world.hands[4] == state.hands[4]
        assert world.trick == state.trick
        assert [w.bit_count() for w in world.hands] == [h.bit_count() for h in state.hands]


def test_the_shown_dog_comes_from_the_views_facts_not_from_the_wording_of_its_event() -> None:
    state = act(start(), "82 S with 1", "pass", "pass", "pass", "pass", "discard 7D", "discard 8D", "JS")
    view = GAME.view(state, 1)
    assert str(TaroincheFacts.of(view).dog) == "QD JD"
    # the same view with every note of the rules blanked: the sampler must not need them
    quiet = dataclasses.replace(
        view, events=tuple(e._replace(note="") if e.action is None else e for e in view.events)
    )
    dog = card("QD") | card("JD")
    rng = random.Random(6)
    for _ in range(SAMPLES):
        world = GAME.resample(quiet, rng)
        assert (world.hands[0] | world.discard) & dog == dog
        assert world.shown_dog == dog
