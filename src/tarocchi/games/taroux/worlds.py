"""Taroux worlds consistent with a seat's view, rebuilt by replaying the hand.

The sampler deals the cards the seat cannot see into the places they may be, turns the result
back into a deal as it was before the auction (adding back every card played, discarded or taken
from the stock), and replays the seat's record of events on it with the game itself. The engine
checks every step, so a world that replays is one the seat cannot tell from the real one, and its
event log, filtered for the seat, is the seat's own record.

Known to the seat: its hand, every card played and by whom, the whole auction, the stock under
We'll Take and who took which three, discarded trumps, shown Abundances, its own discard. Revealed:
a player who did not follow the suit led is void in it, and if he did not trump either, void in
trumps; a player who played a trump no higher than one already in the trick holds no higher trump
(T7, must overtrump); Prop, Stand, Contra and Re-contra need an Honour in the dealt hand (T3); the
Sparrow's announcer holds the Magician (T6); a Declarer's face-down discard holds no King, Honour or
trump, and a trump discarded means few other discardable cards were left (T5). A stock card taken by
the other Declarer and not seen since is in his hand or his face-down discard.

Worlds are close to uniform, not exactly: an Honour owed to a bidder is drawn first, and a hand
held to fewer discardable cards than it could hold is met by redrawing (60 tries).
"""

from __future__ import annotations

import random

from tarocchi.core.actions import Action, Discard, FaceDown
from tarocchi.core.cards import bits
from tarocchi.core.protocol import Deal
from tarocchi.core.resample import World, deal_unseen
from tarocchi.core.tricks import voids
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.taroux.exchange import DISCARDS
from tarocchi.games.taroux.rules import (
    DECK,
    DISCARDS_EACH,
    HONOURS,
    MAGICIAN,
    PLAIN_DISCARDABLE,
    PLAYERS,
    STOCK_SIZE,
    TABLE,
    TRUMP_CARDS,
)
from tarocchi.games.taroux.views import TarouxFacts

NEEDS_HONOUR = frozenset({"prop", "stand", "contra", "recontra"})
"""T3: calls that need an Honour in the dealt hand."""
_ABOVE = TABLE.above()
TRIES = 60


def revealed(view: PlayerView) -> list[int]:
    """Per seat, the cards play has shown it cannot hold any more (``tricks.voids`` of T7: follow,
    else trump, beating the trick's best trump if able)."""
    return voids(trick_plays(view), TABLE, PLAYERS, above=_ABOVE)


def _stock_order(view: PlayerView) -> tuple[int, ...] | None:
    stock = TarouxFacts.of(view).stock
    return None if stock is None else tuple(card.index for card in stock)


def place(view: PlayerView, rng: random.Random) -> World:
    """The deal of one world consistent with ``view``, and the face-down discards of the other
    seats (in a random order)."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    tricks = (*view.tricks, *((view.trick,) if view.trick else ()))
    played = [0] * PLAYERS
    for trick in tricks:
        for s, card in trick.plays:
            played[s] |= 1 << card.index
    all_played = sum(played)
    stock = _stock_order(view)
    stock_cards = 0 if stock is None else sum(1 << c for c in stock)
    taken = [0] * PLAYERS  # T5: the three stock cards each Declarer took
    face_down = [0] * PLAYERS  # face-down discards per seat, counted from the public notes
    trump_discards: list[tuple[int, int, int]] = []  # (seat, discards still owed, face-down before)
    shown_discards = [0] * PLAYERS
    honour_needed: set[int] = set()
    for event in view.events:
        action, s = event.action, event.seat
        if s is None:
            continue
        if isinstance(action, FaceDown):
            face_down[s] += action.count
            continue
        if action is None:
            continue
        word = str(action)
        if word in NEEDS_HONOUR:
            honour_needed.add(s)
        elif word in ("first", "second") and stock is not None:
            half = STOCK_SIZE // 2
            own, theirs = (stock[:half], stock[half:]) if word == "first" else (stock[half:], stock[:half])
            taken[s] = sum(1 << c for c in own)
            taken[(s + 3) % PLAYERS] = sum(1 << c for c in theirs)
        elif isinstance(action, Discard) and (1 << action.card.index) & TRUMP_CARDS:
            owed = DISCARDS_EACH - shown_discards[s].bit_count() - face_down[s]
            trump_discards.append((s, owed, face_down[s]))
            shown_discards[s] |= 1 << action.card.index

    own_discard = view.own_discard.mask
    mine = view.hand.mask
    held = [0] * PLAYERS  # cards known to be in another seat's hand
    facts = TarouxFacts.of(view)
    for s, shown in enumerate(facts.abundances):
        held[s] = shown.mask & ~all_played
    sparrow = facts.sparrow
    if sparrow is not None and not all_played >> MAGICIAN & 1:
        held[sparrow] |= 1 << MAGICIAN
    held[seat] = 0
    untaken_stock = stock_cards & ~sum(taken)
    known = mine | all_played | own_discard | sum(shown_discards) | sum(held) | untaken_stock
    unseen = DECK.full & ~known

    others = [s for s in range(PLAYERS) if s != seat]
    discarders = [s for s in others if face_down[s]]
    forbidden = revealed(view)
    for s in others:
        if _plain_bound(s, trump_discards, played[s], face_down) == 0:
            forbidden[s] |= PLAIN_DISCARDABLE
    # A stock card the other Declarer took, not seen since, is in his hand or his discard.
    pile_forbidden = {d: DECK.full & ~PLAIN_DISCARDABLE for d in discarders}
    loose_all = 0
    for s in others:
        loose = taken[s] & unseen
        loose_all |= loose
        for other in others:
            if other != s:
                forbidden[other] |= loose
        for d in discarders:
            if d != s:
                pile_forbidden[d] |= loose
    # T3: an Honour in the dealt hand of every seat that bid Prop or Stand or called (Re-)contra.
    for s in sorted(honour_needed - {seat}):
        if (played[s] | held[s] | shown_discards[s]) & ~taken[s] & HONOURS:
            continue
        options = list(bits(unseen & HONOURS & ~forbidden[s] & ~stock_cards))
        if not options:
            raise ValueError(f"no Honour left for seat {s}'s call")
        card = rng.choice(options)
        held[s] |= 1 << card
        unseen &= ~(1 << card)

    capacities = [view.hand_sizes[s] - held[s].bit_count() for s in others]
    places = [forbidden[s] & unseen for s in others]
    for d in discarders:
        capacities.append(face_down[d])
        places.append(pile_forbidden[d])
    if stock is None:
        capacities.append(STOCK_SIZE)
        places.append(loose_all)
    dealt = deal_unseen(unseen, capacities, places, rng)
    hands = [0] * PLAYERS
    hands[seat] = mine
    for i, s in enumerate(others):
        hands[s] = dealt[i] | held[s]
        bound = _plain_bound(s, trump_discards, played[s], face_down)
        if bound is not None and (hands[s] & PLAIN_DISCARDABLE).bit_count() > bound:
            raise ValueError("a trump discard the hand could have avoided (T5)")
    discards = [0] * PLAYERS
    discards[seat] = own_discard
    for i, d in enumerate(discarders):
        discards[d] = dealt[len(others) + i]

    # Back to the deal: every card played, discarded or taken from the stock returns to its hand.
    dealt_hands = []
    for s in range(PLAYERS):
        full = (hands[s] | played[s] | discards[s] | shown_discards[s]) & ~taken[s]
        dealt_hands.append(tuple(DECK.cards[c] for c in bits(full)))
    if stock is None:
        stock_list = list(bits(dealt[-1]))
        rng.shuffle(stock_list)
        stock = tuple(stock_list)
    deal = Deal(tuple(dealt_hands), tuple(DECK.cards[c] for c in stock))
    hidden: dict[int, list[Action]] = {}
    for d in discarders:
        cards = list(bits(discards[d]))
        rng.shuffle(cards)
        hidden[d] = [DISCARDS[c] for c in cards]
    return World(deal, hidden)


def _plain_bound(
    s: int, trump_discards: list[tuple[int, int, int]], played: int, face_down: list[int]
) -> int | None:
    """T5: a trump is discarded only while fewer other discardable cards are held than owed.
    The most plain discardable cards seat ``s`` may hold now (None: no limit)."""
    bound = None
    for who, owed, before in trump_discards:
        if who == s:
            later = face_down[s] - before  # these were still in hand when the trump went
            limit = owed - 1 - later - (played & PLAIN_DISCARDABLE).bit_count()
            bound = limit if bound is None else min(bound, limit)
    return bound
