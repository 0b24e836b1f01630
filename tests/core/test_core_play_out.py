"""play_out, the one loop that plays a match on (deal, ask the seat to act, score, next hand),
and the Match's help for replaying a record: given deals hand by hand, dealing on from an rng,
the C1 rotation."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from tarocchi.core.errors import ArgumentError
from tarocchi.core.match import Match, dealer_of, play_out
from tarocchi.core.protocol import Game
from tarocchi.core.record import replay, replayed, resume


def first_legal(match: Match) -> Callable[[int], None]:
    """A turn that plays the seat's first legal action: any legal play will do here."""

    def turn(seat: int) -> None:
        match.submit(seat, match.legal_actions()[0])

    return turn


def test_play_out_plays_every_hand_to_the_end_of_the_game(game: Game[Any]) -> None:
    match = Match(game, seed=1, first_dealer=0)
    seen: list[str] = []
    seats: list[int] = []

    def turn(seat: int) -> None:
        seats.append(seat)
        assert seat == match.to_act()
        match.submit(seat, match.legal_actions()[0])

    def hand_over() -> None:
        assert match.hand_over and match.hand.result is not None
        seen.append(f"over {match.hand.number}")

    def hand_dealt() -> None:
        seen.append(f"dealt {match.hand.number}")

    assert play_out(match, turn, hand_over=hand_over, hand_dealt=hand_dealt)
    hands = game.hands_per_game()
    assert match.over and len(match.hands) == hands
    expected = ["over 1"]
    for number in range(2, hands + 1):
        expected += [f"dealt {number}", f"over {number}"]
    assert seen == expected
    assert seats == [seat for hand in match.hands for seat, _ in hand.actions]


def test_a_turn_returning_false_stops_before_anything_is_played(game: Game[Any]) -> None:
    match = Match(game, seed=2, first_dealer=0)
    assert not play_out(match, lambda seat: False)
    assert match.hand.actions == [] and len(match.hands) == 1


def test_hand_over_returning_false_stops_before_the_next_deal(game: Game[Any]) -> None:
    match = Match(game, seed=3, first_dealer=0)
    finished = play_out(match, first_legal(match), hand_over=lambda: False)
    assert match.hand_over and len(match.hands) == 1
    assert finished is (game.hands_per_game() == 1)


def test_play_out_from_a_finished_hand_tells_it_over_then_deals_on(game: Game[Any]) -> None:
    """A game resumed between two hands: its last hand's result first, then the next deal."""
    assert game.hands_per_game() >= 2  # every game has several hands
    match = Match(game, seed=4, first_dealer=0)
    play_out(match, first_legal(match), hand_over=lambda: False)
    told: list[int] = []

    def hand_over() -> bool:
        told.append(match.hand.number)
        return match.hand.number < 2

    assert not play_out(match, first_legal(match), hand_over=hand_over)
    assert told == [1, 2] and len(match.hands) == 2


def test_the_deal_passes_one_seat_left_a_hand() -> None:
    class FourSeats:
        players = 4

    game: Any = FourSeats()
    # worked by hand: dealer 3 first, then 0, 1, 2, and 3 again for the fifth hand
    assert [dealer_of(game, 3, number) for number in range(1, 6)] == [3, 0, 1, 2, 3]
    assert [dealer_of(game, 0, number) for number in range(1, 5)] == [0, 1, 2, 3]


def test_next_hand_lays_out_a_given_deal_and_refuses_what_is_no_deal(game: Game[Any]) -> None:
    rng = random.Random(5)
    first = game.deal(rng, 1)
    second = game.deal(rng, 2)
    match = Match(game, first_dealer=1, deals=[first])
    play_out(match, first_legal(match), hand_over=lambda: False)
    with pytest.raises(ArgumentError, match="deal must be a Deal"):
        match.next_hand("KE QE")  # type: ignore[arg-type]
    assert len(match.hands) == 1
    match.next_hand(second)
    assert match.hand.deal == second and match.hand.dealer == 2 and match.hand.number == 2


def test_deal_on_deals_the_hands_still_to_come_from_the_rng(game: Game[Any]) -> None:
    assert game.hands_per_game() >= 2  # every game has several hands
    given = game.deal(random.Random(6), 0)
    match = Match(game, first_dealer=0, deals=[given])
    match.deal_on(random.Random(7))
    play_out(match, first_legal(match), hand_over=lambda: False)
    match.next_hand()
    assert match.hands[0].deal == given
    assert match.hand.deal == game.deal(random.Random(7), 1)


def test_replayed_gives_the_match_the_record_was_made_of(finished_match: Match) -> None:
    record = finished_match.record()
    match = replayed(copy.deepcopy(record))
    assert match is not None
    assert match.hands == finished_match.hands and match.totals == finished_match.totals
    assert match.record() == record


def test_a_record_of_no_hand_replays_and_resumes_with_its_first_deal(game: Game[Any]) -> None:
    original = Match(game, seed=8)  # the seed draws the first dealer, then deals
    record = original.record()
    record["hands"] = []
    assert replayed(record) is None
    summary = replay(record)
    assert (summary.hands, summary.actions, summary.complete) == (0, 0, False)
    assert summary.totals == (0,) * game.players
    resumed = resume(record)
    assert len(resumed.hands) == 1 and resumed.hand.actions == []
    assert resumed.hand.dealer == original.first_dealer
    assert resumed.hand.deal == original.hand.deal  # dealt as the uninterrupted game dealt it
