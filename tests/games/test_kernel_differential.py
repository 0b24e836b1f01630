"""Each game's playout kernel against the engine over many random hands: at every card the same
legal set, after every trick the same winner, at the end the same scores, and ``undo`` taking the
kernel back through exactly the states it passed.

Deals and play are random: what is asserted is equality with the engine, whatever the deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi.bots.kernels import kernel_factory
from tarocchi.core.actions import Call, Play
from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import get_game
from tarocchi.games.piedmont.kernel import AllegianceKernel

HANDS = {"piedmont": 3000, "piedmont/allegiance": 3000, "sicilian": 2000, "taroinche": 4000, "taroux": 2000}
"""Hands per game (and option): thousands of tricks each, within a few seconds."""
OPTIONS = {"piedmont/allegiance": {"good_evil": "allegiance"}}
PASSING = {"taroinche": 0.7}
"""How often the random auction passes where it may: bidding uniformly at random climbs to Capot
in almost every Taroinche hand, and the value contracts (the dog, the belote, the last trick)
need testing as much."""


def snapshot(k: Kernel) -> tuple[Any, ...]:
    if isinstance(k, AllegianceKernel):
        return (
            tuple(k.hands),
            tuple(k.trick_masks),
            tuple(k.winners),
            tuple(k.tricks_won),
            tuple(k.trick),
            tuple(k.seg_start),
            tuple(k.seg_side),
            k.tricks,
            k.leader,
            k.turn,
            k.count,
            k.led,
            k.caller,
            k.pending,
            k.forced,
            k.dead,
            k.fool_seat,
            k.fool_trick,
            k.fool_winner,
            len(k.cards),
        )
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
        k.best,
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
    passing = PASSING.get(game.info.id, 0.0)
    while game.to_act(state) is not None:
        if factory(state) is not None and rng.random() < 0.3:
            return state  # sometimes from the middle of trick play, a trick in progress
        legal = game.legal_actions(state)
        passes = [a for a in legal if isinstance(a, Call) and a.word == "pass"]  # not every bid's text
        state = game.apply(state, passes[0] if passes and rng.random() < passing else rng.choice(legal))
    return None


def check_random_playout(game: Any, state: Any, k: Kernel, rng: random.Random) -> None:
    """``random_playout`` plays only cards the engine accepts and scores as the engine; taking it
    back restores the kernel."""
    start = snapshot(k)
    mark = len(k.cards)
    k.random_playout(rng)
    for card in k.cards[mark:]:
        state = game.apply(state, play_of(game, state, k, card))
    result = game.outcome(state)
    assert result is not None and k.scores() == list(result.scores)
    k.undo_to(mark)
    assert snapshot(k) == start


def move_of(k: Kernel, action: Any) -> int:
    """The kernel's move for an engine action: a card's index, or a call's number."""
    return action.card.index if isinstance(action, Play) else k.call_move(str(action))  # type: ignore[no-any-return]


def play_of(game: Any, state: Any, k: Kernel, move: int) -> Any:
    """The engine's legal action for the kernel's ``move`` (AssertionError if it is not legal).
    ``k`` only names the calls' moves, which are the same in every state."""
    (action,) = [a for a in game.legal_actions(state) if move_of(k, a) == move]
    return action


@pytest.mark.parametrize("name", sorted(HANDS))
def test_kernel_plays_and_scores_as_the_engine(name: str) -> None:
    game = get_game(name.partition("/")[0], OPTIONS.get(name))
    game_id = name
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
            assert k.legal() == sum(1 << move_of(k, a) for a in legal)
            action = rng.choice(legal)
            before = len(state.tricks)
            state = game.apply(state, action)
            k.play(move_of(k, action))
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
