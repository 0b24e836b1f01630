"""The hand's log: every event carries, from its creation, the seats that may see it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from tarocchi.core.actions import Action
from tarocchi.core.rows import pure_row, row

PUBLIC = -1
"""Audience of an event every seat (and a spectator) sees: all bits set."""


def only(seat: int) -> int:
    """Audience of an event only ``seat`` sees."""
    return 1 << seat


class Event(NamedTuple):
    """Something that happened. ``audience`` is a bitmask of the seats that see it.

    ``action`` is the action taken (or, for those who may not see its card, a ``FaceDown``
    standing for it), or None for what the rules did by themselves (a trick won, a card taken
    back); ``note`` says it in words for those. ``trick`` is the number (from
    1) of the trick a ``wins trick`` event says ``seat`` won, 0 for every other event: programs
    read it, never the note.
    """

    seat: int | None
    action: Action | None
    audience: int
    note: str = ""
    trick: int = 0

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator, who sees only public events) may see this."""
        if seat is None:
            return self.audience == PUBLIC
        return bool(self.audience >> seat & 1)


def _made(
    cls: type[Event], seat: int | None, action: Action | None, audience: int, note: str = "", trick: int = 0
) -> Event:
    """``Event.__new__`` where the engine runs compiled: the event built in one C call
    (``rows.row``) instead of the NamedTuple's own ``__new__``, a Python function whose frame
    cost more than the rest of an auction's step (every bid, pass and note makes one)."""
    return row(cls, seat, action, audience, note, trick)


if row is not pure_row:  # compiled (and so is this module): else the NamedTuple's own is as fast
    setattr(Event, "__new__", staticmethod(_made))  # noqa: B010 (a class's __new__, not an attribute)

MYPYC = False
"""True only while mypyc compiles (setup.py's ``--always-true=MYPYC``; mypy's config: false)."""

if TYPE_CHECKING and not MYPYC:  # noqa: SIM108 (a type alias, not a value)
    EventLog = tuple[Event, "EventLog"] | None
else:  # run time, and mypyc, which cannot compile a recursive alias (it crashes); not
    # tuple[Event, Any] either: mypyc would unbox such a node and box it anew at each ``is``,
    # so that a log never looked grown from its tail (tests/core/test_core_events.py)
    EventLog = tuple[Any, ...] | None
"""Events as a persistent list, newest first: adding one costs one small tuple."""


def visible(log: EventLog, seat: int | None) -> tuple[Event, ...]:
    """The events of ``log`` that ``seat`` may see (``Event.seen_by``), oldest first."""
    return visible_since(log, seat, None)[0]


def visible_since(log: EventLog, seat: int | None, tail: EventLog) -> tuple[tuple[Event, ...], bool]:
    """The events ``seat`` may see among those ``log`` added to ``tail``, oldest first, and
    whether ``log`` grew from ``tail`` at all (if not, the events are all of ``log``'s). Every
    view walks the log, and a search player builds thousands of views a decision, so this is
    one plain loop, not a generator calling ``seen_by`` per event."""
    seen: list[Event] = []
    keep = seen.append
    node = log
    if seat is None:
        while node is not None and node is not tail:
            event = node[0]
            if event[2] == PUBLIC:
                keep(event)
            node = node[1]
    else:
        bit = 1 << seat
        while node is not None and node is not tail:
            event = node[0]
            if event[2] & bit:
                keep(event)
            node = node[1]
    seen.reverse()
    return tuple(seen), node is tail


def unroll(log: EventLog) -> Iterator[Event]:
    """The events of ``log``, oldest first."""
    stack: list[Event] = []
    while log is not None:
        stack.append(log[0])
        log = log[1]
    return reversed(stack)
