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
from typing import Generic, TypeVar

from tarocchi.core.tricks import Trick
from tarocchi.core.words import plural

T = TypeVar("T")

Pile = list[tuple[int, int]]
"""Cards a side holds from its tricks, as (card index, trick number)."""


@dataclass(frozen=True)
class Running:
    """Tricks won and card points per side, in the order the sides were given, and what the
    declaring side (the first) still needs: points, or tricks at a Capot (None where the game has
    no declaring side with a target)."""

    sides: tuple[tuple[int, ...], ...]
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...]
    needed: int | None = None


def piles(
    tricks: Sequence[Trick], players: int, sides: Sequence[Sequence[int]], fool: int | None
) -> tuple[list[Pile], list[int]]:
    """The cards each side won in ``tricks`` and its count of tricks. The Fool (``fool``, C4)
    stays with the side that played it, as it does until the settlement at the end."""
    side_of = {seat: i for i, members in enumerate(sides) for seat in members}
    cards: list[Pile] = [[] for _ in sides]
    won = [0] * len(sides)
    for number, trick in enumerate(tricks):
        winner = side_of.get(trick.winner)
        if winner is not None:
            won[winner] += 1
        for pos, card in enumerate(trick.cards):
            owner = side_of.get((trick.leader + pos) % players) if card == fool else winner
            if owner is not None:
                cards[owner].append((card, number))
    return cards, won


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
    """A running state's lines as a tuple, so that views sharing them (``LastRunning``) cannot
    change them for one another."""
    return tuple(found[0]), found[1]


class LastRunning(Generic[T]):
    """A one-entry memo of a game's running state. It changes only when a trick is finished,
    while a view is built at every decision, for every seat: the positions of one trick share
    their tuple of finished tricks, so the lines and record are worked out once per trick.

    The key's first item is that tuple, compared by identity (the memo holds it, so its id is
    not reused); the rest, whatever else the running state depends on, by equality. One tuple
    is read and written whole, so threads sharing a game at worst work one out again."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], T] | None = None

    def get(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        last = self._last
        if last is not None and last[0][0] is key[0] and last[0][1:] == key[1:]:
            return last[1]
        value = make()
        self._last = (key, value)
        return value
