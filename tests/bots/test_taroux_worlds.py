"""The Taroux placing of unseen cards: what play, the discards and the Abundances reveal. (That
every resampled state gives the seat its view is tested for every game in
tests/conformance/test_conformance_resample.py.)"""

from __future__ import annotations

import random

from tarocchi.core.decks import LOKA_78 as DECK
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.games.taroux import TarouxGame, TarouxState
from tarocchi.games.taroux.rules import PLAIN_DISCARDABLE, TABLE

GAME = TarouxGame()


def _play(state: TarouxState, *actions: str) -> TarouxState:
    for text in actions:
        state = GAME.apply(state, GAME.parse_action(text, state))
    return state


VOIDS = """
0: T16 T17 T18 T19 T20 FOOL KE QE CE JE 2E KA
1: T21 T11 T12 T13 KF QF CF JF 10F 9F 8F 7F
2: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
3: 10E 9E 8E 7E 6E 5E 4E 3E AE QA CA JA
4: T1 T2 T3 T4 T5 T6 10A 9A 8A 7A 6A 5A
5: T7 T8 T9 T10 T14 T15 4A 3A 2A AA 6F 5F
stock: 4F 3F 2F AF 2W AW
"""

TRUMP_DISCARDS = """
0: T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21
1: QE CE JE 10E 9E 8E 7E 6E 5E 4E 3E 2E
2: QA CA JA 10A 9A 8A 7A 6A 5A 4A 3A 2A
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: T1 T2 T3 T4 T5 T6 T7 T8 FOOL AE AA 2F
stock: KE KA T9 AF 2W AW
"""
"""Seat 0 takes the first three (KE KA T9): with no other discardable card he must discard
three trumps."""

DONE6 = "done, done, done, done, done, done"


def start(deal: str, dealer: int, moves: str) -> TarouxState:
    state: TarouxState = GAME.initial_state(Deal.parse(DECK, deal), HandContext(1, dealer, (0,) * 6))
    for text in filter(None, (m.strip() for m in moves.split(","))):
        state = GAME.apply(state, GAME.parse_action(text, state))
    return state


def worlds(state: TarouxState, count: int = 40) -> list[TarouxState]:
    seat = GAME.to_act(state)
    assert seat is not None
    view = GAME.view(state, seat)
    rng = random.Random(1)
    result = [GAME.resample(view, rng) for _ in range(count)]
    for world in result:
        assert GAME.view(world, seat) == view
    return result


def mask(codes: str) -> int:
    return DECK.mask(DECK.parse(codes))


def test_revealed_voids_and_the_overtrump_duty_hold_in_every_world() -> None:
    """Trick 1: 2E led; seat 1 trumps T11; seat 2 discards a Water (void in Earth and trumps);
    seat 4 plays T1 under T11 (so holds nothing above T11: he had to overtrump if able); seat 5
    overtrumps. Seen from seat 5, leading trick 2."""
    state = start(VOIDS, 5, f"without, pass, pass, pass, pass, pass, {DONE6}, 2E, T11, KW, AE, T1, T14")
    earth, trumps = TABLE.suit_masks[0], TABLE.suit_masks[4]
    above_t11 = mask("T12 T13 T14 T15 T16 T17 T18 T19 T20 T21")
    samples = worlds(state)
    for world in samples:
        assert not world.hands[1] & earth
        assert not world.hands[2] & (earth | trumps)
        assert not world.hands[4] & (earth | above_t11)
    # the unseen Earths all lie with seats 0 and 3, and not always in the same split
    assert len({world.hands[0] & earth for world in samples}) > 1


def test_a_prop_means_an_honour_in_the_bidders_hand() -> None:
    """Seat 0 bids Prop (he holds the Fool). Seat 1 holds the World: seat 0 must hold the Magician
    or the Fool in every world."""
    for world in worlds(start(VOIDS, 5, "prop")):
        assert world.hands[0] & mask("T1 FOOL")


def test_shown_trumps_and_the_sparrow_stay_with_their_holder() -> None:
    """Seat 4 takes, shows T1..T6 and announces the Sparrow; seen from seat 0 in the play."""
    moves = (
        "take, pass, pass, pass, pass, pass, first, discard 4F, discard 3F, discard 2F, "
        "discard AF, discard 2W, discard AW, show T1, show T2, show T3, show T4, show T5, show T6, "
        "sparrow, done, done, done, done, done, done, 10A, 4A"
    )
    state = start(VOIDS, 3, moves)
    assert GAME.to_act(state) == 0
    for world in worlds(state):
        assert world.hands[4] & mask("T1 T2 T3 T4 T5 T6") == mask("T1 T2 T3 T4 T5 T6")


def test_stock_cards_the_other_declarer_took_stay_with_him() -> None:
    """Seat 4 takes the first three (4F 3F 2F), seat 1 the second (AF 2W AW); both discard face
    down. Seen from seat 5: AF, 2W and AW are in seat 1's hand or discard, and each discard holds
    only cards that may be discarded (no King, Honour or trump)."""
    moves = (
        "take, pass, pass, pass, pass, pass, first, discard 4F, discard 3F, discard 2F, "
        "discard AF, discard 2W, discard AW, done"
    )
    state = start(VOIDS, 3, moves)
    assert GAME.to_act(state) == 5
    taken = mask("AF 2W AW")
    for world in worlds(state):
        assert (world.hands[1] | world.discards[1]) & taken == taken
        for seat in (1, 4):
            assert world.discards[seat].bit_count() == 3
            assert not world.discards[seat] & ~PLAIN_DISCARDABLE


def test_a_forced_trump_discard_means_no_other_discardable_card() -> None:
    """Seat 0 had to discard three trumps: seen from seat 1 after the World is led, seat 0 holds
    nothing but trumps, Honours and Kings."""
    moves = (
        f"take, pass, pass, pass, pass, pass, first, discard T9, discard T10, discard T11, "
        f"discard AF, discard 2W, discard AW, {DONE6}, T21"
    )
    state = start(TRUMP_DISCARDS, 5, moves)
    for world in worlds(state):
        assert not world.hands[0] & PLAIN_DISCARDABLE
        assert world.hands[0] & mask("KE KA") == mask("KE KA")
