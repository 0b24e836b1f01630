"""The hand's log: who sees which event."""

from __future__ import annotations

from tarocchi.core.events import PUBLIC, Event, EventLog, only, visible


def test_each_seat_sees_public_events_and_its_own_the_spectator_only_public_ones() -> None:
    """A log built by hand, oldest first: a public note, South's private discard, an event for
    West and North together, a public trick won."""
    first = Event(0, None, PUBLIC, "deals")
    secret = Event(0, None, only(0), "discards 4E")
    pair = Event(1, None, only(1) | only(2), "shows West and North")
    won = Event(3, None, PUBLIC, "wins trick 1")
    log: EventLog = None
    for event in (first, secret, pair, won):
        log = (event, log)
    assert visible(log, 0) == (first, secret, won)
    assert visible(log, 1) == (first, pair, won)
    assert visible(log, 2) == (first, pair, won)
    assert visible(log, 3) == (first, won)
    assert visible(log, None) == (first, won)
    for seat in (None, 0, 1, 2, 3):
        assert visible(log, seat) == tuple(e for e in (first, secret, pair, won) if e.seen_by(seat))
    assert visible(None, 0) == ()
