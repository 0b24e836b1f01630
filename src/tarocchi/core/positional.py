"""``_replace`` for the games' NamedTuple states, by field position (compiled by mypyc where it
can be): ``NamedTuple._replace`` costs about 2 µs, more than the rest of an auction's step."""

from __future__ import annotations

from typing import Any


class Replacer:
    """``state._replace(**changes)`` for states of one NamedTuple class whose ``actor`` field (the
    seat to act, kept in the state) is reset to ``unsettled`` unless given: a seat and legal mask
    kept from before a change could be wrong, so the phase handlers work them out afresh."""

    def __init__(self, state_type: Any, unsettled: int) -> None:
        fields: tuple[str, ...] = state_type._fields
        self.state_type: Any = state_type
        self.index = {name: n for n, name in enumerate(fields)}
        self.actor = self.index["actor"]
        self.unsettled = unsettled

    def __call__(self, state: tuple[Any, ...], changes: dict[str, Any]) -> Any:
        fields = list(state)
        fields[self.actor] = self.unsettled
        index = self.index
        for name, value in changes.items():
            at = index.get(name)
            if at is None:
                raise ValueError(f"Got unexpected field names: {[name]!r}")
            fields[at] = value
        return tuple.__new__(self.state_type, fields)
