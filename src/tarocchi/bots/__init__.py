"""Computer players. A player sees only its seat's view and draws chance from the rng it is given."""

from tarocchi.bots.base import Player, play_match, player_rng, players_turn
from tarocchi.bots.random import RandomPlayer

__all__ = ["Player", "RandomPlayer", "play_match", "player_rng", "players_turn"]
