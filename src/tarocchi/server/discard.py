"""How many cards a seat lays aside in the discard it is making, for the page's "choose 4".

A discard is taken one card at a time (each a ``Discard`` action); a person chooses them all at
once and confirms. The count is found by making the discard in thought: the first legal card
laid aside, again and again, while the same seat is to act with only discards before it. Every
state is immutable and nothing is applied to the table; the count is the rules' number, which
the seat knows already, so it reveals nothing.
"""

from __future__ import annotations

from typing import Any

from tarocchi.core.actions import Discard
from tarocchi.core.protocol import Game


def discards_due(game: Game[Any], state: Any, seat: int | None) -> int:
    """How many cards ``seat`` is still to lay aside in a row from ``state`` (0: none now)."""
    count = 0
    while seat is not None and game.to_act(state) == seat:
        actions = game.legal_actions(state)
        if not actions or not all(isinstance(action, Discard) for action in actions):
            break
        state = game.apply(state, actions[0])
        count += 1
    return count
