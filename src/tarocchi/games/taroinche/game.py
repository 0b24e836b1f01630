"""Taroinche on the engine protocol: the game object and its phase table (B1-B8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from tarocchi.core.actions import Action, Discard
from tarocchi.core.cards import Card, MaskMap
from tarocchi.core.dealing import Dealing, places_in_packets
from tarocchi.core.dispatch import Menus
from tarocchi.core.errors import NotationError
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.protocol import GameInfo, Reading
from tarocchi.core.text import shown
from tarocchi.core.views import PlayerView
from tarocchi.games.taroinche import views
from tarocchi.games.taroinche.auction import (
    DISCARD_MENU,
    DISCARDS,
    Auction,
    Discarding,
    Surcoinche,
    opening,
)
from tarocchi.games.taroinche.bidding import (
    ACTION_HELP,
    BY_LEVEL,
    CALLS,
    SURCOINCHE_LEGAL,
    Bid,
    beyond_the_pack,
    looks_like_bid,
    parse_bid,
    summary,
)
from tarocchi.games.taroinche.play import PLAYS, Playing
from tarocchi.games.taroinche.rules import (
    DECK,
    DOG_SIZE,
    HAND_SIZE,
    INFO,
    PLAYERS,
    SEAT_NAMES,
    TOTAL,
    TRICKS,
    side_of,
)
from tarocchi.games.taroinche.scoring import score
from tarocchi.games.taroinche.state import I_ACTOR, I_LEGAL, Phase, TaroincheState

MENUS = (MaskMap(()), MaskMap(SURCOINCHE_LEGAL), DISCARD_MENU, MaskMap(PLAYS), MaskMap(()))
"""Each phase's actions, selected by a state's ``legal`` mask once its seat to act is settled:
the surcoinche round's pass and surcoinche, the taker's discards, the cards; the auction's
hundreds of bids are the handler's tuples (``bidding.AUCTION_LEGAL``), its seat left unsettled."""
_AUCTION, _SURCOINCHE, _DISCARD, _PLAY, _DONE = Phase
_PLACES = tuple(places_in_packets(((HAND_SIZE, False), (DOG_SIZE, True)), d, PLAYERS) for d in range(PLAYERS))
"""B2, for each dealer: where in the shuffled pack each hand's cards and the dog's lie (a fresh
shuffle; 6 cards each from the first player, 2 to the dog)."""
_NOTATION = (
    "type a bid (e.g. '90 H without 3': value, trump, dog mode, partner seat or self), pass, "
    "coinche, surcoinche, a card to play it (e.g. JS), or 'discard JS' while discarding"
)


class TaroincheGame(PhasedGame[TaroincheState]):
    """Taroinche as Board Game Arena plays it; option ``hands`` = 5 | 10 | 15 | 20 (B8)."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.TaroincheFacts
    seat_names = SEAT_NAMES
    actions: ClassVar[tuple[Action, ...]] = (
        *PLAYS,
        *DISCARDS,
        *dict.fromkeys(CALLS.values()),
        *(bid for level in BY_LEVEL for bid in level),
    )
    example_action = "pass"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self._hands = int(self.options["hands"])
        self.use_phases(
            (
                Auction(),
                Surcoinche(),
                Discarding(),
                Playing(),
                HandOver(),
            ),
            Dealing(PLAYERS, HAND_SIZE, DOG_SIZE, _PLACES),
            Menus(I_ACTOR, I_LEGAL, MENUS),
        )

    def hands_per_game(self) -> int:
        return self._hands

    # -- for a table: presentation only ---------------------------------------------
    action_help: ClassVar[str] = ACTION_HELP

    def hand_order(self, cards: Iterable[Card], view: PlayerView | None = None) -> list[Card]:
        """Coinche order, the contract's trump suit first (``views.hand_order``)."""
        return views.hand_order(cards, view)

    def trump_suit(self, view: PlayerView) -> str | None:
        return views.trump_suit(view)

    def action_phrase(self, seat: int, action: Action) -> str | None:
        """A bid in words, its partner by name (``views.phrase``)."""
        return views.phrase(seat, action)

    def seat_roles(self, view: PlayerView) -> tuple[str, ...]:
        """The taker with his contract, his partner and the coincher (``views.seat_roles``)."""
        return views.seat_roles(view)

    def field_words(self) -> Mapping[str, Mapping[int, str]]:
        """A bid's Capot, No-trump, All-trump and dog modes in words (``views.FIELD_WORDS``)."""
        return views.FIELD_WORDS

    def legal_summary(self, legal: tuple[Action, ...]) -> str | None:
        """The auction's bids in one line (``bidding.summary``)."""
        return summary(legal)

    def warning(self, view: PlayerView, action: Action) -> str | None:
        """What a table asks about before taking ``action`` (legal, but likely a mistake): a bid
        beyond the pack's points without the belote in hand (``bidding.beyond_the_pack``)."""
        return beyond_the_pack(action, view.hand.mask)

    # -- dealing ----------------------------------------------------------------------
    start = staticmethod(opening)

    # -- the protocol -------------------------------------------------------------------
    build_view = views.build
    score = staticmethod(score)

    def won_pile(self, state: TaroincheState, seat: int) -> str:
        attack = side_of(seat, state.taker, state.partner) == 0
        return "tricks of the attack" if attack else "tricks of the defence"

    def laid_aside(self, state: TaroincheState) -> dict[str, int]:
        return {"dog": state.dog, "taker's discard": state.discard}

    def audit(self, state: TaroincheState) -> list[str]:
        """Adds C7's stated total: every fully played hand's card points come to 162 (B1)."""
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None and len(state.tricks) == TRICKS and sum(result.card_points) != TOTAL:
            problems.append(f"the sides count {sum(result.card_points)} card points, not {TOTAL} (B1)")
        if result is not None and sum(result.tricks) != len(state.tricks):
            problems.append(f"{sum(result.tricks)} tricks counted, {len(state.tricks)} played")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.lower().split()
        if not words:
            raise NotationError(f"expected an action; {_NOTATION}")
        verb = words[0]
        if len(words) == 1 and verb in CALLS:
            return CALLS[verb]
        if verb in ("discard", "d") and len(words) == 2:
            return DISCARDS[DECK.card(words[1]).index]
        if verb in ("play",) and len(words) == 2:
            return PLAYS[DECK.card(words[1]).index]
        if looks_like_bid(words):
            bidder = reading.seat if reading is not None and reading.offers(Bid) else None
            return parse_bid(text, words, bidder)
        if len(words) == 1:
            card = DECK.card(words[0])
            if reading is not None and reading.offers(Discard):
                return DISCARDS[card.index]
            return PLAYS[card.index]
        raise NotationError(f"'{shown(text.strip())}' is not an action; {_NOTATION}")
