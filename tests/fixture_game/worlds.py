"""Trio worlds consistent with a seat's view: its own hand and every card played are known; the
unseen cards go to the other two hands, under the voids play has shown (C3 read backwards,
``core.tricks.voids``). The bid shows nothing of a hand."""

from __future__ import annotations

import random

from fixture_game.rules import DECK, PLAYERS, TABLE
from tarocchi.core.protocol import Deal
from tarocchi.core.resample import World, deal_unseen
from tarocchi.core.tricks import voids
from tarocchi.core.views import PlayerView, trick_plays


def revealed(view: PlayerView) -> list[int]:
    """Per seat, the cards play has shown it cannot hold (C3 read backwards)."""
    return voids(trick_plays(view), TABLE, PLAYERS)


def place(view: PlayerView, rng: random.Random) -> World:
    """The deal of one world consistent with ``view``."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    tricks = trick_plays(view)
    played_by = [0] * PLAYERS
    for plays in tricks:
        for who, card in plays:
            played_by[who] |= 1 << card
    mine = view.hand.mask
    unseen = DECK.full & ~(mine | sum(played_by))
    lacks = revealed(view)
    others = [s for s in range(PLAYERS) if s != seat]
    masks = deal_unseen(unseen, [view.hand_sizes[s] for s in others], [lacks[s] for s in others], rng)
    hands = [0] * PLAYERS
    hands[seat] = mine
    for other, mask in zip(others, masks, strict=True):
        hands[other] = mask
    return World(Deal(tuple(DECK.cards_in(hands[s] | played_by[s]) for s in range(PLAYERS))))
