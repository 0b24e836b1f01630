"""The running state of a hand, from public facts only: tricks won and card points per side, and
what the declaring side still needs (docs/design.md "Running state").

Every card of a completed trick is public, and so is who won it; a face-down discard, a stock
nobody has seen and the Fool's settlement at the end (C4) are not counted here. A game's view
calls ``running_facts`` with its two sides (declaring side first where it has one), shows the
labelled lines it returns and keeps the record among its facts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from tarocchi.core.fool import Pile as Pile
from tarocchi.core.fool import piles as piles
from tarocchi.core.tricks import Trick
from tarocchi.core.words import plural


@dataclass(frozen=True)
class Running:
    """Tricks won and card points per side, in the order the sides were given, and what the
    declaring side (the first) still needs: points, or tricks at a Capot (None where the game has
    no declaring side with a target)."""

    sides: tuple[tuple[int, ...], ...]
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...]
    needed: int | None = None


def running(
    tricks: Sequence[Trick],
    players: int,
    sides: Sequence[Sequence[int]],
    count: Callable[[int, Pile], int],
    fool: int | None = None,
) -> Running:
    """Tricks won and card points per side; ``count(side, pile)`` is the game's card count."""
    cards, won = piles(tricks, players, sides, fool)
    return Running(
        sides=tuple(tuple(s) for s in sides),
        tricks_won=tuple(won),
        card_points=tuple(count(i, pile) for i, pile in enumerate(cards)),
    )


def running_facts(
    state: Running, names: Sequence[str], needed: int | None = None, needed_note: str = ""
) -> tuple[list[tuple[str, str]], Running]:
    """The labelled public lines of a running state, and the state with ``needed`` (points the
    first side still needs, or None where the game has no declaring side with a target)."""
    public = [
        ("tricks won", ", ".join(f"{n} {w}" for n, w in zip(names, state.tricks_won, strict=True))),
        ("card points", ", ".join(f"{n} {p}" for n, p in zip(names, state.card_points, strict=True))),
    ]
    if needed is not None:
        text = f"{names[0]} {plural(needed, 'more point')}" if needed > 0 else f"{names[0]} none more"
        public.append(("needed", f"{text}{needed_note}"))
    return public, replace(state, needed=needed)


R = TypeVar("R")


def frozen(found: tuple[list[tuple[str, str]], R]) -> tuple[tuple[tuple[str, str], ...], R]:
    """A running state's lines as a tuple, so that views sharing them (``core.memo.Last``) cannot
    change them for one another."""
    return tuple(found[0]), found[1]
