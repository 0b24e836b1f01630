"""``Replacer``: a state's ``_replace`` by field position, as NamedTuple's but for the seat to act."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from tarocchi.core.positional import Replacer


class _Fields(NamedTuple):
    phase: int
    hands: tuple[int, ...]
    actor: int = -2
    legal: int = 0


class _State(_Fields):
    __slots__ = ()

    def _replace(self, **changes: object) -> _State:
        new: _State = _REPLACE(self, changes)
        return new


_REPLACE = Replacer(_State, -2)


def test_changed_fields_are_replaced_and_the_seat_to_act_is_worked_out_afresh() -> None:
    state = _State(1, (3, 4), actor=2, legal=7)
    new = state._replace(hands=(5, 6))
    assert type(new) is _State
    assert new == _State(1, (5, 6), actor=-2, legal=7)
    assert state == _State(1, (3, 4), actor=2, legal=7)  # the old state unchanged


def test_a_given_seat_to_act_is_kept() -> None:
    assert _State(0, ())._replace(actor=3, legal=1) == _State(0, (), actor=3, legal=1)


def test_an_unknown_field_is_refused_like_namedtuples_own() -> None:
    with pytest.raises(ValueError, match="unexpected field names: \\['hand'\\]"):
        _State(0, ())._replace(hand=(1,))
