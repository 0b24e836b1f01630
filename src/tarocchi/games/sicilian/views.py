"""A seat's view of a Sicilian hand, listed field by field from what that seat may know (C6).

Hidden: the other hands, the stock unless a Solo shows it (S4: then ``details["stock"]`` names
it for every seat and a spectator), the discard (but for its trumps), and above all the hidden
partner: only the holder of the rallied card knows him until the card is played (S7). Everyone
else, the Declarer included, sees "hidden".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tarocchi.core.actions import Action
from tarocchi.core.running import running, running_facts
from tarocchi.core.views import PlayerView, seat_view
from tarocchi.games.sicilian.actions import THROW, Offer, Rally, Take
from tarocchi.games.sicilian.rules import DECK, FOOL, HALF, LAST_TRICK_BONUS, PLAYERS, SEAT_NAMES, VALUES
from tarocchi.games.sicilian.state import Mode, Phase, SicilianState, ThrownIn

if TYPE_CHECKING:
    from tarocchi.games.sicilian.game import SicilianGame


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
    details: list[tuple[str, Any]] = [
        ("offers", [[o.seat, o.kind, o.amount, o.taker if o.taker >= 0 else None] for o in state.offers]),
        ("held", state.held),
    ]
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
        public.append(("partner", partner_text))
    if state.thrown_in is not ThrownIn.NO:
        public.append(("thrown in", "nobody propped" if state.thrown_in is ThrownIn.NO_PROP else "bargain"))
    details += [
        ("declarer", state.declarer if state.declarer >= 0 else None),
        ("mode", state.mode.name.lower()),
        ("stock", DECK.codes(state.shown_stock) if state.shown_stock else None),
        ("rallied", DECK.cards[state.rallied].code if state.rallied >= 0 else None),
        ("partner", partner),
        ("thrown_in", None if state.thrown_in is ThrownIn.NO else state.thrown_in.name.lower()),
    ]
    if state.tricks and state.mode is not Mode.NONE:
        more, facts = running_state(state)
        public += more
        details += facts
    return seat_view(
        game.info,
        state,
        seat,
        to_act,
        legal,
        playing=state.phase is Phase.PLAY,
        discard=state.discard if seat == state.discarder else 0,
        public=public,
        details=details,
    )


def public_sides(state: SicilianState) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The Declarers and the Defenders as everyone knows them (None: a rallied partner is still
    hidden, S7, so nobody but him may be told which tricks are the Declarers')."""
    team: tuple[int, ...] = (state.declarer,)
    if state.mode is Mode.COP or (state.mode is Mode.RALLY and state.revealed):
        team = tuple(sorted((state.declarer, state.partner)))
    elif state.mode is Mode.RALLY and state.phase is not Phase.DONE:
        return None
    return team, tuple(s for s in range(PLAYERS) if s not in team)


def running_state(state: SicilianState) -> tuple[list[tuple[str, str]], list[tuple[str, Any]]]:
    """Tricks and card points won so far by the Declarers and the Defenders (S9), and what the
    Declarers still need for d > 0: more than the half (63) in card points, 1 per trick and 5 for
    the last trick. Not counted: the face-down discard (it counts for its maker at the end) and
    the Fool's settlement (C4). While a rallied partner is hidden, the sides are not shown."""
    sides = public_sides(state)
    if sides is None:
        card = DECK.cards[state.rallied].code
        public = [("tricks won", f"by side once {card} is played (the partner is hidden)")]
        return public, [("sides", None), ("tricks_won", None), ("card_points", None), ("needed", None)]
    now = running(state.tricks, PLAYERS, sides, lambda _, pile: sum(VALUES[c] for c, _ in pile), FOOL)
    last = LAST_TRICK_BONUS if state.phase is Phase.DONE and state.tricks[-1].winner in sides[0] else 0
    needed = max(0, HALF + 1 - (now.card_points[0] + now.tricks_won[0] + last))
    return running_facts(now, ("Declarers", "Defenders"), needed, " to pass the half (63)")
