"""Records written by the engine for the tests that read them back (the replay's endpoint and page)."""

from __future__ import annotations

import random
from typing import Any

from tarocchi.core.match import Match, play_out
from tarocchi.core.registry import get_game


def engine_record(game_id: str) -> dict[str, Any]:
    """A whole game of random legal moves, recorded by the engine (whatever the deals: the tests
    check what the record holds, never a particular deal)."""
    match = Match(get_game(game_id))
    rng = random.Random()

    def turn(seat: int) -> bool:
        match.submit(seat, rng.choice(match.legal_actions()))
        return True

    play_out(match, turn)
    return match.record()
