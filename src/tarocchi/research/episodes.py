"""What an episode of the research adapters is: one hand, or one whole game.

A whole game is as many hands as the game's rules (and options) say, the deal passing on and the
totals carrying over (``core.match``). An option that only sets the game's length (Taroinche's
``hands``) changes nothing in a one-hand episode, so a value other than its default is refused
there rather than accepted to no effect.
"""

from __future__ import annotations

from typing import Any

from tarocchi.core.protocol import Game

EPISODES = ("hand", "game")


def check_episode(game: Game[Any], episode: str) -> None:
    """ValueError for an unknown ``episode``, or a length set for a one-hand episode."""
    if episode not in EPISODES:
        raise ValueError(f"episode must be one of {', '.join(EPISODES)} (got {episode!r})")
    if episode == "game":
        return
    for spec in game.info.options:
        value = game.options[spec.name]
        if spec.length_only and value != spec.default:
            raise ValueError(
                f"{spec.name}={value} sets how many hands a game of {game.info.id} has, and an episode "
                f"is one hand: give episode='game' as well, or leave {spec.name} out"
            )
