"""The won cards of a finished hand and the Fool's settlement (C4), shared by the games that have
the Fool (compiled by mypyc where it can be: every hand's score sheet gathers its tricks here).

Cards are credited to sides as ``(card, trick)`` pairs, the trick being the one the card came
from (some games score a card by its trick). The Fool stays with its owner's side; if the other
side won its trick, the owner's side pays it the lowest-valued card from its won tricks (a
non-Honour first, then the first in the pack's natural order), or, if the owner's side won no
trick at all, the Fool itself goes over. Stock and discards are credited only after this, so
they are never the payment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from tarocchi.core.tricks import Trick

Pile = list[tuple[int, int]]
"""Cards a side holds from its tricks, as (card index, trick number)."""

_HALF: Final = 40
_LOW: Final = (1 << _HALF) - 1
"""A pile is read forty bits at a time: compiled, each part is a machine integer."""


def piles(
    tricks: Sequence[Trick], players: int, sides: Sequence[Sequence[int]], fool: int | None
) -> tuple[list[Pile], list[int]]:
    """The cards each side won in ``tricks`` and its count of tricks. The Fool (``fool``, C4)
    stays with the side that played it, as it does until the settlement at the end."""
    side_of = [-1] * players  # each seat's side; -1: in none of ``sides``
    for i, members in enumerate(sides):
        for seat in members:
            side_of[seat] = i
    the_fool = -1 if fool is None else fool
    cards: list[Pile] = [[] for _ in sides]
    won = [0] * len(sides)
    for number, trick in enumerate(tricks):
        winner = side_of[trick.winner] if trick.winner < players else -1
        if winner >= 0:
            won[winner] += 1
        leader = trick.leader
        for pos, card in enumerate(trick.cards):
            owner = side_of[(leader + pos) % players] if card == the_fool else winner
            if owner >= 0:
                cards[owner].append((card, number))
    return cards, won


def fool_label(owner: str, to: str, paid: str | None, trick: int = -1) -> str:
    """C4's line on a score sheet, worded once for every game: the card that went over to ``to``
    for ``owner``'s Fool, or the Fool itself (``paid`` None) when the owner's side won no trick;
    ``trick`` (from 0) where the sheet says which trick the Fool was played in."""
    if paid is None:
        return f"{owner}'s side won no trick: the Fool goes to {to} (C4)"
    where = f" (trick {trick + 1})" if trick >= 0 else ""
    return f"for {owner}'s Fool{where}, {paid} goes to {to} (C4)"


def pay_order(values: Sequence[int], honours: int) -> tuple[int, ...]:
    """C4: the cards in the order a side pays for its Fool: the lowest value, a non-Honour first,
    then the pack's natural order (a game's ``PAY_ORDER``, built once)."""
    return tuple(sorted(range(len(values)), key=lambda card: (values[card], honours >> card & 1, card)))


def fool_payment(pile: int, tricks: int, fool: int, order: tuple[int, ...]) -> int:
    """C4: the card the Fool's side gives the side that won the Fool's trick: the first of
    ``order`` (``pay_order``) among the cards ``pile`` it won, or the Fool itself when it won no
    trick (``tricks`` 0). The one settlement the score sheets and the playout kernels call."""
    if tricks == 0:
        return fool
    low, high = pile & _LOW, pile >> _HALF
    for card in order:
        if card == fool:
            continue
        if card < _HALF:
            if low >> card & 1:
                return card
        elif high >> (card - _HALF) & 1:
            return card
    raise AssertionError("the side that pays for its Fool won no card")


def settle_fool(
    cards: list[int], tricks: Sequence[int], fool: int, owner: int, winner: int, order: tuple[int, ...]
) -> int:
    """C4 on the sides' won cards, ``cards`` (masks without the Fool, changed in place), after
    side ``owner`` played the Fool to a trick side ``winner`` won: the Fool stays with its side,
    which pays the winners ``fool_payment`` (the Fool itself goes over when its side won no
    trick). Returns the card that went over, or -1 when nothing did (the Fool's side won the
    trick). The one settlement the score sheets and the playout kernels make."""
    fool_bit = 1 << fool
    if owner == winner:
        cards[owner] |= fool_bit
        return -1
    paid = fool_payment(cards[owner], tricks[owner], fool, order)
    if paid == fool:
        cards[winner] |= fool_bit
    else:
        bit = 1 << paid
        cards[owner] ^= bit | fool_bit
        cards[winner] |= bit
    return paid


def won_by_sides(
    tricks: tuple[Trick, ...], side_of: list[int], fool: int
) -> tuple[list[int], list[int], int, int]:
    """The two sides' won cards in the finished ``tricks`` as masks (the Fool apart) and their
    counts of tricks (``side_of``: each seat's side, 0 or 1), and where the Fool (``fool``; -1:
    a game without one) was played: its seat and trick number (-1, -1: not played). What a
    score sheet settles by ``settled``. Compiled, the masks are gathered in 40-bit halves held
    in locals, each a machine integer: an 80-card pack's mask is a big int, and each operation
    on one allocates."""
    players = len(side_of)
    low0 = high0 = low1 = high1 = 0
    won0 = won1 = 0
    fool_seat = fool_trick = -1
    for number in range(len(tricks)):
        trick = tricks[number]  # a tuple of a known shape, read by position (compiled: C reads)
        leader = trick[0]
        cards = trick[1]
        low = high = 0
        for pos in range(len(cards)):
            card = cards[pos]
            if card == fool:
                fool_seat = (leader + pos) % players
                fool_trick = number
            elif card < _HALF:
                low |= 1 << card
            else:
                high |= 1 << (card - _HALF)
        if side_of[trick[2]]:
            low1 |= low
            high1 |= high
            won1 += 1
        else:
            low0 |= low
            high0 |= high
            won0 += 1
    return [low0 | high0 << _HALF, low1 | high1 << _HALF], [won0, won1], fool_seat, fool_trick


def settled(
    tricks: tuple[Trick, ...], side_of: list[int], fool: int, order: tuple[int, ...]
) -> tuple[list[int], list[int], int, int, int]:
    """The sides' won cards and tricks (``won_by_sides``) after C4 (``settle_fool``): the masks,
    the tricks, the Fool's seat and trick (-1: not played) and the card that went over (-1:
    none). What the score sheets count from; the playout kernels settle their own piles
    (``Kernel.settle``) by the same ``settle_fool``."""
    cards, won, fool_seat, fool_trick = won_by_sides(tricks, side_of, fool)
    moved = -1
    if fool_seat >= 0:
        winner = side_of[tricks[fool_trick][2]]
        moved = settle_fool(cards, won, fool, side_of[fool_seat], winner, order)
    return cards, won, fool_seat, fool_trick, moved


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
    tricks: Sequence[Trick], sides: Sequence[Sequence[int]], fool: int, order: tuple[int, ...]
) -> Gathered:
    """The cards each side (the seats of ``sides``) won in ``tricks``, card by card with the trick
    each came from, settled for the Fool (C4, ``settle_fool`` by the game's ``order``)."""
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
    masks = [0] * len(sides)  # the sides' cards without the Fool, as ``settle_fool`` takes them
    for side in range(len(sides)):
        for card, _ in cards[side]:
            if card != fool:
                masks[side] |= 1 << card
    paid = settle_fool(masks, won, fool, played.owner, played.winner, order)
    if paid == fool:
        moved = (fool, played.trick)
    else:
        moved = next(held for held in cards[played.owner] if held[0] == paid)
    cards[played.owner].remove(moved)
    cards[played.winner].append(moved)
    return Gathered(cards, won, played, moved)
