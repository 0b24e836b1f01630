"""The Fool's settlement at the end of a hand (C4), shared by the games that have the Fool.

Cards are credited to sides as ``(card, trick)`` pairs, the trick being the one the card came
from (some games score a card by its trick). The Fool stays with its owner's side; if the other
side won its trick, the owner's side pays it the lowest-valued card from its won tricks (a
non-Honour first, then the first in the pack's natural order), or, if the owner's side won no
trick at all, the Fool itself goes over. Stock and discards are credited only after this, so
they are never the payment.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Pile:
    """What one side has won so far: cards with the trick each came from, and a trick count."""

    cards: list[tuple[int, int]] = field(default_factory=list)
    tricks: int = 0


def settle_fool(
    piles: list[Pile],
    fool: int,
    owner: int,
    winner: int,
    trick: int,
    values: tuple[int, ...],
    honours: int,
) -> tuple[int, int] | None:
    """Move what C4 moves between ``piles`` (indexed by side); return the moved (card, trick).

    ``owner`` is the side that played the Fool in ``trick``, ``winner`` the side that won that
    trick, and the Fool must already be in the owner's pile. None when nothing moves.
    """
    if owner == winner:
        return None
    if piles[owner].tricks == 0:
        moved = (fool, trick)
    else:
        moved = min(
            (held for held in piles[owner].cards if held[0] != fool),
            key=lambda held: (values[held[0]], honours >> held[0] & 1, held[0]),
        )
    piles[owner].cards.remove(moved)
    piles[winner].cards.append(moved)
    return moved
