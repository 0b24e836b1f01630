"""The hand's log: who sees which event."""

from __future__ import annotations

import pytest

from tarocchi.core.events import PUBLIC, Event, EventLog, only, visible, visible_since


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


def test_a_log_read_on_from_its_tail_gives_only_the_new_events_and_says_it_grew() -> None:
    """What every view's read-on relies on, compiled or not (a compiled node boxed anew at each
    step would never be its tail: every view would read its whole log again)."""
    first = Event(0, None, PUBLIC, "deals")
    secret = Event(1, None, only(1), "discards 4E")
    won = Event(2, None, PUBLIC, "wins trick 1")
    tail: EventLog = (first, None)
    log: EventLog = (won, (secret, tail))
    assert visible_since(log, 0, tail) == ((won,), True)
    assert visible_since(log, 1, tail) == ((secret, won), True)
    assert visible_since(log, None, tail) == ((won,), True)
    other: EventLog = (first, None)  # equal, but another hand's log: not this one's tail
    assert visible_since(log, 1, other) == ((first, secret, won), False)


def test_an_event_is_built_alike_by_position_keyword_and_default_and_copies_and_pickles() -> None:
    """Compiled, ``Event`` is built by a C call instead of the NamedTuple's own ``__new__``: the
    same tuple every way it can be called, and it copies, pickles and replaces as a NamedTuple."""
    import copy
    import pickle

    full = Event(2, None, only(2), "takes the stock", 0)
    assert Event(2, None, only(2), "takes the stock") == full
    assert Event(seat=2, action=None, audience=only(2), note="takes the stock") == full
    assert Event(2, None, audience=only(2), note="takes the stock", trick=0) == full
    assert tuple(Event(1, None, PUBLIC)) == (1, None, PUBLIC, "", 0)
    assert type(full) is Event and (full.seat, full.note, full.trick) == (2, "takes the stock", 0)
    assert pickle.loads(pickle.dumps(full)) == full
    assert copy.deepcopy(full) == full and copy.copy(full) == full
    assert full._replace(trick=3) == Event(2, None, only(2), "takes the stock", 3)
    with pytest.raises(TypeError):
        Event(1, None)  # type: ignore[call-arg]
