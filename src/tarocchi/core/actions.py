"""Typed actions shared by the games, with their text notation.

``str(action)`` is the action's notation: the form the terminal accepts, the records store and
the API returns. Actions are small frozen values; each game builds the ones it offers once and
hands out the same objects, so comparing them is cheap.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, fields, is_dataclass

from tarocchi.core.arguments import is_whole
from tarocchi.core.cards import Card
from tarocchi.core.errors import ArgumentError
from tarocchi.core.text import shown_value

_CHECKED_TYPES = (Card, int, str)
"""Field types an action's constructor checks; other annotations are left to the game."""


class Action:
    """Base of every action; ``str()`` is its notation.

    Every action dataclass checks its fields when it is built (``Play(None)`` is an
    ArgumentError at once), so that no malformed action reaches the rules. Actions are built
    once per game and shared, so this costs nothing per move.
    """

    __slots__ = ()

    def __post_init__(self) -> None:
        problem = action_problem(self)
        if problem is not None:
            raise ArgumentError(problem)


_FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {}


def _field_types(cls: type) -> tuple[tuple[str, type], ...]:
    """The fields of an action class whose annotation is Card, int or str (resolved once)."""
    known = _FIELD_TYPES.get(cls)
    if known is not None:
        return known
    found: tuple[tuple[str, type], ...] = ()
    if is_dataclass(cls):
        try:
            hints = typing.get_type_hints(cls)
        except (NameError, TypeError):  # an annotation that cannot be resolved: not checked
            hints = {}
        found = tuple((f.name, hints[f.name]) for f in fields(cls) if hints.get(f.name) in _CHECKED_TYPES)
    _FIELD_TYPES[cls] = found
    return found


def action_problem(action: object) -> str | None:
    """What makes ``action`` no action at all, in one line; None for a well-formed action.

    A well-formed action may still be illegal (or name a card of another pack): that is for the
    game's rules to say.
    """
    if not isinstance(action, Action):
        return f"expected an action, got {type(action).__name__} {shown_value(action)}"
    kind = type(action).__name__
    for name, expected in _field_types(type(action)):
        value = getattr(action, name, None)
        if expected is int:
            if not is_whole(value):
                return f"{kind}: {name} must be a whole number (got {shown_value(value)})"
        elif not isinstance(value, expected):
            return f"{kind}: {name} must be a {expected.__name__} (got {shown_value(value)})"
    return None


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
class FaceDown(Action):
    """What the other seats see of discards laid aside face down: how many, never which (C5).
    The discarder's own events hold each ``Discard``; everyone's hold this one, typed, so a
    program counts hidden discards without reading the words of the note beside it. Never a
    legal action. Notation: ``face down 4``."""

    count: int

    def __str__(self) -> str:
        return f"face down {self.count}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A spoken call without arguments (``pass``, ``ours``, ``contra`` ...). Notation: the word."""

    word: str

    def __str__(self) -> str:
        return self.word


def named_cards(action: Action) -> tuple[Card, ...]:
    """The cards a well-formed action names (its Card fields): a play's, a discard's..."""
    return tuple(getattr(action, name) for name, kind in _field_types(type(action)) if kind is Card)
