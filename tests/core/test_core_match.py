"""The Match: turn, seat and staleness checks with clear refusals, the deal passing left (C1),
running totals and shared wins (C2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.actions import Call
from tarocchi.core.errors import ArgumentError, IllegalActionError, TarocchiError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game


def finish_hand(match: Match, rng: random.Random) -> None:
    while (seat := match.to_act()) is not None:
        match.submit(seat, rng.choice(match.legal_actions()))


def snapshot(match: Match) -> tuple[Any, ...]:
    return (match.state, match.state_id, len(match.hand.actions), list(match.totals), len(match.hands))


def test_a_new_match_deals_the_first_hand(game: Game[Any]) -> None:
    match = Match(game, seed=1, first_dealer=0)
    assert len(match.hands) == 1 and match.hand.number == 1 and match.hand.dealer == 0
    assert match.state_id == 1
    assert match.totals == [0] * game.players
    assert match.to_act() is not None and not match.hand_over and not match.over
    assert match.players == tuple(game.seat_name(s) for s in range(game.players))


def test_submitting_for_the_wrong_seat_is_refused_and_changes_nothing(game: Game[Any]) -> None:
    match = Match(game, seed=2, players=[f"P{s}" for s in range(game.players)])
    to_act = match.to_act()
    assert to_act is not None
    before = snapshot(match)
    for seat in range(game.players):
        if seat == to_act:
            continue
        with pytest.raises(IllegalActionError) as error:
            match.submit(seat, match.legal_actions()[0])
        message = str(error.value)
        assert f"P{to_act}" in message and f"P{seat}" in message, message
        assert "turn" in message
    assert snapshot(match) == before


@pytest.mark.parametrize("seat", [-1, 99, None, "0", 1.0, True])
def test_a_seat_that_is_no_seat_is_refused(game: Game[Any], seat: Any) -> None:
    match = Match(game, seed=3)
    before = snapshot(match)
    with pytest.raises(ArgumentError) as error:
        match.submit(seat, match.legal_actions()[0])
    message = str(error.value)
    assert message.startswith("seat must be") and repr(seat) in message, message
    assert snapshot(match) == before


@pytest.mark.parametrize(
    ("state_id", "action", "words"),
    [
        ("1", None, "state_id"),
        (1.0, None, "state_id"),
        (None, "pass", "expected an action, got str 'pass'"),
        (None, None, "expected an action, got NoneType"),
    ],
)
def test_a_state_id_or_action_of_the_wrong_kind_is_refused(
    game: Game[Any], state_id: Any, action: Any, words: str
) -> None:
    match = Match(game, seed=3)
    seat = match.to_act()
    assert seat is not None
    if state_id is not None:
        action = match.legal_actions()[0]
    before = snapshot(match)
    with pytest.raises(ArgumentError, match=words):
        match.submit(seat, action, state_id=state_id)
    assert snapshot(match) == before


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": 7.0}, "seed must be a whole number"),
        ({"first_dealer": True}, "first dealer"),
        ({"first_dealer": 1.0}, "first dealer"),
        ({"players": "ab"}, "players must be"),
        ({"players": ["only one"]}, "players must be"),
        ({"deals": ["0: KE"]}, "deals must be"),
    ],
)
def test_a_match_refuses_arguments_it_cannot_be_built_from(
    game: Game[Any], arguments: dict[str, Any], words: str
) -> None:
    with pytest.raises(ArgumentError, match=words):
        Match(game, **arguments)


def test_a_match_needs_a_game_not_its_name() -> None:
    with pytest.raises(ArgumentError, match="game must be a Game"):
        Match("piedmont")  # the name, not the rules object


def test_the_view_of_a_seat_outside_the_table_is_refused(game: Game[Any]) -> None:
    match = Match(game, seed=3)
    for seat in (-1, game.players, True):
        with pytest.raises(ArgumentError, match="seat must be None"):
            match.view(seat)


def test_an_illegal_action_is_refused_with_the_reason_and_not_recorded(game: Game[Any]) -> None:
    match = Match(game, seed=4)
    seat = match.to_act()
    assert seat is not None
    action = Call("no-such-call")
    assert action not in match.legal_actions()
    before = snapshot(match)
    with pytest.raises(IllegalActionError) as error:
        match.submit(seat, action)
    assert str(error.value) == game.explain_illegal(match.state, action)
    assert snapshot(match) == before


def test_a_stale_state_id_is_refused_and_the_current_one_accepted(game: Game[Any]) -> None:
    match = Match(game, seed=5)
    rng = random.Random(5)
    seen = match.state_id
    seat = match.to_act()
    assert seat is not None
    match.submit(seat, rng.choice(match.legal_actions()), state_id=seen)
    assert match.state_id == seen + 1
    seat = match.to_act()
    assert seat is not None
    before = snapshot(match)
    with pytest.raises(IllegalActionError, match="moved on"):
        match.submit(seat, match.legal_actions()[0], state_id=seen)
    assert snapshot(match) == before
    match.submit(seat, match.legal_actions()[0], state_id=match.state_id)
    assert match.state_id == seen + 2


def test_nothing_is_accepted_once_the_hand_is_over(game: Game[Any]) -> None:
    match = Match(game, seed=6)
    finish_hand(match, random.Random(6))
    assert match.hand_over and match.hand.result is not None
    before = snapshot(match)
    for seat in range(game.players):
        with pytest.raises(IllegalActionError, match="over"):
            match.submit(seat, Call("pass"))
    assert snapshot(match) == before


def test_the_next_hand_waits_for_the_end_of_the_current_one(game: Game[Any]) -> None:
    match = Match(game, seed=7)
    rng = random.Random(7)
    with pytest.raises(TarocchiError, match="not finished"):
        match.next_hand()
    seat = match.to_act()
    assert seat is not None
    match.submit(seat, rng.choice(match.legal_actions()))
    if match.to_act() is not None:
        with pytest.raises(TarocchiError, match="not finished"):
            match.next_hand()
    assert len(match.hands) == 1
    finish_hand(match, rng)
    state_id = match.state_id
    match.next_hand()
    assert len(match.hands) == 2 and match.state_id == state_id + 1


def test_no_hand_is_dealt_after_the_last(game: Game[Any], finished_match: Match) -> None:
    assert finished_match.over
    with pytest.raises(TarocchiError, match="over"):
        finished_match.next_hand()
    assert len(finished_match.hands) == game.hands_per_game()


def test_the_deal_passes_left_after_every_hand(game: Game[Any]) -> None:
    n = game.players
    for first_dealer in range(n):
        dealers = []
        match = Match(game, seed=100 + first_dealer, first_dealer=first_dealer)
        rng = random.Random(first_dealer)
        while True:
            dealers.append(match.hand.dealer)
            assert match.view(None).dealer == match.hand.dealer
            finish_hand(match, rng)
            if match.over:
                break
            match.next_hand()
        assert dealers == [(first_dealer + k - 1) % n for k in range(1, game.hands_per_game() + 1)]
        assert [h.number for h in match.hands] == list(range(1, game.hands_per_game() + 1))


def test_the_first_dealer_comes_from_the_seed_when_not_given(game: Game[Any]) -> None:
    for seed in range(12):
        first = Match(game, seed=seed).first_dealer
        assert 0 <= first < game.players
        assert Match(game, seed=seed).first_dealer == first


@pytest.mark.parametrize("first_dealer", [-1, 99])
def test_a_first_dealer_outside_the_table_is_refused(game: Game[Any], first_dealer: int) -> None:
    with pytest.raises(ArgumentError, match="first dealer"):
        Match(game, seed=1, first_dealer=first_dealer)


def test_totals_are_the_sums_of_the_hand_scores(game: Game[Any], finished_match: Match) -> None:
    results = [hand.result for hand in finished_match.hands]
    assert all(r is not None for r in results)
    sums = [sum(r.scores[s] for r in results if r is not None) for s in range(game.players)]
    assert finished_match.totals == sums


def test_given_deals_are_dealt_in_order_and_must_cover_every_hand(game: Game[Any]) -> None:
    rng = random.Random(8)
    deals = [game.deal(rng, dealer=(1 + k) % game.players) for k in range(game.hands_per_game())]
    match = play_match(
        game, [RandomPlayer() for _ in range(game.players)], seed=8, first_dealer=1, deals=deals
    )
    assert [hand.deal for hand in match.hands] == deals
    if game.hands_per_game() > 1:
        short = Match(game, seed=8, deals=deals[:1])
        finish_hand(short, rng)
        with pytest.raises(TarocchiError, match="no deal given for hand 2"):
            short.next_hand()


def test_views_come_from_the_current_state(game: Game[Any]) -> None:
    match = Match(game, seed=9)
    for seat in (*range(game.players), None):
        assert match.view(seat) == game.view(match.state, seat)
    assert match.legal_actions() == game.legal_actions(match.state)


def test_winners_share_the_highest_total(game: Game[Any]) -> None:
    n = game.players
    match = Match(game, seed=10)
    cases = [
        ([0] * n, tuple(range(n))),
        ([-1] * (n - 1) + [n - 1], (n - 1,)),
        ([n - 1] + [-1] * (n - 1), (0,)),
        ([5 if s % 2 else -5 for s in range(n)], tuple(s for s in range(n) if s % 2)),
        ([7, 7, *[-3] * (n - 2)], (0, 1)),
        ([-2, *[-9] * (n - 2), -2], (0, n - 1)),
    ]
    for totals, winners in cases:
        match.totals = totals
        assert match.winners() == winners, totals
