"""Typed actions shared by the games, with their text notation.

``str(action)`` is the action's notation: the form the terminal accepts, the records store and
the API returns. Actions are small frozen values; each game builds the ones it offers once and
hands out the same objects, so comparing them is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass

from tarocchi.core.cards import Card


class Action:
    """Base of every action; ``str()`` is its notation."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick. Notation: the card's code, e.g. ``KE``."""

    card: Card

    def __str__(self) -> str:
        return self.card.code


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Lay a card aside face down. Notation: ``discard KE``."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A spoken call without arguments (``pass``, ``ours``, ``contra`` ...). Notation: the word."""

    word: str

    def __str__(self) -> str:
        return self.word
