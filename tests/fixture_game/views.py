"""A seat's view of a Trio hand: its own hand and what is public (the bid, every card played)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fixture_game.rules import FOOL, HALF, PLAYERS, SEAT_NAMES, VALUES
from fixture_game.state import Phase, TrioState
from tarocchi.core.actions import Action
from tarocchi.core.facts import Facts
from tarocchi.core.running import Running, running, running_facts
from tarocchi.core.views import PlayerView, seat_view

if TYPE_CHECKING:
    from fixture_game.game import TrioGame


@dataclass(frozen=True, slots=True)
class TrioFacts(Facts):
    """What a Trio view tells programs beyond the cards."""

    declarer: int | None
    """The seat that took (R3; None during the bid)."""
    running: Running | None
    """Tricks and card points of the Declarer and the Defenders (None before the first trick)."""

    def declaring_side(self) -> frozenset[int] | None:
        return None if self.declarer is None else frozenset({self.declarer})


def build(
    game: TrioGame, state: TrioState, seat: int | None, to_act: int | None, legal: tuple[Action, ...]
) -> PlayerView:
    public = [("dealer", SEAT_NAMES[state.context.dealer])]
    now = None
    if state.declarer >= 0:
        public.append(("declarer", SEAT_NAMES[state.declarer]))
    if state.tricks:
        team = (state.declarer,)
        others = tuple(s for s in range(PLAYERS) if s != state.declarer)
        counted = running(
            state.tricks, PLAYERS, (team, others), lambda _, pile: sum(VALUES[c] for c, _ in pile), FOOL
        )
        needed = max(0, HALF + 1 - counted.card_points[0])
        lines, now = running_facts(counted, ("Declarer", "Defenders"), needed, " to pass the half (16)")
        public += lines
    facts = TrioFacts(declarer=state.declarer if state.declarer >= 0 else None, running=now)
    return seat_view(
        game.info,
        state,
        seat,
        to_act,
        legal,
        playing=state.phase is Phase.PLAY,
        discard=0,
        public=public,
        facts=facts,
    )
