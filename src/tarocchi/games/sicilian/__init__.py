"""The Sicilian game (rulings C1-C7, S1-S10)."""

from tarocchi.games.sicilian.game import SicilianGame
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState

__all__ = ["Mode", "Phase", "SicilianGame", "SicilianState"]
