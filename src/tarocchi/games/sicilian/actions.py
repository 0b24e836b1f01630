"""The Sicilian game's own actions: bargaining offers (S3) and the rally (S7)."""

from __future__ import annotations

from dataclasses import dataclass

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card

THROW = "throw"
PAY = "pay"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """S3: ``throw N`` (I throw in if paid N) or ``pay N`` (I pay N to throw in).

    Any integer can be written, so that an amount out of range is refused with its reason
    rather than unreadable.
    """

    kind: str
    amount: int

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """S3: take the open offer of an earlier speaker, named by seat. Notation: ``take 2``."""

    seat: int

    def __str__(self) -> str:
        return f"take {self.seat}"


@dataclass(frozen=True, slots=True)
class Rally(Action):
    """S7: the Declarer names the card whose holder becomes his hidden partner."""

    card: Card

    def __str__(self) -> str:
        return f"rally {self.card.code}"
