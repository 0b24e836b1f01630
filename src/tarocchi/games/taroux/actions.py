"""The one action Taroux adds to the core's: showing a trump for an Abundance (T6)."""

from __future__ import annotations

from dataclasses import dataclass

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card


@dataclass(frozen=True, slots=True)
class Show(Action):
    """Lay a trump face up for an Abundance. Notation: ``show T14``."""

    card: Card

    def __str__(self) -> str:
        return f"show {self.card.code}"
