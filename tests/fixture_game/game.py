"""Trio on the engine protocol: the game object and its phase table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from fixture_game import views
from fixture_game.play import PASS, PLAYS, TAKE, Bidding, Playing
from fixture_game.rules import DECK, HAND_SIZE, INFO, PLAYERS, SEAT_NAMES, TOTAL
from fixture_game.scoring import score
from fixture_game.state import Phase, TrioState
from tarocchi.core.actions import Action
from tarocchi.core.dealing import Dealing, places_in_packets
from tarocchi.core.errors import NotationError
from tarocchi.core.phases import HandOver, PhasedGame
from tarocchi.core.protocol import Deal, GameInfo, HandContext, HandResult, Reading
from tarocchi.core.text import shown

_PLACES = tuple(places_in_packets(((HAND_SIZE, False),), dealer, PLAYERS) for dealer in range(PLAYERS))
"""R2, for each dealer: five cards to each player from the dealer's left, no stock."""


class TrioGame(PhasedGame[TrioState]):
    """Three hands of Trio; individual scores; no options."""

    info: ClassVar[GameInfo] = INFO
    phase_type = Phase
    facts_type = views.TrioFacts
    seat_names = SEAT_NAMES
    actions: ClassVar[tuple[Action, ...]] = (*PLAYS, TAKE, PASS)
    example_action = "KC"
    action_help = "take or pass in the bid"

    def __init__(self, options: Mapping[str, str] | None = None) -> None:
        super().__init__(options)
        self.use_phases((Bidding(), Playing(), HandOver()), Dealing(PLAYERS, HAND_SIZE, 0, _PLACES))

    def start(self, deal: Deal, context: HandContext, masks: tuple[int, ...]) -> TrioState:
        return TrioState(
            phase=Phase.BID,
            context=context,
            hands=masks[:PLAYERS],
            speaker=(context.dealer + 1) % PLAYERS,
            declarer=-1,
            leader=0,
            trick=(),
            led=None,
            tricks=(),
            events=None,
        )

    build_view = views.build

    def score(self, state: TrioState) -> HandResult:
        return score(state)

    def won_pile(self, state: TrioState, seat: int) -> str:
        return f"tricks won by {SEAT_NAMES[seat]}"

    def laid_aside(self, state: TrioState) -> dict[str, int]:
        return {}

    def audit(self, state: TrioState) -> list[str]:
        """Adds R5's stated total on every finished hand: 32 card points."""
        problems = super().audit(state)
        result = self.outcome(state)
        if result is not None and sum(result.card_points) != TOTAL:
            problems.append(f"the sides count {sum(result.card_points)} card points, not {TOTAL} (R5)")
        return problems

    def read_action(self, text: str, reading: Reading | None) -> Action:
        words = text.lower().split()
        if len(words) == 2 and words[0] in ("play", "p"):
            words = words[1:]
        if len(words) == 1 and words[0] in ("take", "pass"):
            return TAKE if words[0] == "take" else PASS
        if len(words) == 1:
            return PLAYS[DECK.card(words[0]).index]
        raise NotationError(
            f"'{shown(text.strip())}' is not an action; type a card (e.g. KC, T3, FOOL), take or pass"
        )
