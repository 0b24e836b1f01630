"""Sicilian worlds consistent with a seat's view.

Known to the seat: its hand, every card played and by whom, every call, its own discard if it
laid one aside, the stock if a Solo showed it (S4), every discarded trump (shown, S4/S5), and
the rallied card's holder once it is played (S7). The unseen cards go to the other hands, the
stock (before anyone takes it) and the face-down part of the discard, under what the rules make
certain:

- play (S8): a player who did not follow the suit led is void in it; if he did not trump
  either, he has no trump (the Fool excused, C4);
- the discard (S4): never a card worth 5 or more, and its face-down part holds no trump (a
  discarded trump is shown); once a trump was discarded, the discarder kept no other
  discardable card beyond what he still had to lay aside;
- the Solo Declarer's shown stock is in his hand or his discard;
- the rally (S7): the rallied card is not the Declarer's, and rallying a Queen (Cavalier,
  Valet) means he held every King (and Queen, ...).

What a legal history also requires but no card mask can say — a Prop with cards worth at least
20, a Cop with at least 15, the rallied suit being the one S7 picks for the Declarer's holding —
is met by drawing again (up to ``REDRAWS`` times) and keeping the first world that fits; the
last draw is kept if none does, still exactly consistent with the view.
"""

from __future__ import annotations

import random

from tarocchi.core.actions import Action, Discard
from tarocchi.core.cards import bits
from tarocchi.core.protocol import Deal
from tarocchi.core.resample import World, deal_unseen
from tarocchi.core.tricks import Trick, voids
from tarocchi.core.views import PlayerView, trick_plays
from tarocchi.games.sicilian.auction import DISCARDS
from tarocchi.games.sicilian.rally import rally_choices
from tarocchi.games.sicilian.rules import (
    COP_STRENGTH,
    COURT_CARDS,
    DECK,
    PLAYERS,
    PROP_STRENGTH,
    STOCK_SIZE,
    STRONG,
    TABLE,
    TRUMP_MASK,
    eldest_of,
    strength,
)
from tarocchi.games.sicilian.state import Mode, Phase
from tarocchi.games.sicilian.views import SicilianFacts

REDRAWS = 40
"""Draws tried for a world whose bids and rally the sampled hands could have made."""
PLAIN_LOW = DECK.full & ~STRONG & ~TRUMP_MASK
"""Cards that may be discarded before any trump (S4)."""


def _shown_stock(view: PlayerView) -> int:
    """S4: the stock a Solo Declarer showed to everyone (0 if none was shown)."""
    return SicilianFacts.of(view).stock.mask


def revealed(view: PlayerView) -> list[int]:
    """Per seat, the cards play has shown it cannot hold (``tricks.voids``: follow, else trump)."""
    return voids(trick_plays(view), TABLE, PLAYERS)


def place(view: PlayerView, rng: random.Random) -> World:
    """The deal of one world consistent with ``view``, and the discarder's face-down discards if
    the seat did not see them."""
    seat = view.seat
    assert seat is not None, "a spectator has no world to sample"
    phase = view.phase
    assert isinstance(phase, Phase), f"a view of another game: {phase!r}"
    dealer, eldest = view.dealer, eldest_of(view.dealer)
    facts = SicilianFacts.of(view)
    declarer = -1 if facts.declarer is None else facts.declarer
    mode = facts.mode
    rallied = -1 if facts.rallied is None else facts.rallied.index

    tricks = tuple(Trick(t.leader, tuple(c.index for _, c in t.plays), t.winner or 0) for t in view.tricks)
    leader = view.trick.leader if view.trick is not None else (declarer if phase is Phase.PLAY else eldest)
    trick = tuple(c.index for _, c in view.trick.plays) if view.trick is not None else ()
    played_by = [0] * PLAYERS
    for first, cards in [(t.leader, t.cards) for t in tricks] + [(leader, trick)]:
        for pos, card in enumerate(cards):
            played_by[(first + pos) % PLAYERS] |= 1 << card
    played = sum(played_by)

    # Who laid cards aside, and what of the discard everyone saw (S4, S5).
    exchanged = phase >= Phase.EXCHANGE
    discarder = -1 if not exchanged else (declarer if mode is Mode.SOLO else dealer)
    shown_trumps = 0
    for event in view.events:
        if isinstance(event.action, Discard) and event.seat == discarder:
            shown_trumps |= 1 << event.action.card.index
    own_discard = view.own_discard.mask
    shown_stock = _shown_stock(view)
    mine = view.hand.mask
    stock_size = 0 if exchanged else STOCK_SIZE
    laid_aside = DECK.size - sum(view.hand_sizes) - played.bit_count() - stock_size
    discard_known = own_discard if discarder == seat else shown_trumps
    unseen = DECK.full & ~(mine | played | discard_known)

    lacks = revealed(view)
    others = [s for s in range(PLAYERS) if s != seat]
    forbidden = [lacks[s] for s in others]
    capacities = [view.hand_sizes[s] for s in others]
    places = list(others)  # the seat each place stands for; -1 the stock, -2 the discard
    if discarder not in (-1, seat):
        i = others.index(discarder)
        for j in range(len(others)):
            if j != i:
                forbidden[j] |= shown_stock
        if shown_trumps and laid_aside >= STOCK_SIZE:  # S4: a trump only once nothing else was left
            forbidden[i] |= PLAIN_LOW
    required = _declarer_courts(mode, rallied)
    if declarer not in (-1, seat) and (required or rallied >= 0):
        i = others.index(declarer)
        if rallied >= 0:
            forbidden[i] |= 1 << rallied
        for j in range(len(others)):
            if j != i:
                forbidden[j] |= required
    if stock_size:
        capacities.append(stock_size)
        forbidden.append(0)
        places.append(-1)
    hidden_discard = laid_aside - shown_trumps.bit_count() if discarder not in (-1, seat) else 0
    if hidden_discard:
        block = STRONG | TRUMP_MASK
        if declarer != discarder:
            block |= required
        elif rallied >= 0:
            block |= 1 << rallied
        capacities.append(hidden_discard)
        forbidden.append(block)
        places.append(-2)

    hands = [0] * PLAYERS
    stock = discard = 0
    for _ in range(REDRAWS):
        masks = deal_unseen(unseen, capacities, forbidden, rng)
        hands = [0] * PLAYERS
        hands[seat] = mine
        stock, discard = 0, (own_discard if discarder == seat else shown_trumps)
        for where, mask in zip(places, masks, strict=True):
            if where == -1:
                stock = mask
            elif where == -2:
                discard |= mask
            else:
                hands[where] = mask
        if _plausible(view, hands, played_by, discard, discarder, declarer, mode, rallied, seat):
            break

    hidden: dict[int, list[Action]] = {}
    pools = [hands[s] | played_by[s] for s in range(PLAYERS)]  # what each seat held after the deal
    if discarder >= 0:
        pools[discarder] |= discard
        if discarder != seat:
            hidden[discarder] = [DISCARDS[c] for c in bits(discard & ~shown_trumps)]
        if mode is Mode.SOLO:
            stock = shown_stock
        elif discarder == seat:
            stock = facts.stock_taken.mask
        else:  # S5: the Dealer took it unseen; any three of what he held after it will do
            pool = list(bits(pools[discarder]))
            stock = sum(1 << c for c in rng.sample(pool, STOCK_SIZE))
        pools[discarder] &= ~stock
    deal = Deal(tuple(DECK.cards_in(pool) for pool in pools), DECK.cards_in(stock))
    return World(deal, hidden)


def _declarer_courts(mode: Mode, rallied: int) -> int:
    """S7: the courts the Declarer must have held (hand or own discard) for his rally: every
    court of the ranks above the rallied one; all sixteen when he had nothing to rally."""
    if mode is Mode.ALONE:
        return sum(1 << card for suit in COURT_CARDS for card in suit)
    if rallied < 0:
        return 0
    rank = next(r for suit in COURT_CARDS for r, card in enumerate(suit) if card == rallied)
    return sum(1 << suit[r] for suit in COURT_CARDS for r in range(rank))


def _plausible(
    view: PlayerView,
    hands: list[int],
    played_by: list[int],
    discard: int,
    discarder: int,
    declarer: int,
    mode: Mode,
    rallied: int,
    seat: int,
) -> bool:
    """Whether the sampled hands could have made the bids and the rally seen (S5, S6, S7)."""
    before = [hands[s] | played_by[s] for s in range(PLAYERS)]
    if declarer not in (-1, seat) and mode is not Mode.SOLO and strength(before[declarer]) < PROP_STRENGTH:
        return False
    if mode is Mode.COP:
        partner = SicilianFacts.of(view).partner
        assert partner is not None, "a Cop is public (S6)"
        if partner != seat and strength(before[partner]) < COP_STRENGTH:
            return False
    if mode is Mode.RALLY and declarer != seat:
        held = before[declarer] | (discard if discarder == declarer else 0)
        if rallied not in rally_choices(held)[0]:
            return False
    return True
