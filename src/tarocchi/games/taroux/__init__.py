"""Taroux of Six (rulings C1-C7, T1-T11)."""

from tarocchi.games.taroux.game import TarouxGame
from tarocchi.games.taroux.state import Phase, TarouxState

__all__ = ["Phase", "TarouxGame", "TarouxState"]
