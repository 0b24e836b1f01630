"""Checks of the plain arguments that public entry points take, with the project's own error."""

from __future__ import annotations

from typing import TypeGuard

from tarocchi.core.errors import ArgumentError


def is_whole(value: object) -> TypeGuard[int]:
    """An int but not a bool: ``True`` is an int to Python, yet never a seat, a count or a score."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(name: str, value: object, least: int = 1) -> int:
    """``value`` if it is a whole number of at least ``least``; else ArgumentError saying so."""
    if type(value) is not int:
        raise ArgumentError(
            f"{name} must be a whole number, e.g. {max(least, 2)} (got {type(value).__name__})"
        )
    if value < least:
        raise ArgumentError(f"{name} must be at least {least} (got {value})")
    return value
