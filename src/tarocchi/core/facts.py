"""A game's facts for programs: one frozen record per game beside a view's lines for people.

Bots, samplers and front ends read ``view.facts`` as typed fields (``facts.caller``), so a
renamed fact is an error mypy sees, not a silent ``None``. Each record converts to JSON and
back without loss through its field types alone (the web protocol's payload, docs/protocol.md):
ints, strings, booleans, enums (by lower-case name), cards (by code), card sets (in notation),
tuples, ``X | None`` and nested records.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, Union

from tarocchi.core.cards import Card, CardSet, Deck
from tarocchi.core.errors import ArgumentError, RecordError

if TYPE_CHECKING:
    from tarocchi.core.views import PlayerView

F = TypeVar("F", bound="Facts")

JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
"""A JSON value, as ``json.loads`` gives it and ``json.dumps`` takes it."""


@dataclass(frozen=True, slots=True)
class Facts:
    """The base of every game's facts record (a game without facts of its own uses it bare)."""

    @classmethod
    def of(cls: type[F], view: PlayerView) -> F:
        """``view``'s facts as this game's record; ArgumentError for another game's view."""
        facts = view.facts
        if not isinstance(facts, cls):
            raise ArgumentError(f"a view of {view.game} has no {cls.__name__}: pass a view of its own game")
        return facts

    def declaring_side(self) -> frozenset[int] | None:
        """The seats of the side that took the contract, as far as this view knows them: None
        before a contract, while a partner is hidden from this seat, and in games whose sides
        are fixed partnerships (the game's info lists those)."""
        return None

    def to_json(self) -> dict[str, JSON]:
        """The record as JSON values, field by field."""
        return {field.name: _encode(getattr(self, field.name)) for field in fields(self)}

    @classmethod
    def from_json(cls: type[F], deck: Deck, data: Any) -> F:
        """The record ``to_json`` made; RecordError naming the field if ``data`` does not fit."""
        return _decode(cls, deck, data, cls.__name__)  # type: ignore[no-any-return]


def _encode(value: object) -> JSON:
    if isinstance(value, Enum):  # before int: an IntEnum is one
        return value.name.lower()
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return value.code
    if isinstance(value, CardSet):
        return str(value)
    if isinstance(value, tuple):
        return [_encode(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {field.name: _encode(getattr(value, field.name)) for field in fields(value)}
    raise TypeError(f"a fact of type {type(value).__name__} has no JSON form")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(kind: Any, deck: Deck, data: Any, where: str) -> Any:
    """``data`` read as a value of type ``kind`` (a type hint)."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        (inner,) = (option for option in options if option is not type(None))
        return _decode(inner, deck, data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise RecordError(f"{where}: expected a list, not {type(data).__name__}")
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], deck, item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(args) != len(data):
            raise RecordError(f"{where}: expected {len(args)} items, not {len(data)}")
        return tuple(
            _decode(a, deck, item, f"{where}[{i}]")
            for i, (a, item) in enumerate(zip(args, data, strict=True))
        )
    if kind is bool or kind is int or kind is str:
        if type(data) is not kind:
            raise RecordError(f"{where}: expected {kind.__name__}, not {type(data).__name__}")
        return data
    if isinstance(kind, type) and issubclass(kind, Enum):
        names = {member.name.lower(): member for member in kind}
        if not isinstance(data, str) or data not in names:
            raise RecordError(f"{where}: expected one of {', '.join(names)}, not {data!r:.40}")
        return names[data]
    if kind is Card or kind is CardSet:
        if not isinstance(data, str):
            raise RecordError(f"{where}: expected cards in notation, not {type(data).__name__}")
        try:
            cards = deck.parse(data)
        except ValueError as error:
            raise RecordError(f"{where}: {error}") from None
        if kind is Card:
            if len(cards) != 1:
                raise RecordError(f"{where}: expected one card, not {data!r:.40}")
            return cards[0]
        return CardSet(deck, deck.mask(cards))
    if isinstance(kind, type) and is_dataclass(kind):
        if not isinstance(data, dict):
            raise RecordError(f"{where}: expected an object, not {type(data).__name__}")
        hints = _hints(kind)
        wanted = [field.name for field in fields(kind)]
        if set(data) != set(wanted):
            raise RecordError(f"{where}: expected the fields {', '.join(wanted)}, not {', '.join(data)}")
        return kind(**{name: _decode(hints[name], deck, data[name], f"{where}.{name}") for name in wanted})
    raise TypeError(f"{where}: a fact of type {kind!r} has no JSON form")
