"""Each game's playout kernel against the engine over many random hands: at every card the same
legal set, after every trick the same winner, at the end the same scores, and ``undo`` taking the
kernel back through exactly the states it passed (issue 16).

Deals and play are random: what is asserted is equality with the engine, whatever the deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi.bots.kernels import kernel_factory
from tarocchi.core.actions import Play
from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import get_game

HANDS = {"piedmont": 1000, "sicilian": 1000, "taroux": 1000}
"""Hands per game: thousands of tricks each, within a few seconds."""


def snapshot(k: Kernel) -> tuple[Any, ...]:
    return (
        tuple(k.hands),
        tuple(k.won),
        tuple(k.tricks_won),
        tuple(k.winners),
        k.tricks,
        k.leader,
        k.turn,
        k.count,
        k.led,
        k.best_seat,
        k.best_power,
        k.best_trump,
        k.trick_mask,
        k.fool_seat,
        k.fool_trick,
        k.fool_winner,
        len(k.cards),
    )


def to_play(game: Any, rng: random.Random, number: int) -> Any:
    """A hand dealt by the engine and played at random until trick play (None if thrown in)."""
    dealer = number % game.players
    state = game.initial_state(game.deal(rng, dealer), HandContext(1, dealer, (0,) * game.players))
    factory = kernel_factory(game)
    assert factory is not None
    while game.to_act(state) is not None:
        if factory(state) is not None and rng.random() < 0.3:
            return state  # sometimes from the middle of trick play, a trick in progress
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return None


def check_random_playout(game: Any, state: Any, k: Kernel, rng: random.Random) -> None:
    """``random_playout`` (its own copy of ``legal``) plays only cards the engine accepts and scores
    as the engine; taking it back restores the kernel."""
    start = snapshot(k)
    mark = len(k.cards)
    k.random_playout(rng)
    for card in k.cards[mark:]:
        state = game.apply(state, play_of(game, state, card))
    result = game.outcome(state)
    assert result is not None and k.scores() == list(result.scores)
    k.undo_to(mark)
    assert snapshot(k) == start


def play_of(game: Any, state: Any, card: int) -> Any:
    """The engine's legal action that plays ``card`` (AssertionError if it is not legal)."""
    (action,) = [a for a in game.legal_actions(state) if a.card.index == card]
    return action


@pytest.mark.parametrize("game_id", sorted(HANDS))
def test_kernel_plays_and_scores_as_the_engine(game_id: str) -> None:
    game = get_game(game_id)
    factory = kernel_factory(game)
    assert factory is not None
    rng = random.Random(16)
    checked = 0
    for number in range(HANDS[game_id]):
        state = to_play(game, rng, number)
        if state is None:
            continue
        k = factory(state)
        assert k is not None
        check_random_playout(game, state, k, rng)
        seen = [snapshot(k)]
        while (seat := game.to_act(state)) is not None:
            assert seat == k.turn
            legal = game.legal_actions(state)
            assert all(isinstance(a, Play) for a in legal)
            assert k.legal() == sum(1 << a.card.index for a in legal)  # type: ignore[attr-defined]
            action = rng.choice(legal)
            before = len(state.tricks)
            state = game.apply(state, action)
            k.play(action.card.index)  # type: ignore[attr-defined]
            if len(state.tricks) > before:
                assert k.winners[-1] == state.tricks[-1].winner
            seen.append(snapshot(k))
        assert k.done()
        result = game.outcome(state)
        assert result is not None
        assert k.scores() == list(result.scores)
        for expected in reversed(seen[:-1]):
            k.undo()
            assert snapshot(k) == expected
        checked += 1
    assert checked > HANDS[game_id] // 2
