"""A game's state by field position: ``field_positions`` follows the fields' order, ``replaced``
(C where built, else pure Python) changes the fields at the given positions and nothing else,
and ``Replaceable`` gives every game's state ``_replace`` by name that works the seat to act out
afresh."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from tarocchi import loading
from tarocchi.core import positional
from tarocchi.core.positional import UNSETTLED, Replaceable, field_positions, pure_replaced


class _Fields(NamedTuple):
    phase: int
    hands: tuple[int, ...]
    actor: int = UNSETTLED
    legal: int = 0


class _State(Replaceable, _Fields):
    __slots__ = ()


class _Other(Replaceable, _Fields):
    """A second state class: each replaces its own states."""

    __slots__ = ()


def _replacer(kind: str) -> Any:
    """The pure replacer, or the C one (built by ``make compiled``, which ``make test`` runs first;
    importable whichever way the engine loads)."""
    if kind == "pure":
        return pure_replaced
    from tarocchi.core._rows import replaced

    return replaced


def test_positions_follow_the_fields() -> None:
    assert field_positions(_State) == {"phase": 0, "hands": 1, "actor": 2, "legal": 3}


@pytest.mark.parametrize("kind", ["pure", "c"])
def test_replaced_changes_the_given_fields_only(kind: str) -> None:
    replaced = _replacer(kind)
    hand = 1 << 79  # no machine int
    state = _State(1, (3, 4), actor=2, legal=7)
    new = replaced(state, 1, (hand, 6), 3, 5)
    assert type(new) is _State
    assert new == _State(1, (hand, 6), actor=2, legal=5)
    assert new.hands[0] == hand
    assert state == _State(1, (3, 4), actor=2, legal=7)  # the old state unchanged
    assert replaced(state) == state and replaced(state) is not state
    assert replaced(state, 0, 9, 0, 8) == _State(8, (3, 4), actor=2, legal=7)  # the last pair wins


@pytest.mark.parametrize("kind", ["pure", "c"])
@pytest.mark.parametrize("at", [4, -1, "hands", None])
def test_replaced_refuses_a_position_outside_the_state(kind: str, at: Any) -> None:
    with pytest.raises(IndexError, match="no field at position"):
        _replacer(kind)(_State(0, ()), at, 1)


@pytest.mark.parametrize("state", [(1, 2), [1, 2], 3])
def test_the_c_replacer_refuses_what_is_no_state(state: Any) -> None:
    """A plain tuple, or no tuple at all, is a TypeError, never memory written out of place."""
    with pytest.raises(TypeError, match="subclass of tuple"):
        _replacer("c")(state, 0, 1)
    with pytest.raises(TypeError, match="pairs"):
        _replacer("c")(_State(0, ()), 0)


def test_compiled_engine_replaces_in_c_and_pure_in_python() -> None:
    """The C replacer runs exactly when the engine does compiled (``make test`` runs both)."""
    assert (positional.replaced is not pure_replaced) == loading.compiled()


def test_changed_fields_are_replaced_and_the_seat_to_act_is_worked_out_afresh() -> None:
    state = _State(1, (3, 4), actor=2, legal=7)
    new = state._replace(hands=(5, 6))
    assert type(new) is _State
    assert new == _State(1, (5, 6), actor=UNSETTLED, legal=7)
    assert state == _State(1, (3, 4), actor=2, legal=7)  # the old state unchanged
    assert type(_Other(1, ())._replace(phase=2)) is _Other


def test_a_given_seat_to_act_is_kept() -> None:
    assert _State(0, ())._replace(actor=3, legal=1) == _State(0, (), actor=3, legal=1)


def test_an_unknown_field_is_refused_like_namedtuples_own() -> None:
    with pytest.raises(ValueError, match="unexpected field names: \\['hand'\\]"):
        _State(0, ())._replace(hand=(1,))
