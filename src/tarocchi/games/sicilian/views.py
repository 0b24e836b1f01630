"""A seat's view of a Sicilian hand, listed field by field from what that seat may know (C6).

Hidden: the other hands, the stock unless a Solo shows it (S4: then ``SicilianFacts.stock`` holds
it for every seat and a spectator), the discard (but for its trumps), and above all the hidden
partner: only the holder of the rallied card knows him until the card is played (S7). Everyone
else, the Declarer included, sees "hidden".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tarocchi.core.actions import Action
from tarocchi.core.cards import Card, CardSet
from tarocchi.core.facts import Facts
from tarocchi.core.memo import Last
from tarocchi.core.running import Running, frozen, running, running_facts
from tarocchi.core.views import PlayerView, card_set, seat_view
from tarocchi.games.sicilian.actions import THROW, Offer, Rally, Take
from tarocchi.games.sicilian.rules import (
    DECK,
    FOOL,
    PLAYERS,
    SEAT_NAMES,
    VALUES,
    side_total,
    sides,
    still_needed,
)
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState, ThrownIn

if TYPE_CHECKING:
    from tarocchi.games.sicilian.game import SicilianGame


@dataclass(frozen=True, slots=True)
class OfferFact:
    """An open or taken offer of the bargain (S3): who made it, ``throw`` or ``pay``, how much,
    who took it (None: still open)."""

    seat: int
    kind: str
    amount: int
    taker: int | None


@dataclass(frozen=True, slots=True)
class SicilianFacts(Facts):
    """What a Sicilian view tells programs beyond the cards (S3-S9)."""

    offers: tuple[OfferFact, ...]
    held: bool
    """Somebody said hold (S3)."""
    declarer: int | None
    mode: Mode
    stock: CardSet
    """The stock a Solo Declarer showed to all (S4); empty otherwise."""
    stock_taken: CardSet
    """The stock as this seat took it unseen by the others, the Dealer when nobody said Solo
    (S5); empty for every other seat."""
    rallied: Card | None
    """The card the Declarer rallied (S7)."""
    partner: int | None
    """The Declarer's partner as this seat knows him (None: none, or still hidden from it)."""
    thrown_in: ThrownIn
    running: Running | None
    """Tricks and card points of the Declarers and the Defenders once a trick is won and the
    sides are public (None while a rallied partner is hidden, S7)."""

    def declaring_side(self) -> frozenset[int] | None:
        if self.declarer is None:
            return None
        if self.partner is not None:
            return frozenset({self.declarer, self.partner})
        if self.mode in (Mode.SOLO, Mode.ALONE):
            return frozenset({self.declarer})  # 1 v 3: the three Defenders are partners
        return None  # the partner is hidden (S7)


_ROLE_WORDS = {Mode.SOLO: "Solo", Mode.COP: "Prop", Mode.RALLY: "Prop", Mode.ALONE: "Prop, 1 v 3"}


def seat_roles(view: PlayerView) -> tuple[str, ...]:
    """Each seat's part once the contract is made: ``Declarer · Solo``, ``partner (Cop)``; a
    rallied partner only as this view knows him (S7): revealed by his card, or to himself."""
    roles = [""] * PLAYERS
    facts = SicilianFacts.of(view)
    if facts.declarer is None or facts.mode is Mode.NONE:
        return tuple(roles)
    roles[facts.declarer] = f"Declarer · {_ROLE_WORDS[facts.mode]}"
    if facts.partner is not None:
        how = "Cop" if facts.mode is Mode.COP else f"rallied {facts.rallied.code}" if facts.rallied else ""
        roles[facts.partner] = f"partner ({how})" if how else "partner"
    return tuple(roles)


def phrase(action: Action) -> str | None:
    """The bargain (S3) and the rally (S7) as the log says them: ``offers to throw in for 20``,
    ``offers to pay 20 to throw in``, ``takes West's offer``, ``rallies KE``."""
    if isinstance(action, Offer):
        if action.kind == THROW:
            return f"offers to throw in for {action.amount}"
        return f"offers to pay {action.amount} to throw in"
    if isinstance(action, Take):
        return f"takes {SEAT_NAMES[action.seat]}'s offer" if 0 <= action.seat < PLAYERS else None
    if isinstance(action, Rally):
        return f"rallies {action.card.code}: its holder is the Declarer's hidden partner"
    return None


_MODES = {
    Mode.SOLO: "Solo, 1 v 3",
    Mode.COP: "Prop and Cop, 2 v 2",
    Mode.RALLY: "Prop and rally",
    Mode.ALONE: "Prop, all courts held: 1 v 3",
}


def known_partner(state: SicilianState, seat: int | None) -> tuple[str, int | None]:
    """What ``seat`` knows of the Declarer's partner: a text and the seat (None: unknown or none)."""
    mode = state.mode
    if mode is Mode.COP:
        return f"{SEAT_NAMES[state.partner]} (Cop)", state.partner
    if mode is not Mode.RALLY:
        return "none", None
    card = DECK.cards[state.rallied].code
    if state.revealed:
        return f"{SEAT_NAMES[state.partner]} (played {card})", state.partner
    if seat is not None and seat == state.partner:
        return f"you: you hold {card}; nobody else knows until you play it", seat
    if seat is not None and state.partner < 0 and seat == state.discarder:
        return f"none: {card} lies in your discard, so the Declarer plays alone", None
    if state.phase is Phase.DONE:  # every card is played: only a discarded rallied card is left unseen
        return f"none: {card} was not in play, 1 v 3", None
    return f"hidden until {card} is played", None


def build(
    game: SicilianGame,
    state: SicilianState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
) -> PlayerView:
    dealer = state.context.dealer
    public: list[tuple[str, str]] = [("dealer", SEAT_NAMES[dealer])]
    open_offers = [f"{SEAT_NAMES[o.seat]}: {o.kind} {o.amount}" for o in state.offers if o.taker < 0]
    if state.phase is Phase.BARGAIN and open_offers:
        public.append(("open offers", "; ".join(open_offers)))
    if state.declarer >= 0:
        public.append(("declarer", SEAT_NAMES[state.declarer]))
    if state.mode is not Mode.NONE:
        public.append(("contract", _MODES[state.mode]))
    if state.shown_stock:
        shown = f"{DECK.codes(state.shown_stock)}, shown to all by the Solo Declarer (S4)"
        public.append(("stock", shown))
    if state.rallied >= 0:
        public.append(("rallied", DECK.cards[state.rallied].code))
    partner_text, partner = known_partner(state, seat)
    if state.mode in (Mode.COP, Mode.RALLY):
        # Named so: "partner" on the table is the seat beside one (the terminal marks him so).
        public.append(("Declarer's partner", partner_text))
    if state.thrown_in is not ThrownIn.NO:
        public.append(("thrown in", "nobody propped" if state.thrown_in is ThrownIn.NO_PROP else "bargain"))
    now = None
    if state.tricks and state.mode is not Mode.NONE:
        more, now = running_state(state)
        public += more
    facts = SicilianFacts(
        offers=tuple(
            OfferFact(o.seat, o.kind, o.amount, o.taker if o.taker >= 0 else None) for o in state.offers
        ),
        held=state.held,
        declarer=state.declarer if state.declarer >= 0 else None,
        mode=state.mode,
        stock=card_set(DECK, state.shown_stock),
        stock_taken=card_set(DECK, state.taken if seat is not None and seat == state.discarder else 0),
        rallied=DECK.cards[state.rallied] if state.rallied >= 0 else None,
        partner=partner,
        thrown_in=state.thrown_in,
        running=now,
    )
    own = state.discard if seat == state.discarder else 0
    return seat_view(
        game.info, state, seat, to_act, legal, public, facts, playing=state.phase is Phase.PLAY, discard=own
    )


def public_sides(state: SicilianState) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The Declarers and the Defenders as everyone knows them (None: a rallied partner is still
    hidden, S7, so nobody but him may be told which tricks are the Declarers')."""
    if state.mode is Mode.COP or (state.mode is Mode.RALLY and state.revealed):
        return sides(state.declarer, state.partner)
    if state.mode is Mode.RALLY and state.phase is not Phase.DONE:
        return None
    return sides(state.declarer, -1)


_RUNNING: Last[tuple[tuple[tuple[str, str], ...], Running | None]] = Last()


def running_state(state: SicilianState) -> tuple[tuple[tuple[str, str], ...], Running | None]:
    """``_running_state``, worked out once per trick (``core.memo.Last``)."""
    return _RUNNING.get(
        (state.tricks, public_sides(state), state.rallied, state.phase is Phase.DONE),
        lambda: frozen(_running_state(state)),
    )


def _running_state(state: SicilianState) -> tuple[list[tuple[str, str]], Running | None]:
    """Tricks and card points won so far by the Declarers and the Defenders (S9), and what the
    Declarers still need for d > 0: more than the half (63) in card points, 1 per trick and 5 for
    the last trick. Not counted: the face-down discard (it counts for its maker at the end) and
    the Fool's settlement (C4). While a rallied partner is hidden, the sides are not shown."""
    both = public_sides(state)
    if both is None:
        card = DECK.cards[state.rallied].code
        public = [("tricks won", f"by side once {card} is played (the partner is hidden)")]
        return public, None
    now = running(state.tricks, PLAYERS, both, lambda _, pile: sum(VALUES[c] for c, _ in pile), FOOL)
    last = state.phase is Phase.DONE and state.tricks[-1].winner in both[0]
    needed = still_needed(side_total(now.card_points[0], now.tricks_won[0], last))
    declarers = "Declarers" if len(both[0]) > 1 else "Declarer"  # a Solo or 1 v 3: one seat
    return running_facts(now, (declarers, "Defenders"), needed, " to pass the half (63)")
