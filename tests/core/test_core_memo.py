"""What views remember between calls: ``Last`` (core/memo.py) works a value out again
exactly when what it depends on changed (a new tuple of finished tricks, even one equal to the
last, or another value of the rest of the key); a seat's events are read on from its last view."""

from __future__ import annotations

import random

from tarocchi.core.events import visible
from tarocchi.core.memo import Last
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import get_game
from tarocchi.core.running import frozen
from tarocchi.core.tricks import Trick


def test_the_same_tricks_and_key_are_worked_out_once() -> None:
    memo: Last[int] = Last()
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    tricks = (Trick(0, (1, 2, 3, 4), 2),)
    assert memo.get((tricks, "trumps"), make) == 1
    assert memo.get((tricks, "trumps"), make) == 1  # the same tuple, an equal rest: kept
    assert memo.get((tricks, "allegiance"), make) == 2  # the rest of the key changed
    assert memo.get((tuple(list(tricks)), "allegiance"), make) == 3  # another tuple, equal or not
    assert memo.get((tricks, "allegiance"), make) == 4  # only the last entry is kept
    assert len(made) == 4


def test_shared_lines_cannot_be_changed_by_one_view() -> None:
    lines, record = frozen(([("tricks won", "North-South 1, East-West 0")], 7))
    assert lines == (("tricks won", "North-South 1, East-West 0"),) and record == 7
    assert isinstance(lines, tuple)


def test_views_show_the_events_of_visible_however_views_are_asked_for() -> None:
    """A seat's events are read from where its last view left off; views asked in any order, of
    two hands in turn, for every seat and a spectator, still show exactly ``visible``'s."""
    game = get_game("taroux")
    rng = random.Random(4)  # any hands will do: the check is against visible, not a deal
    hands = []
    for number in (1, 2):
        state = game.initial_state(game.deal(rng, 0), HandContext(number, 0, (0,) * game.players))
        states = [state]
        while game.to_act(state) is not None:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            states.append(state)
        hands.append(states)
    seats: list[int | None] = [*range(game.players), None]
    asked = 0
    for step in range(max(len(states) for states in hands)):
        for states in hands:  # two hands in turn: neither log is a tail of the other
            state = states[min(step, len(states) - 1)]
            for seat in rng.sample(seats, len(seats)):
                assert game.view(state, seat).events == visible(state.events, seat)
                asked += 1
    assert asked > 500
