"""``rows.row`` builds a game's state from its fields: the object ``tuple.__new__`` would build
(compiled, by ``_rows.c``; pure, by ``tuple.__new__`` itself); the C builder refuses a class
that is no tuple subclass."""

from __future__ import annotations

import gc
import weakref
from typing import Any, NamedTuple

import pytest

from tarocchi import loading
from tarocchi.core import rows
from tarocchi.core.events import Event


class Point(NamedTuple):
    x: int
    y: object


def test_row_is_the_namedtuple_of_its_fields() -> None:
    hand = 1 << 79
    built = rows.row(Point, 3, (hand, "four"))
    assert type(built) is Point
    assert built == Point(3, (hand, "four"))
    assert built.x == 3 and built.y == (hand, "four")
    assert built._replace(x=5) == Point(5, (hand, "four"))
    assert hash(built) == hash(Point(3, (hand, "four")))


def test_row_holds_its_fields_alive_and_is_collected_with_them() -> None:
    payload = [1, 2, 3]
    built = rows.row(Point, 1, payload)
    del payload
    assert built.y == [1, 2, 3]
    assert gc.is_tracked(built)

    class Box:
        held: Point

    box = Box()
    box.held = rows.row(Point, 0, box)  # a cycle through the row: found only if the row is tracked
    gone = weakref.ref(box)
    del box
    gc.collect()
    assert gone() is None


def test_row_builds_an_event_as_the_engine_does() -> None:
    assert rows.row(Event, 2, None, 0b1111, "wins trick 1", 1) == Event(2, None, 0b1111, "wins trick 1", 1)


@pytest.mark.parametrize("cls", [tuple, int, "Point"])
def test_the_c_builder_refuses_what_is_no_tuple_subclass(cls: Any) -> None:
    """Built by ``make compiled`` (``make test`` runs it first), it can be imported whichever way
    the engine loads; a wrong class is a TypeError, never memory written out of place."""
    from tarocchi.core._rows import row

    with pytest.raises(TypeError, match="subclass of tuple"):
        row(cls, 1, 2)
    assert row(Point, 1, 2) == Point(1, 2)


def test_compiled_engine_builds_rows_in_c_and_pure_in_python() -> None:
    """The C builder runs exactly when the engine does compiled (``make test`` runs both)."""
    assert (rows.row is not rows.pure_row) == loading.compiled()
