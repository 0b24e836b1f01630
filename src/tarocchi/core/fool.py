"""The won cards of a finished hand and the Fool's settlement (C4), shared by the games that have
the Fool.

Cards are credited to sides as ``(card, trick)`` pairs, the trick being the one the card came
from (some games score a card by its trick). The Fool stays with its owner's side; if the other
side won its trick, the owner's side pays it the lowest-valued card from its won tricks (a
non-Honour first, then the first in the pack's natural order), or, if the owner's side won no
trick at all, the Fool itself goes over. Stock and discards are credited only after this, so
they are never the payment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tarocchi.core.running import Pile, piles
from tarocchi.core.tricks import Trick


class FoolPlay(NamedTuple):
    """Where the Fool was played: by ``seat`` to trick ``trick`` (from 0), which side owned it and
    which side won that trick."""

    seat: int
    trick: int
    owner: int
    winner: int


class Gathered(NamedTuple):
    """Each side's won cards and tricks after C4, where the Fool was played, and the ``(card,
    trick)`` the owner's side paid for it (None when nothing moved)."""

    cards: list[Pile]
    tricks: list[int]
    fool: FoolPlay | None
    moved: tuple[int, int] | None


def gather(
    tricks: Sequence[Trick],
    sides: Sequence[Sequence[int]],
    fool: int,
    values: Sequence[int],
    honours: int,
) -> Gathered:
    """The cards each side (the seats of ``sides``) won in ``tricks``, settled for the Fool (C4)."""
    cards, won = piles(tricks, sum(len(side) for side in sides), sides, fool)
    played = None
    for number, trick in enumerate(tricks):
        if fool in trick.cards:
            seat = (trick.leader + trick.cards.index(fool)) % len(trick.cards)
            owner = next(i for i, side in enumerate(sides) if seat in side)
            winner = next(i for i, side in enumerate(sides) if trick.winner in side)
            played = FoolPlay(seat, number, owner, winner)
    if played is None or played.owner == played.winner:
        return Gathered(cards, won, played, None)
    if won[played.owner] == 0:
        moved = (fool, played.trick)
    else:
        moved = min(
            (held for held in cards[played.owner] if held[0] != fool),
            key=lambda held: (values[held[0]], honours >> held[0] & 1, held[0]),
        )
    cards[played.owner].remove(moved)
    cards[played.winner].append(moved)
    return Gathered(cards, won, played, moved)
