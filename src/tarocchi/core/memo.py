"""A one-entry memo for what a view shows that changes only now and then: a view is built at
every decision and for every seat, while the running state and the finished tricks change once
a trick, so the positions of one trick share the work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Last(Generic[T]):
    """The last value worked out, and its key.

    The key's first item is a tuple of the state's (the finished tricks), compared by identity:
    the memo holds it, so its id is not reused. The rest, whatever else the value depends on, is
    compared by equality. One tuple is read and written whole, so threads sharing a game at worst
    work a value out again."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], T] | None = None

    def get(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        last = self._last
        if last is not None and last[0][0] is key[0] and last[0][1:] == key[1:]:
            return last[1]
        value = make()
        self._last = (key, value)
        return value
