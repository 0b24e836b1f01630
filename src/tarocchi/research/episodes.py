"""What an episode of the research adapters is: one hand (``"hand"``), or one whole game
(``"match"``), the same two names in PettingZoo, Gymnasium and OpenSpiel.

A match is as many hands as the game's rules (and options) say, the deal passing on and the
totals carrying over (``core.match``). An option that only sets the game's length (Taroinche's
``hands``) changes nothing in a one-hand episode, so a value other than its default is refused
there rather than accepted to no effect.
"""

from __future__ import annotations

from typing import Any

from tarocchi.core.protocol import Game

EPISODES = ("hand", "match")


def check_episode(game: Game[Any], episode: str) -> None:
    """ValueError for an unknown ``episode``, or a length set for a one-hand episode."""
    if episode not in EPISODES:
        whole = ": a whole game is episode='match'" if episode == "game" else ""
        raise ValueError(f"episode must be one of {', '.join(EPISODES)} (got {episode!r}){whole}")
    if episode == "match":
        return
    for spec in game.info.options:
        value = game.options[spec.name]
        if spec.length_only and value != spec.default:
            raise ValueError(
                f"{spec.name}={value} sets how many hands a game of {game.info.id} has, and an episode "
                f"is one hand: give episode='match' as well, or leave {spec.name} out"
            )
