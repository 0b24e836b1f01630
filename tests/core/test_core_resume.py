"""Continuing a saved game (record.resume / Match.from_record), and the table helpers of the
Match: undo, several actions checked together, forced actions."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tarocchi.core.errors import IllegalActionError, RecordError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.record import replay, resume


def play_on(match: Match, rng: random.Random, actions: int | None = None) -> None:
    """Random legal actions, across hands, until ``actions`` are taken or the game is over."""
    taken = 0
    while not match.over and (actions is None or taken < actions):
        seat = match.to_act()
        if seat is None:
            match.next_hand()
            continue
        match.submit(seat, rng.choice(match.legal_actions()))
        taken += 1


def stopped_in_hand_two(game: Game[Any], seed: int | None) -> Match:
    match = Match(game, seed=seed, players=[f"P{s}" for s in range(game.players)])
    rng = random.Random(5)
    while len(match.hands) < 2 or len(match.hand.actions) < 3:
        play_on(match, rng, 1)
    return match


@pytest.mark.parametrize("draws_dealer", [True, False])
def test_a_resumed_seeded_game_goes_on_as_the_uninterrupted_one(game: Game[Any], draws_dealer: bool) -> None:
    if game.hands_per_game() < 3:
        pytest.skip("needs a game of three hands at least")
    first = None if draws_dealer else 1
    match = Match(game, seed=31, first_dealer=first, players=[f"P{s}" for s in range(game.players)])
    rng = random.Random(5)
    while len(match.hands) < 2 or len(match.hand.actions) < 3:
        play_on(match, rng, 1)
    record = copy.deepcopy(match.record())
    resumed = Match.from_record(record)
    assert resumed.state == match.state and resumed.players == match.players
    assert resumed.record() == record and resumed.totals == match.totals
    assert resumed.to_act() == match.to_act() and resumed.first_dealer == match.first_dealer
    # the same choices from here on: the same later deals, the same game
    other = random.Random()
    other.setstate(rng.getstate())
    play_on(match, rng)
    play_on(resumed, other)
    assert resumed.record() == match.record()
    assert replay(resumed.record()).complete


def test_a_game_resumed_from_given_deals_deals_on_reproducibly(game: Game[Any]) -> None:
    if game.hands_per_game() < 2:
        pytest.skip("needs a game of two hands at least")
    source = Match(game, seed=8)
    given = Match(game, seed=99, first_dealer=source.first_dealer, deals=[source.hand.deal])
    rng = random.Random(3)
    while not given.hand_over:
        play_on(given, rng, 1)
    record = given.record()
    one, two = resume(record), resume(record)
    one.next_hand()
    two.next_hand()
    assert one.hand.deal == two.hand.deal  # from the seed and the hands played


def test_an_unseeded_game_resumes_and_deals_fresh(game: Game[Any]) -> None:
    match = stopped_in_hand_two(game, None)
    resumed = resume(match.record())
    assert resumed.seed is None and resumed.state == match.state
    play_on(resumed, random.Random(1))
    summary = replay(resumed.record())
    assert summary.complete and summary.hands == game.hands_per_game()


def test_a_hand_finished_at_the_stop_resumes_before_the_next_deal(game: Game[Any]) -> None:
    if game.hands_per_game() < 2:
        pytest.skip("needs a game of two hands at least")
    match = Match(game, seed=4)
    rng = random.Random(4)
    while not match.hand_over:
        play_on(match, rng, 1)
    resumed = resume(match.record())
    assert resumed.hand_over and not resumed.over and len(resumed.hands) == 1
    resumed.next_hand()
    assert len(resumed.hands) == 2


def test_a_finished_or_bad_record_is_not_resumed(finished_match: Match) -> None:
    with pytest.raises(RecordError, match=r"^the game of this record is over \(complete: true\)"):
        resume(finished_match.record())
    bad = copy.deepcopy(finished_match.record())
    bad["complete"] = False
    with pytest.raises(RecordError) as error:
        resume(bad)
    with pytest.raises(RecordError) as same:
        replay(bad)
    assert str(error.value) == str(same.value)  # the same checks as replay
    with pytest.raises(RecordError, match="not a tarocchi record"):
        Match.from_record({"format": "x"})


# -- undo -------------------------------------------------------------------------------
def test_undo_takes_back_ones_own_last_actions_until_another_seat_acted(game: Game[Any]) -> None:
    match = Match(game, seed=12)
    assert match.to_act() is not None
    with pytest.raises(IllegalActionError, match="cannot undo: nothing has been played in this hand yet"):
        match.undo(match.to_act())  # type: ignore[arg-type]
    rng = random.Random(6)
    seat = match.to_act()
    assert seat is not None
    state, state_id = match.state, match.state_id
    match.submit(seat, rng.choice(match.legal_actions()))
    if match.hand_over:
        pytest.skip("the first action ended the hand")
    other = next(s for s in range(game.players) if s != seat)
    assert match.undo_refusal(other) is not None
    with pytest.raises(IllegalActionError, match="only your own latest actions"):
        match.undo(other)
    taken = match.undo(seat)
    assert match.state == state and match.state_id == state_id + 2 and match.hand.actions == []
    assert str(taken) and match.record()["hands"][0]["actions"] == []
    # after another seat has acted, one's own action before it stays
    while match.to_act() == seat:
        match.submit(seat, rng.choice(match.legal_actions()))
    nxt = match.to_act()
    if nxt is None:
        return
    match.submit(nxt, rng.choice(match.legal_actions()))
    if not match.hand_over and nxt != seat:
        with pytest.raises(IllegalActionError, match="cannot undo"):
            match.undo(seat)


def test_undo_after_the_hand_is_over_is_refused(finished_match: Match) -> None:
    last_seat = finished_match.hand.actions[-1][0]
    with pytest.raises(IllegalActionError, match="the hand is over; its score stands"):
        finished_match.undo(last_seat)


def test_undone_actions_leave_no_trace_in_the_record_and_it_replays(game: Game[Any]) -> None:
    match = Match(game, seed=13)
    rng = random.Random(7)
    for _ in range(200):
        seat = match.to_act()
        if seat is None:
            break
        match.submit(seat, rng.choice(match.legal_actions()))
        if not match.hand_over and rng.random() < 0.3:
            match.undo(seat)
    replay(match.record())


# -- several actions at once, forced actions ---------------------------------------------
def test_several_actions_are_checked_together_before_any_is_applied(game: Game[Any]) -> None:
    match = Match(game, seed=14)
    seat = match.to_act()
    assert seat is not None
    legal = match.legal_actions()
    before = (match.state, match.state_id)
    illegal = [a for a in _all_actions(game, match) if a not in legal]
    if illegal:
        with pytest.raises(IllegalActionError):
            match.submit_all(seat, [illegal[0]])
        assert (match.state, match.state_id) == before
    # a legal first action followed by one that is then illegal: nothing applied, the refused named
    state = game.apply(match.state, legal[0])
    if game.to_act(state) == seat:
        then = [a for a in _all_actions(game, match) if game.explain_illegal(state, a) is not None]
        if then:
            with pytest.raises(IllegalActionError, match=f"^{then[0]}: "):
                match.submit_all(seat, [legal[0], then[0]])
            assert (match.state, match.state_id) == before
    match.submit_all(seat, [legal[0]])
    assert match.hand.actions == [(seat, legal[0])]


def _all_actions(game: Game[Any], match: Match) -> list[Any]:
    """Some actions of the game: every play of a card, read from the notation."""
    found = []
    for card in game.deck.cards[:40]:
        try:
            found.append(game.parse_action(card.code))
        except Exception:
            continue
    return found


def test_the_forced_action_is_the_only_legal_one(game: Game[Any]) -> None:
    match = Match(game, seed=15)
    rng = random.Random(8)
    seen = 0
    for _ in range(2_000):
        seat = match.to_act()
        if seat is None:
            if match.over:
                break
            match.next_hand()
            continue
        legal = match.legal_actions()
        forced = match.forced_action(seat)
        assert forced == (legal[0] if len(legal) == 1 else None)
        seen += forced is not None
        assert all(match.forced_action(s) is None for s in range(game.players) if s != seat)
        match.submit(seat, rng.choice(legal))
    assert seen  # every game ends its hands with forced last cards
