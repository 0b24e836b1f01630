"""A seat's view of a Taroux hand, listed field by field from what that seat may know (C6).

Public: the whole auction (T3), the contract, the stock under We'll Take (T5), discarded trumps
(T5), shown Abundances and announcements (T6), every card played. Hidden: other hands, the stock
under Without and Against, the face-down discards (C5) from everyone but their discarder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card, CardSet
from tarocchi.core.facts import Facts
from tarocchi.core.memo import Last
from tarocchi.core.running import Running, frozen, piles, running_facts
from tarocchi.core.views import PlayerView, card_set, seat_view
from tarocchi.games.taroux.auction import FIRST, SECOND
from tarocchi.games.taroux.rules import (
    BID_NAMES,
    CONTRA_NAMES,
    DECK,
    FOOL,
    HONOURS,
    PLAYERS,
    SEAT_NAMES,
    SIDE_NAMES,
    bid_level,
    counted,
    partner_of,
    real_bid,
    sides,
    still_needed,
    takes_stock,
    target,
)
from tarocchi.games.taroux.state import Phase, TarouxState

if TYPE_CHECKING:
    from tarocchi.games.taroux.game import TarouxGame


@dataclass(frozen=True, slots=True)
class TarouxFacts(Facts):
    """What a Taroux view tells programs beyond the cards (T3-T6)."""

    auction: tuple[tuple[int, str], ...]
    """Every call of the auction in order: (seat, word), e.g. (1, "take")."""
    high_bid: str | None
    bidder: int | None
    contra: int
    """0, 1 contra, 2 recontra."""
    passes: int
    stock: tuple[Card, ...] | None
    """The stock as dealt, first three then second three, once turned up under We'll Take (T5)."""
    trumps_discarded: CardSet
    """Trumps discarded, which are shown (T5)."""
    abundances: tuple[CardSet, ...]
    """The trumps each seat showed for an Abundance (T6), empty for the others."""
    sparrow: int | None
    slam: int | None
    running: Running | None
    """Tricks and card points of the Declarers and the Defenders, from the first trick on."""


def auction_text(auction: tuple[tuple[int, str], ...]) -> str:
    """Where the auction stands, for a header: each seat that has spoken, by name, with its latest
    call, in the order of those calls (``Seat 1 pass, Seat 2 take``); the events keep every call."""
    latest = {seat: word for seat, word in auction}
    order = sorted(latest, key=lambda seat: max(i for i, (s, _) in enumerate(auction) if s == seat))
    return ", ".join(f"{SEAT_NAMES[seat]} {latest[seat]}" for seat in order) or "-"


_NONE_SHOWN = tuple(card_set(DECK, 0) for _ in range(PLAYERS))
"""No Abundance shown yet, the usual case: built once."""


def build(
    game: TarouxGame,
    state: TarouxState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
) -> PlayerView:
    dealer = state.context.dealer
    in_auction = state.phase in (Phase.AUCTION, Phase.RECONTRA)
    public: list[tuple[str, str]] = [("dealer", SEAT_NAMES[dealer])]
    if in_auction:  # afterwards the contract line says what it came to; facts keep every bid
        public.append(("auction", auction_text(state.auction)))
    if state.high:
        contra = f", {CONTRA_NAMES[state.contra]}" if state.contra else ""
        label = "highest bid" if in_auction else "contract"
        public.append((label, f"{BID_NAMES[state.high]} by {SEAT_NAMES[state.bidder]}{contra}"))
        if not in_auction and real_bid(state.high):
            pair = f"{SEAT_NAMES[state.bidder]} and {SEAT_NAMES[partner_of(state.bidder)]}"
            public.append(("declarers", pair))
    stock_shown = takes_stock(state.high) and not in_auction
    if stock_shown:
        half = len(state.stock) // 2
        public.append(
            # in the pack's order, as the event that turned it up names them
            ("stock", f"first three {_codes(state.stock[:half])}; second three {_codes(state.stock[half:])}")
        )
    if state.shown_discards:
        public.append(("trumps discarded", DECK.codes(state.shown_discards)))
    for other in range(PLAYERS):
        if state.shown[other]:
            public.append((f"Abundance of {SEAT_NAMES[other]}", DECK.codes(state.shown[other])))
    if state.sparrow >= 0:
        public.append(("Sparrow", f"announced by {SEAT_NAMES[state.sparrow]}"))
    if state.slam >= 0:
        public.append(("Slam", f"announced by {SEAT_NAMES[state.slam]}"))
    now = None
    if state.tricks and real_bid(state.high):
        more, now = running_state(state)
        public += more
    facts = TarouxFacts(
        auction=state.auction,
        high_bid=BID_NAMES[state.high] if state.high else None,
        bidder=state.bidder if state.bidder >= 0 else None,
        contra=state.contra,
        passes=state.passes,
        stock=tuple(DECK.cards[c] for c in state.stock) if stock_shown else None,
        trumps_discarded=card_set(DECK, state.shown_discards),
        abundances=tuple(card_set(DECK, shown) for shown in state.shown) if any(state.shown) else _NONE_SHOWN,
        sparrow=state.sparrow if state.sparrow >= 0 else None,
        slam=state.slam if state.slam >= 0 else None,
        running=now,
    )
    own = state.discards[seat] if seat is not None else 0
    return seat_view(
        game.info, state, seat, to_act, legal, public, facts, playing=state.phase is Phase.PLAY, discard=own
    )


_RUNNING: Last[tuple[tuple[tuple[str, str], ...], Running]] = Last()


def running_state(state: TarouxState) -> tuple[tuple[tuple[str, str], ...], Running]:
    """``_running_state``, worked out once per trick (``core.memo.Last``)."""
    return _RUNNING.get((state.tricks, state.bidder), lambda: frozen(_running_state(state)))


def _running_state(state: TarouxState) -> tuple[list[tuple[str, str]], Running]:
    """Tricks and card points (counted in pairs, T8) won so far by the Declarers and the
    Defenders, and the points the Declarers still need for the target of the Honours they have won
    so far. Not counted: the face-down discards and the stock (T5), which are credited at the end
    and may add Honours (lowering the target), and the Fool's settlement (C4)."""
    both = sides(state.bidder)
    cards, won = piles(state.tricks, PLAYERS, both, FOOL)
    masks = [sum(1 << card for card, _ in pile) for pile in cards]
    now = Running(both, tuple(won), tuple(counted(mask) for mask in masks))
    needed = still_needed(now.card_points[0], (masks[0] & HONOURS).bit_count())
    return running_facts(now, SIDE_NAMES, needed, f" for the target {target(masks[0])}")


def _codes(cards: tuple[int, ...]) -> str:
    """Cards in the pack's natural order (as ``DECK.codes`` and the stock's event list them)."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return DECK.codes(mask)


# -- how a table shows a hand (presentation only) -------------------------------------------


def seat_roles(view: PlayerView) -> tuple[str, ...]:
    """The Declarers once the auction is over (T4): ``bidding Declarer · We'll Take, Contra``
    and his partner ``Declarer``; nothing during the auction, or for a Prop or Stand left
    highest (the hand is thrown in, T3)."""
    roles = [""] * PLAYERS
    facts = TarouxFacts.of(view)
    in_auction = view.phase in (Phase.AUCTION, Phase.RECONTRA)
    if facts.bidder is None or not real_bid(bid_level(facts.high_bid)) or in_auction:
        return tuple(roles)
    contra = f", {CONTRA_NAMES[facts.contra]}" if facts.contra else ""
    roles[facts.bidder] = f"bidding Declarer · {facts.high_bid}{contra}"
    roles[partner_of(facts.bidder)] = "Declarer"
    return tuple(roles)


def stock_choice(view: PlayerView) -> dict[Action, tuple[Card, ...]]:
    """T5: the bidding Declarer's two calls, ``first`` and ``second``, as the three cards of
    the stock each takes (the stock as shown to all, in the order dealt)."""
    stock = TarouxFacts.of(view).stock
    legal = set(view.legal_actions)
    if stock is None or not {FIRST, SECOND} <= legal:
        return {}
    half = len(stock) // 2
    return {FIRST: stock[:half], SECOND: stock[half:]}
