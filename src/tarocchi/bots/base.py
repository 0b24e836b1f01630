"""The player protocol and a driver that plays a whole game between players."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from tarocchi.core.actions import Action
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game
from tarocchi.core.views import PlayerView


class Player(Protocol):
    """Anything that picks an action from a view. It never sees the true state."""

    name: str

    def choose(self, view: PlayerView, rng: random.Random) -> Action: ...


def legal_choices(view: PlayerView) -> tuple[Action, ...]:
    """The actions ``view`` offers; ValueError if it offers none (it is not the seat's turn), so
    a player asked out of turn says so instead of failing somewhere inside its rules of thumb."""
    if not view.legal_actions:
        raise ValueError(f"seat {view.seat} has nothing to choose: it is not its turn")
    return view.legal_actions


def player_rng(seed: int | None, seat: int) -> random.Random:
    """The rng a seat's player draws from: derived from the game seed alone (a string seed is
    hashed the same way on every run and machine), so unrelated randomness never leaks in.
    Without a seed, from a secret one: unseeded play is unpredictable, not the same every time."""
    if seed is None:
        return random.Random(secrets.randbits(128))
    return random.Random(f"tarocchi/{seed}/seat/{seat}")


def play_match(
    game: Game[Any],
    players: Sequence[Player],
    *,
    seed: int | None = None,
    first_dealer: int | None = None,
    deals: Sequence[Deal] | None = None,
    on_action: Callable[[Match], None] | None = None,
) -> Match:
    """Play a whole game between ``players`` (one per seat) and return the finished Match."""
    if len(players) != game.players:
        raise ValueError(f"{game.info.id} needs {game.players} players, got {len(players)}")
    match = Match(game, seed=seed, first_dealer=first_dealer, players=[p.name for p in players], deals=deals)
    rngs = [player_rng(seed, seat) for seat in range(game.players)]
    while True:
        seat = match.to_act()
        while seat is not None:
            action = players[seat].choose(match.view(seat), rngs[seat])
            match.submit(seat, action)
            if on_action is not None:
                on_action(match)
            seat = match.to_act()
        if match.over:
            return match
        match.next_hand()
