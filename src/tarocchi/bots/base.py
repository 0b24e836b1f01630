"""The player protocol, and the turn of computer players for ``play_out`` (the one loop that
plays a match): ``play_match`` plays a whole game between them."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tarocchi.core.actions import Action
from tarocchi.core.match import Match, play_out
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


def players_turn(
    match: Match, players: Sequence[Player] | Mapping[int, Player], rngs: Sequence[random.Random]
) -> Callable[[int], None]:
    """A ``play_out`` turn for computer players: the seat's player chooses from the seat's view,
    with the seat's rng, and the match applies the choice. ``players`` is looked up at each turn."""
    submit, view = match.submit, match.view

    def turn(seat: int) -> None:
        submit(seat, players[seat].choose(view(seat), rngs[seat]))

    return turn


def play_match(
    game: Game[Any],
    players: Sequence[Player],
    *,
    seed: int | None = None,
    first_dealer: int | None = None,
    deals: Sequence[Deal] | None = None,
    on_action: Callable[[Match], None] | None = None,
) -> Match:
    """Play a whole game between ``players`` (one per seat) and return the finished Match;
    ``on_action`` sees the match after every action (an audit, a progress display)."""
    if len(players) != game.players:
        raise ValueError(f"{game.info.id} needs {game.players} players, got {len(players)}")
    match = Match(game, seed=seed, first_dealer=first_dealer, players=[p.name for p in players], deals=deals)
    move = players_turn(match, players, [player_rng(seed, seat) for seat in range(game.players)])
    if on_action is None:
        play_out(match, move)
        return match

    def turn(seat: int) -> None:
        move(seat)
        on_action(match)

    play_out(match, turn)
    return match
