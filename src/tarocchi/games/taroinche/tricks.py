"""Taroinche's trick rules as functions over ints (B6, C3): each contract's trick table, what may
be played and which card takes the lead of the trick. The engine's card play and the playout
kernel both call them; compiled by mypyc, so a call is a C call.

A contract's table makes its trump suit ``core.tricks``' suit id ``TRUMP``, with the trump order
as its power; the other suits keep their ids, with the plain order (All-trump: the trump order in
every suit, none of them cutting). There is no Fool.
"""

from __future__ import annotations

from typing import Final

from tarocchi.core.tricks import TRUMP, TRUMPED, standing, trumps_above
from tarocchi.games.taroinche.rules import (
    ALL_TRUMP,
    CONTRACTS,
    DECK,
    PLAIN_ORDER,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_ORDER,
)

STRIDE: Final = TRUMPED + 9
"""``beat[led * STRIDE + s + 1]``: standings run to ``TRUMPED + 7``, and -1 before any card."""


class Tricks:
    """One trump choice's trick table (``TABLES[trump]``)."""

    def __init__(self, trump: int) -> None:
        suit_of: list[int] = []
        power: list[int] = []
        for card in range(DECK.size):
            suit = SUIT_OF[card]
            order = TRUMP_ORDER if suit == trump or trump == ALL_TRUMP else PLAIN_ORDER
            suit_of.append(TRUMP if suit == trump else suit)
            power.append(len(order) - 1 - order.index(DECK.faces[card]))
        self.suit_of: tuple[int, ...] = tuple(suit_of)
        """Each card's suit id: the contract's trump suit is ``TRUMP``."""
        self.power: tuple[int, ...] = tuple(power)
        """Each card's rank in its suit's order, 0 the lowest."""
        self.trumps: int = CONTRACTS[trump].trump_mask
        """The cards that cut (none at No-trump and All-trump)."""
        masks = [SUIT_MASKS[s] if s != trump else 0 for s in range(len(SUIT_MASKS))]
        self.following: tuple[int, ...] = (*masks, self.trumps, 0)
        """Each suit id's cards."""
        beat = [0] * (6 * STRIDE)
        for card in range(DECK.size):
            suit = suit_of[card]
            if suit == TRUMP or trump == ALL_TRUMP:  # B6: following these, beat the best if able
                for s in range(-1, standing(suit, power[card], suit)):
                    beat[suit * STRIDE + s + 1] |= 1 << card
        self.beat: tuple[int, ...] = tuple(beat)
        """``beat[led * STRIDE + s + 1]``: the cards of the suit ``led`` that a follower must play
        over a best card of standing ``s``, where B6 says so (the trumps; every suit at
        All-trump)."""
        self.above: tuple[int, ...] = trumps_above(self.suit_of, self.power)
        """``above[s + 1]``: the trumps that overtrump a best card of standing ``s``."""


TABLES: Final = tuple(Tricks(trump) for trump in range(len(CONTRACTS)))
"""Every trump choice's table, by the bid's ``trump``."""


def plays(table: Tricks, hand: int, led: int, best: int, attack: int, winner: int, seat: int) -> int:
    """B6: the cards of ``hand`` that ``seat`` may play to a trick whose suit ``led`` (-1:
    leading, any card) is set and whose best card, ``winner``'s, has the ``standing`` ``best``:
    follow suit, beating the best card where the suit demands it and one can; else cut,
    overtrumping if one can (and undertrumping if not), unless one's own side is winning the
    trick (``attack``: the mask of the attack's seats); else any card."""
    if led < 0:
        return hand
    follow = hand & table.following[led]
    if follow:
        higher = follow & table.beat[led * STRIDE + best + 1]
        return higher if higher else follow
    cut = hand & table.trumps
    if not cut or (attack >> winner & 1) == (attack >> seat & 1):
        return hand
    higher = cut & table.above[best + 1]
    return higher if higher else cut


def takes(table: Tricks, card: int, best: int) -> bool:
    """C3: whether ``card`` takes the lead of the trick from ``best``, the trick's best card so far
    (so of the suit led, or a trump): its ``standing`` is above the best's."""
    suit_of = table.suit_of
    power = table.power
    led = suit_of[best]
    return standing(suit_of[card], power[card], led) > standing(suit_of[best], power[best], led)
