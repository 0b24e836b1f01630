"""Taroinche as Board Game Arena plays it (rulings C1-C7, B1-B8)."""

from tarocchi.games.taroinche.bidding import Bid
from tarocchi.games.taroinche.game import TaroincheGame
from tarocchi.games.taroinche.state import Phase, TaroincheState

__all__ = ["Bid", "Phase", "TaroincheGame", "TaroincheState"]
