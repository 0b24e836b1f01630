"""Piedmont worlds consistent with a seat's view.

Known to the seat: its hand, every card played (and who played it), its own discard if it
dealt, the calls. Revealed by play: a player who did not follow the suit led is void in it, and
if he did not trump either, void in trumps (P3); a card taken back is in its player's hand; after
an Allegiance call, the caller's partner cannot hold the other card unless the call's trick is
still being played and he has yet to play in it (P4). The dealer's discard holds no King, Ace or
Honour (P2). The deal placed, the seat's record is replayed on it (``core/resample.py``).
"""

from __future__ import annotations

import random

from tarocchi.core.actions import Action, Play
from tarocchi.core.cards import bits
from tarocchi.core.protocol import Deal
from tarocchi.core.resample import World, deal_unseen
from tarocchi.core.tricks import voids
from tarocchi.core.views import PlayerView
from tarocchi.games.piedmont.play import DISCARDS
from tarocchi.games.piedmont.rules import DECK, GOOD_EVIL, NOT_DISCARDABLE, PLAYERS, STOCK_SIZE, TABLE
from tarocchi.games.piedmont.views import PiedmontFacts


def _plays_as_made(view: PlayerView) -> list[list[tuple[int, int]]]:
    """Every trick's plays (seat, card index) in the order they were made, read from the log: a
    card taken back (P4) stays among them, since it was a legal play, and its trick's suit led
    stays as its first card set it."""
    tricks: list[list[tuple[int, int]]] = [[]]
    for event in view.events:
        if event.trick:  # a trick won: the next card leads
            tricks.append([])
            continue
        action = event.action
        if isinstance(action, Play) and event.seat is not None:
            tricks[-1].append((event.seat, action.card.index))
    return tricks


def revealed(view: PlayerView) -> list[int]:
    """Per seat, the cards play has shown it cannot hold (``tricks.voids`` of the plays as made:
    follow, else trump; a dead card, P4, shows nothing)."""
    return voids(_plays_as_made(view), TABLE, PLAYERS, dead=PiedmontFacts.of(view).dead.mask)


def place(view: PlayerView, rng: random.Random) -> World:
    """The deal of one world consistent with ``view``, and the dealer's discards if the seat
    did not see them."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    facts = PiedmontFacts.of(view)
    played_by = [0] * PLAYERS
    for t in (*view.tricks, *((view.trick,) if view.trick else ())):
        for s, card in t.plays:
            played_by[s] |= 1 << card.index
    played = sum(played_by)
    mine = view.hand.mask
    own_discard = view.own_discard.mask
    held = [0] * PLAYERS  # cards every seat saw go back into a hand (P4 take-back)
    for event in view.events:
        if isinstance(event.action, Play) and event.seat is not None:
            bit = 1 << event.action.card.index
            if not played & bit:
                held[event.seat] |= bit
    held[seat] = 0
    unseen = DECK.full & ~(mine | played | own_discard | sum(held))

    lacks = revealed(view)
    caller = facts.caller
    others = [s for s in range(PLAYERS) if s != seat]
    forbidden = [lacks[s] for s in others]
    if caller is not None:
        # P4: the partner plays the other card at his turn in the call's trick (taking back a card
        # he played before it); if he has played in that trick and it is not dead, he lacks it.
        partner = (caller + 2) % PLAYERS
        current = view.trick.plays if view.trick else ()
        called_now = any(GOOD_EVIL >> c.index & 1 and s == caller for s, c in current)
        if partner in others and not (called_now and all(s != partner for s, _ in current)):
            forbidden[others.index(partner)] |= GOOD_EVIL
    capacities = [view.hand_sizes[s] - held[s].bit_count() for s in others]
    discard_size = DECK.size - sum(view.hand_sizes) - played.bit_count()
    if view.dealer != seat and discard_size:
        capacities.append(discard_size)
        forbidden.append(NOT_DISCARDABLE["allegiance" if facts.allegiance else "trumps"])
    places = deal_unseen(unseen, capacities, forbidden, rng)

    pools = [0] * PLAYERS  # every card each seat held after the deal: the stock is the dealer's
    pools[seat] = mine | played_by[seat]
    for i, s in enumerate(others):
        pools[s] = places[i] | held[s] | played_by[s]
    hidden: dict[int, list[Action]] = {}
    if view.dealer == seat:
        pools[seat] |= own_discard
    elif discard_size:
        pools[view.dealer] |= places[-1]
        hidden[view.dealer] = [DISCARDS[c] for c in bits(places[-1])]
    pool = list(bits(pools[view.dealer]))
    stock = pool[:STOCK_SIZE]  # it joins the dealer's hand at once (P2): which cards does not matter
    pools[view.dealer] &= ~DECK.mask(DECK.cards[c] for c in stock)
    hands = tuple(DECK.cards_in(pools[s]) for s in range(PLAYERS))
    return World(Deal(hands, tuple(DECK.cards[c] for c in stock)), hidden)
