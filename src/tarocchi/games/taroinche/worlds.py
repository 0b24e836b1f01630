"""Taroinche worlds consistent with a seat's view.

Known to the seat: its hand, every card played and by whom, every call, a With dog once shown,
its own discard if it took With, and a belote once announced. Play reveals more (B6): a player who
did not follow is void in the suit led; one who did not cut while the other side was winning has
no trump; one who followed trumps (any suit at All-trump) without beating the best card, or
undertrumped, holds nothing that beats it. A shown dog card not yet played is in the taker's hand
or discard. An announced belote puts the pair's other card in the announcer's hand; an attacker
who played the trump King or Queen without a word never held the other one at the start of play.

The unseen cards are dealt under those constraints as they lie now; the cards played (and the
With discard) go back to their owners to rebuild the deal, and the seat's own record of calls and
plays is replayed on it. Replaying through the game's own rules gives every derived field (the
surcoinche round, the belote holder, the trick's best card, the event notes) exactly as the real
hand has them, and a world the rules would refuse is thrown away and drawn again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from tarocchi.core.actions import Action
from tarocchi.core.cards import bits
from tarocchi.core.protocol import Deal
from tarocchi.core.resample import World, deal_unseen
from tarocchi.core.tricks import voids
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.taroinche.auction import DISCARDS
from tarocchi.games.taroinche.rules import (
    CAPOT,
    CONTRACTS,
    DECK,
    DOG_SIZE,
    KINGS_QUEENS,
    PLAYERS,
    Contract,
)
from tarocchi.games.taroinche.state import Phase
from tarocchi.games.taroinche.tricks import TABLES
from tarocchi.games.taroinche.views import TaroincheFacts

TRIES = 50


def contract_of(view: PlayerView) -> tuple[Contract, int, int, int] | None:
    """The public contract: its trump tables, value, taker and partner (None before a bid)."""
    contract = TaroincheFacts.of(view).contract
    if contract is None:
        return None
    return CONTRACTS[contract.bid.trump], contract.bid.value, contract.taker, contract.partner


def shown_dog(view: PlayerView) -> int:
    """The With dog, as shown to everyone when the auction ended (0 if none was shown)."""
    return TaroincheFacts.of(view).dog.mask


class _Suits(NamedTuple):
    """A contract's cards by suit id, as ``tricks.voids`` reads them (``tricks.Tricks``)."""

    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]


_SUITS: Final = tuple(_Suits(table.suit_of, table.power, table.following) for table in TABLES)


def revealed(tricks: Iterable[Sequence[tuple[int, int]]], trump: int, taker: int, partner: int) -> list[int]:
    """For each seat, the cards play has shown it cannot hold: B6's duties read backwards
    (``tricks.voids``): follow suit, beating the best card where the contract demands it, else
    cut and overtrump unless one's own side is winning the trick."""
    table = TABLES[trump]
    attack = 1 << taker | 1 << partner
    return voids(tricks, _SUITS[trump], PLAYERS, above=table.above, beat=table.beat, partners=attack)


def revealed_of(view: PlayerView) -> list[int]:
    """``revealed`` of ``view``'s tricks under its contract: nothing before trick play."""
    found = contract_of(view)
    if found is None or view.phase not in (Phase.PLAY, Phase.DONE):
        return [0] * PLAYERS
    contract, _, taker, partner = found
    return revealed(trick_plays(view), contract.trump, taker, partner)


def place(view: PlayerView, rng: random.Random) -> World:
    """The deal of one world consistent with ``view``, and the taker's face-down discards if
    the seat did not see them."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    tricks = trick_plays(view)
    played_by = [0] * PLAYERS
    for plays in tricks:
        for s, card in plays:
            played_by[s] |= 1 << card
    played = sum(played_by)
    mine = view.hand.mask
    own_discard = view.own_discard.mask
    dog_shown = shown_dog(view)
    found = contract_of(view)
    taker = partner = -1
    forbidden = [0] * PLAYERS
    held = [0] * PLAYERS
    if found is not None:
        contract, value, taker, partner = found
        if view.phase is Phase.PLAY or view.phase is Phase.DONE:  # a lost Capot ends early
            forbidden = revealed(tricks, contract.trump, taker, partner)
            if contract.trump_mask and value != CAPOT:
                pair = contract.trump_mask & KINGS_QUEENS
                belote = TaroincheFacts.of(view).belote
                if belote is not None:
                    held[belote] |= pair & ~played
                else:
                    for member in {taker, partner}:
                        if played_by[member] & pair:
                            forbidden[member] |= pair & ~played_by[member]
    if dog_shown:
        for s in range(PLAYERS):
            if s != taker:
                forbidden[s] |= dog_shown
    held[seat] = 0
    turned_up = TaroincheFacts.of(view).turned_up.mask  # at the end: the dog, or a With discard
    unseen = DECK.full & ~(mine | played | own_discard | sum(held) | turned_up)
    others = [s for s in range(PLAYERS) if s != seat]
    capacities = [view.hand_sizes[s] - held[s].bit_count() for s in others]
    masks = [forbidden[s] for s in others]
    dog_size = 0 if dog_shown or turned_up else DOG_SIZE
    hidden_discard = 0
    if dog_shown and seat != taker and not turned_up:
        hidden_discard = DECK.size - sum(view.hand_sizes) - played.bit_count()
    capacities += [dog_size, hidden_discard]
    masks += [0, 0]
    places = deal_unseen(unseen, capacities, masks, rng)
    now = [0] * PLAYERS
    now[seat] = mine
    for i, s in enumerate(others):
        now[s] = places[i] | held[s]
    discard = own_discard if seat == taker else (turned_up if turned_up and dog_shown else places[-1])
    dog = dog_shown or turned_up or places[-2]
    hands = []
    for s in range(PLAYERS):
        dealt = now[s] | played_by[s]
        if dog_shown and s == taker:
            dealt = (dealt | discard) & ~dog_shown
        hands.append(tuple(DECK.cards_in(dealt)))
    hidden: dict[int, list[Action]] = {}
    if dog_shown and seat != taker and discard:
        cards = list(bits(discard))
        rng.shuffle(cards)
        hidden[taker] = [DISCARDS[c] for c in cards]
    return World(Deal(tuple(hands), tuple(DECK.cards_in(dog))), hidden)
