"""A game's state by field position: where each field stands, and the state with some fields
changed (compiled by mypyc where it can be).

Every game keeps its hand in one NamedTuple, ending with ``events``, ``actor`` and ``legal``
(docs/design.md, "A game's state"). Compiled code reads a field by name through the NamedTuple
class itself (mypyc turns that into a read by position) and writes a new state with
``replaced(state, I_X, x, ...)``, the positions ``I_X`` coming from ``field_positions``: a
``NamedTuple._replace`` costs about 2 µs, more than the rest of a step."""

from __future__ import annotations

from typing import Any, ClassVar, Final, Protocol, TypeVar

from tarocchi.core.compiled import mypyc_attr
from tarocchi.loading import built

T = TypeVar("T", bound=tuple[Any, ...])
S = TypeVar("S", bound="Replaceable")

UNSETTLED: Final = -2
"""``actor`` of a state whose seat to act and legal mask are not worked out (a state built by
hand, or changed by ``_replace``): the phase handlers work them out when it is played on."""


def field_positions(state_type: Any) -> dict[str, int]:
    """Each field's position in ``state_type`` (a NamedTuple class), by name: what a state
    module's ``I_*`` constants are read from, so that they follow the fields' order."""
    fields: tuple[str, ...] = state_type._fields
    return {name: n for n, name in enumerate(fields)}


class Replaced(Protocol):
    def __call__(self, state: T, /, *changes: object) -> T: ...


def pure_replaced(state: T, /, *changes: object) -> T:
    """``replaced`` in pure Python."""
    fields = list(state)
    for n in range(0, len(changes), 2):
        at = changes[n]
        if type(at) is not int or not 0 <= at < len(fields):
            raise IndexError(f"replaced: no field at position {at!r} of {len(fields)}")
        fields[at] = changes[n + 1]
    new: T = tuple.__new__(type(state), fields)
    return new


replaced: Final[Replaced] = built("tarocchi.core._rows", "replaced") or pure_replaced
"""``replaced(state, at, value, ...)``: ``state`` with the field at position ``at`` holding
``value`` for each pair, the others as they are (``_rows.c`` where built: one allocation, the
fields copied in C)."""


class Replacer:
    """``state._replace(**changes)`` for the states of one game, by field name (tests, and
    transitions rare enough not to matter): as NamedTuple's, except that the ``actor`` field
    (the seat to act, kept in the state) is reset to ``unsettled`` unless given: a seat and
    legal mask kept from before a change could be wrong, so the phase handlers work them out
    afresh."""

    def __init__(self, state_type: Any, unsettled: int) -> None:
        self.at = field_positions(state_type)
        self.actor = self.at["actor"]
        self.unsettled = unsettled

    def __call__(self, state: T, changes: dict[str, Any]) -> T:
        pairs: list[object] = [self.actor, self.unsettled]
        at = self.at
        for name, value in changes.items():
            n = at.get(name)
            if n is None:
                raise ValueError(f"Got unexpected field names: {[name]!r}")
            pairs += (n, value)
        return replaced(state, *pairs)


@mypyc_attr(native_class=False)  # a base of the games' tuple subclasses: a Python class, also compiled
class Replaceable:
    """What every game's state class adds to its NamedTuple of fields (``class XState(Replaceable,
    XFields)``): ``_replace`` by field name through the class's ``Replacer``, so that a state
    changed by ``_replace`` (a rarer transition, or a test's position) has its seat to act and
    legal mask worked out afresh unless given: a mask kept from before the change could be wrong."""

    __slots__ = ()
    _replacer: ClassVar[Replacer]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._replacer = Replacer(cls, UNSETTLED)

    def _replace(self: S, **changes: Any) -> S:
        new: S = self._replacer(self, changes)  # type: ignore[type-var]  # a tuple subclass
        return new
