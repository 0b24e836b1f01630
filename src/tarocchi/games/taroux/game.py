"""Taroux of Six on the engine protocol: the game object and its phase table."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from tarocchi.core.actions import Action, Call, Discard
from tarocchi.core.cards import Card, MaskMap
from tarocchi.core.dealing import Dealing, sampled
from tarocchi.core.dispatch import Menus
from tarocchi.core.errors import NotationError
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.positional import replaced
from tarocchi.core.protocol import Deal, GameInfo, HandContext, Reading
from tarocchi.core.text import shown
from tarocchi.core.views import PlayerView
from tarocchi.games.taroux import views
from tarocchi.games.taroux.actions import Show
from tarocchi.games.taroux.auction import (
    AUCTION_MENU,
    BIDS,
    CONTRA,
    DECLINE,
    FIRST,
    PASS,
    RECONTRA,
    SECOND,
    STOCK_MENU,
    WINDOW_MENU,
    Bidding,
    Recontra,
    StockChoice,
)
from tarocchi.games.taroux.exchange import (
    DECLARE_MENU,
    DISCARDS,
    DONE,
    SHOWS,
    SLAM,
    SPARROW,
    Declaring,
    Discarding,
)
from tarocchi.games.taroux.play import PLAYS, Playing
from tarocchi.games.taroux.rules import (
    DECK,
    HAND_SIZE,
    INFO,
    PLAYERS,
    SEAT_NAMES,
    STOCK_SIZE,
    TOTAL,
    TRICKS,
    declarers,
    places,
)
from tarocchi.games.taroux.scoring import score
from tarocchi.games.taroux.state import (
    I_CONTEXT,
    I_HANDS,
    I_STOCK,
    I_STOCK_LEFT,
    I_TURN,
    Phase,
    TarouxState,
)
from tarocchi.games.taroux.turns import settled

MENUS = tuple(
    MaskMap(menu) for menu in (AUCTION_MENU, WINDOW_MENU, STOCK_MENU, DISCARDS, DECLARE_MENU, PLAYS, ())
)
"""Each phase's actions, selected by a state's ``legal`` mask (``turns``), in phase order."""
CALLS: dict[str, Action] = {
    call.word: call
    for call in (*BIDS, CONTRA, RECONTRA, DECLINE, FIRST, SECOND, SPARROW, SLAM, DONE)
    if isinstance(call, Call)
}
CALLS |= {"re-contra": RECONTRA, "p": PASS}
OPENING = TarouxState(
    phase=Phase.AUCTION,
    context=HandContext(1, 0, (0,) * PLAYERS),
    hands=(0,) * PLAYERS,
    stock=(),
    stock_left=0,
    turn=0,
    high=0,
    bidder=-1,
    contra=0,
    contra_by=-1,
    passes=0,
    auction=(),
    discards=(0,) * PLAYERS,
    shown_discards=0,
    declared=0,
    shown=(0,) * PLAYERS,
    sparrow=-1,
    slam=-1,
    leader=-1,
    trick=(),
    led=None,
    tricks=(),
    events=None,
)
"""Every hand's first state but for the deal, the context and the first bidder (``start``):
the NamedTuple's own ``__new__`` by keyword is a Python function, several times ``replaced``."""
_NOTATION = (
    "type a call (pass, prop, stand, take, without, against, contra, recontra, decline, first, "
    "second, sparrow, slam, done), 'discard KE', 'show T14', or a card to play it (e.g. KE, 10W, "
    "T14, FOOL)"
)


class TarouxGame(PhasedGame[TarouxState]):
    """Six hands of Taroux of Six; no options."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.TarouxFacts
    seat_names = SEAT_NAMES
    actions: ClassVar[tuple[Action, ...]] = (*PLAYS, *DISCARDS, *SHOWS, *dict.fromkeys(CALLS.values()))
    example_action = "pass"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.use_phases(
            (
                Bidding(),
                Recontra(),
                StockChoice(),
                Discarding(),
                Declaring(),
                Playing(),
                HandOver(),
            ),
            Dealing(PLAYERS, HAND_SIZE, STOCK_SIZE),
            Menus(TarouxState._fields.index("actor"), TarouxState._fields.index("legal"), MENUS),
        )
        assert list(Phase) == list(range(len(MENUS)))

    def action_phrase(self, seat: int, action: Action) -> str | None:
        """T6: a trump laid face up for an Abundance."""
        return f"shows {action.card.code} for an Abundance" if isinstance(action, Show) else None

    def seat_roles(self, view: PlayerView) -> tuple[str, ...]:
        """The bidding Declarer with the contract and his partner (``views.seat_roles``)."""
        return views.seat_roles(view)

    def call_cards(self, view: PlayerView) -> Mapping[Action, tuple[Card, ...]]:
        """T5: the first or the second three of the stock shown, as the bidding Declarer takes them."""
        return views.stock_choice(view)

    def warning(self, view: PlayerView, action: Action) -> str | None:
        """T6: ``done`` while trumps may still be shown and this seat has shown none gives its
        Abundance up."""
        if action != DONE or not any(isinstance(a, Show) for a in view.legal_actions):
            return None
        if any(event.seat == view.seat and isinstance(event.action, Show) for event in view.events):
            return None
        return "done gives up your Abundance: you have shown no trump (T6)"

    def several(self, action: Action) -> bool:
        """Discards, and the trumps shown for an Abundance (T6), go in together."""
        return isinstance(action, Discard | Show)

    # -- dealing ----------------------------------------------------------------------
    def deal_places(self, rng: random.Random, dealer: int) -> tuple[tuple[int, ...], ...]:
        """T2: four packets of three to each player from Eldest; six cards to the stock one at a
        time, never the first or the last card of the pack (drawn after the shuffle), kept in
        order."""
        piles = places(dealer, sampled(rng, 1, DECK.size - 1, STOCK_SIZE))
        return tuple(map(tuple, piles))

    def start(self, deal: Deal, context: HandContext, masks: tuple[int, ...]) -> TarouxState:
        stock = tuple(card.index for card in deal.stock)
        first = replaced(
            OPENING, I_CONTEXT, context, I_HANDS, masks[:PLAYERS], I_STOCK, stock,
            I_STOCK_LEFT, masks[PLAYERS], I_TURN, (context.dealer + 1) % PLAYERS,
        )  # fmt: skip
        return settled(first)

    # -- the protocol -------------------------------------------------------------------
    build_view = views.build
    score = staticmethod(score)

    def won_pile(self, state: TarouxState, seat: int) -> str:
        side = declarers(state.bidder) if state.bidder >= 0 else 0
        return "tricks of the Declarers" if side >> seat & 1 else "tricks of the Defenders"

    def laid_aside(self, state: TarouxState) -> dict[str, int]:
        discards = 0
        for mask in state.discards:
            discards |= mask
        return {"stock": state.stock_left, "discards": discards}

    def audit(self, state: TarouxState) -> list[str]:
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None and not result.thrown_in:
            if sum(result.tricks) != TRICKS:
                problems.append(f"{sum(result.tricks)} tricks counted, not {TRICKS}")
            if sum(result.card_points) != TOTAL:
                problems.append(f"the sides count {sum(result.card_points)} points, not {TOTAL} (T8)")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.lower().replace("'", "").split()
        if not words:
            raise NotationError(f"expected an action; {_NOTATION}")
        verb = words[0]
        if len(words) == 1 and verb in CALLS:
            return CALLS[verb]
        if len(words) == 2:
            if verb in ("discard", "d"):
                return DISCARDS[DECK.card(words[1]).index]
            if verb in ("show", "abundance"):
                return SHOWS[DECK.card(words[1]).index]
            if verb in ("play", "p"):
                return PLAYS[DECK.card(words[1]).index]
        if len(words) == 1:
            try:
                card = DECK.card(words[0])
            except NotationError as error:
                raise NotationError(f"'{shown(text.strip())}' is not an action; {_NOTATION}") from error
            if reading is not None and reading.offers(Discard):
                return DISCARDS[card.index]
            if reading is not None and reading.offers(Show):
                return SHOWS[card.index]
            return PLAYS[card.index]
        raise NotationError(f"'{shown(text.strip())}' is not an action; {_NOTATION}")
