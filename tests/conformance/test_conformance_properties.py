"""Property-based random play: Hypothesis draws the deals, the first dealer and every choice.

Over every registered game and option combination: at every step the audit is clean and the
seat to act has a legal action; a drawn action outside the legal set is refused; finished hands
are zero-sum; a whole match rotates the deal and totals its hands.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conformance_tools import MAX_ACTIONS_PER_HAND, other_kinds
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarocchi.core.errors import IllegalActionError
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game, HandContext

PROPERTY_SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PROPERTY_SETTINGS
@given(rnd=st.randoms(use_true_random=False), dealer=st.integers(0, 63), probe=st.integers(0, 10**6))
def test_random_hands_keep_the_invariants_at_every_step(
    game: Game[Any], rnd: random.Random, dealer: int, probe: int
) -> None:
    dealer %= game.players
    state = game.initial_state(game.deal(rnd, dealer), HandContext(1, dealer, (0,) * game.players))
    candidates = other_kinds(game.deck)
    steps = 0
    while (seat := game.to_act(state)) is not None:
        assert game.audit(state) == [], f"after {steps} actions"
        assert game.outcome(state) is None
        legal = game.legal_actions(state)
        assert legal, f"seat {seat} is to act but has no legal action"
        foreign = candidates[(probe + steps) % len(candidates)]
        if foreign not in legal:
            assert game.explain_illegal(state, foreign)
            with pytest.raises(IllegalActionError):
                game.apply(state, foreign)
        state = game.apply(state, rnd.choice(legal))
        steps += 1
        assert steps <= MAX_ACTIONS_PER_HAND
    assert game.legal_actions(state) == ()
    assert game.audit(state) == []
    result = game.outcome(state)
    assert result is not None and sum(result.scores) == 0


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63), choices=st.integers(0, 2**63), first_dealer=st.integers(0, 63))
def test_random_matches_rotate_the_deal_and_total_their_zero_sum_hands(
    game: Game[Any], seed: int, choices: int, first_dealer: int
) -> None:
    first_dealer %= game.players
    match = Match(game, seed=seed, first_dealer=first_dealer)
    rng = random.Random(choices)
    totals = [0] * game.players
    while True:
        number = len(match.hands)
        assert match.hand.dealer == (first_dealer + number - 1) % game.players
        while (seat := match.to_act()) is not None:
            assert game.audit(match.state) == []
            legal = match.legal_actions()
            assert legal
            match.submit(seat, rng.choice(legal), state_id=match.state_id)
        result = match.hand.result
        assert result is not None and result == game.outcome(match.state)
        assert game.audit(match.state) == []
        assert sum(result.scores) == 0
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
        assert match.totals == totals
        if match.over:
            break
        match.next_hand()
    assert len(match.hands) == game.hands_per_game()
    assert set(match.winners()) == {s for s in range(game.players) if totals[s] == max(totals)}
