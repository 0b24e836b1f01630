"""Tarocchi as played in Piedmont (rulings C1-C7, P1-P5)."""

from tarocchi.games.piedmont.game import PiedmontGame
from tarocchi.games.piedmont.state import Phase, PiedmontState

__all__ = ["Phase", "PiedmontGame", "PiedmontState"]
