"""A game's state (a NamedTuple, so a tuple subclass) built from its fields in one call.

``tuple.__new__(State, (f1, ..., f16))`` builds a tuple of the fields and then copies it into
the new state through the type's generic ``__new__`` wrapper: about 950 instructions, the
costliest line of a compiled play step (callgrind; docs/performance.md). ``row(State, f1, ...)``
from ``_rows.c``, built with the compiled modules, allocates the state and fills it: the same
object, for a tenth of that. Pure Python (no C compiler, ``TAROCCHI_PURE=1``) uses
``tuple.__new__``, so the pure package runs no C of ours."""

from __future__ import annotations

from typing import Any, Final, Protocol, TypeVar

from tarocchi.loading import built

T = TypeVar("T", bound=tuple[Any, ...])


class Row(Protocol):
    def __call__(self, cls: type[T], /, *fields: object) -> T: ...


def pure_row(cls: type[T], /, *fields: object) -> T:
    """``row`` in pure Python (only the engine calls it, with its state classes)."""
    return tuple.__new__(cls, fields)


row: Final[Row] = built("tarocchi.core._rows", "row") or pure_row
"""``row(State, *fields)``: the state holding ``fields``, as ``tuple.__new__(State, fields)``."""
