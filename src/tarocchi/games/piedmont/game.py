"""Piedmont Tarocchi on the engine protocol: the game object and its phase table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from tarocchi.core.actions import Action, Discard
from tarocchi.core.cards import MaskMap
from tarocchi.core.dealing import Dealing, places_in_packets
from tarocchi.core.dispatch import Menus
from tarocchi.core.errors import NotationError
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.protocol import Deal, GameInfo, HandContext, HandResult, Reading
from tarocchi.core.text import shown
from tarocchi.games.piedmont import scoring, views
from tarocchi.games.piedmont.play import (
    ANSWER,
    DISCARDS,
    FIRST_CALL,
    MENUS,
    PLAYS,
    Calling,
    Discarding,
    Playing,
    started,
)
from tarocchi.games.piedmont.rules import (
    DECK,
    HAND_SIZE,
    INFO,
    NOT_DISCARDABLE,
    PLAYERS,
    SEAT_NAMES,
    STOCK_SIZE,
    TOTAL,
    TRICKS,
    side_of,
)
from tarocchi.games.piedmont.state import Phase, PiedmontState

CALLS = {call.word: call for call in (*FIRST_CALL, *ANSWER)}
_DISCARDS_OF = MaskMap(DISCARDS)

_PLACES = tuple(
    places_in_packets(((HAND_SIZE, False), (STOCK_SIZE, True)), d, PLAYERS) for d in range(PLAYERS)
)
"""P2, for each dealer: where in the shuffled pack each hand's cards and the stock's lie (a fresh
shuffle; 19 cards to each player from Eldest, the last 4 to the dealer)."""


class PiedmontGame(PhasedGame[PiedmontState]):
    """Four hands of Piedmont Tarocchi; option ``good_evil`` = ``trumps`` | ``allegiance``."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.PiedmontFacts
    actions: ClassVar[tuple[Action, ...]] = (*PLAYS, *DISCARDS, *FIRST_CALL, *ANSWER)
    seat_names = SEAT_NAMES
    example_action = "KE"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.allegiance = self.options["good_evil"] == "allegiance"
        self.not_discardable = NOT_DISCARDABLE[self.options["good_evil"]]
        # The option's sheet, a compiled function, as the instance's score: ``outcome`` calls it
        # with no Python frame on the way (``score`` below is the same, through the class).
        vars(self)["score"] = scoring.sheet_of(self.allegiance)
        playing = Playing(self.allegiance)
        fields = PiedmontState._fields
        menus = Menus(fields.index("actor"), fields.index("legal"), MENUS)
        dealing = Dealing(PLAYERS, HAND_SIZE, STOCK_SIZE, _PLACES)
        self.use_phases(
            (Discarding(self.not_discardable), playing, Calling(playing), HandOver()), dealing, menus
        )
        assert [Phase.DISCARD, Phase.PLAY, Phase.CALL, Phase.DONE] == [0, 1, 2, 3]

    # -- dealing ----------------------------------------------------------------------
    def start(self, deal: Deal, context: HandContext, masks: tuple[int, ...]) -> PiedmontState:
        return started(context, masks[:PLAYERS], masks[PLAYERS], self.not_discardable)

    # -- the protocol -------------------------------------------------------------------
    build_view = views.build

    def score(self, state: PiedmontState) -> HandResult:
        return scoring.score(state, self.allegiance)

    def won_pile(self, state: PiedmontState, seat: int) -> str:
        return f"tricks of side {side_of(seat)}"

    def laid_aside(self, state: PiedmontState) -> dict[str, int]:
        return {"discard": state.discard}

    def audit(self, state: PiedmontState) -> list[str]:
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None:
            if sum(result.tricks) != TRICKS:
                problems.append(f"{sum(result.tricks)} tricks counted, not {TRICKS}")
            total = sum(result.card_points) + sum(result.tricks)
            if not self.allegiance and total != TOTAL:
                problems.append(f"the sides count {total} points, not {TOTAL} (P5)")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.split()
        if not words:
            raise NotationError(f"expected an action; {self._notation()}")
        verb = words[0].lower()
        if len(words) == 1 and verb in CALLS:
            return CALLS[verb]
        if verb in ("discard", "d") and len(words) == 2:
            return DISCARDS[DECK.card(words[1]).index]
        if verb in ("play", "p") and len(words) == 2:
            return PLAYS[DECK.card(words[1]).index]
        if len(words) == 1:
            card = DECK.card(words[0])
            if reading is not None and reading.offers(Discard):
                return DISCARDS[card.index]
            return PLAYS[card.index]
        raise NotationError(f"'{shown(text.strip())}' is not an action; {self._notation()}")

    def _notation(self) -> str:
        """How actions are typed, in this game's options: the calls only under Allegiance (P4)."""
        head = "type a card to play it (e.g. KE, 10W, T14, FOOL), 'discard 2E' while discarding"
        return f"{head}, or a call: ours, yours, confirm, reverse" if self.allegiance else head
