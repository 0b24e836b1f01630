"""The pace of a table where people sit: computer players' moves spaced so that people see them,
and the end of a hand held until every person at the table has looked at it.

Computer players think in well under a second, so unpaced a whole trick is replaced before a
person sees it. A connection that says ``pace`` is a person watching the table (the page says
it; a program never needs to): the computer players' moves are then spaced by the slowest pace
of the people seated, and a finished hand waits for each of them to say ``next``. A table where
nobody said ``pace`` (computer players only, programs, the test suites' clients) plays at full
speed and deals the next hand at once.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tarocchi.core.actions import Action, Discard

if TYPE_CHECKING:
    from tarocchi.server.tables import Connection, LiveTable

PaceName = Literal["fast", "normal", "slow"]


@dataclass(frozen=True)
class Pace:
    """Seconds between a move and a computer player's next one: ``card`` for a card played or a
    call made, ``hold`` for the lead after a finished trick (the trick stays in view so long)."""

    card: float
    hold: float


PACES: dict[str, Pace] = {
    "fast": Pace(card=0.4, hold=0.7),
    "normal": Pace(card=0.8, hold=1.2),
    "slow": Pace(card=1.5, hold=2.4),
}
"""The paces a person may choose; the page offers ``normal`` first."""

SCALE_VARIABLE = "TAROCCHI_PACE_SCALE"
"""An environment variable multiplying every pause (0: no pacing at all), read when a table
paces a move: the test suites set 0 so that whole games stay fast, and one test sets 1."""


def scale() -> float:
    """The operator's factor on every pause (``TAROCCHI_PACE_SCALE``, 1 when unset or unreadable)."""
    try:
        return max(0.0, float(os.environ.get(SCALE_VARIABLE, "1")))
    except ValueError:
        return 1.0


def people(table: LiveTable) -> list[Connection]:
    """The connections of people seated at ``table`` who asked to be paced: seats of kind
    ``invite`` (never a computer player's seat, never a spectator)."""
    return [
        c
        for c in table.connections
        if c.pace is not None and c.seat is not None and table.kinds[c.seat] == "invite"
    ]


def slowest(table: LiveTable) -> Pace | None:
    """The pace of the slowest person seated at ``table`` (None: nobody asked, no pacing)."""
    paces = [PACES[c.pace] for c in people(table) if c.pace is not None]
    if not paces:
        return None
    return max(paces, key=lambda pace: pace.card)


def trick_just_finished(table: LiveTable) -> bool:
    """Whether the table's latest action finished a trick (no trick under way, one done)."""
    view = table.match.view(None)
    return bool(view.tricks) and (view.trick is None or not view.trick.plays)


def pause(table: LiveTable, action: Action) -> float:
    """How long, counted from the table's latest change, a computer player waits before it takes
    ``action``: nothing for a card laid aside (nobody sees it) or at a table nobody watches."""
    pace = slowest(table)
    if pace is None or isinstance(action, Discard):
        return 0.0
    seconds = pace.hold if trick_just_finished(table) else pace.card
    return seconds * scale()


def remaining(table: LiveTable, action: Action) -> float:
    """What is left of ``pause`` now, counted from the table's latest change or, later, the end of
    its telling: the computer player's thinking counts towards it, the time the people's states
    took to build and send does not."""
    since = max(table.changed_at, table.shown_at)
    return max(0.0, pause(table, action) - (time.monotonic() - since))
