"""A seat's view of a Piedmont hand, listed field by field from what that seat may know (C6).

Hidden: the other hands, the dealer's discard (C5) and the stock he took, for everyone but him.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tarocchi.core.actions import Action
from tarocchi.core.cards import CardSet
from tarocchi.core.facts import Facts
from tarocchi.core.memo import Last
from tarocchi.core.running import Pile, Running, frozen, running, running_facts
from tarocchi.core.views import PlayerView, card_set, seat_view
from tarocchi.games.piedmont.rules import DECK, FOOL, PLAYERS, SEAT_NAMES, SIDE_NAMES, SIDES, VALUES
from tarocchi.games.piedmont.scoring import scores_for, segment_for
from tarocchi.games.piedmont.state import Phase, PiedmontState

if TYPE_CHECKING:
    from tarocchi.games.piedmont.game import PiedmontGame


@dataclass(frozen=True, slots=True)
class PiedmontFacts(Facts):
    """What a Piedmont view tells programs beyond the cards (P2-P5)."""

    allegiance: bool
    """The Allegiance variant is played (option ``good_evil``)."""
    caller: int | None
    """The seat that first played Good or Evil under Allegiance (P4), once it has."""
    segments: tuple[tuple[int, int], ...]
    """Under Allegiance, each call in force: (first trick index, side scoring Earth and Air)."""
    dead: CardSet
    """Good or Evil played by the caller's partner, which has no effect (P4)."""
    led: int | None
    """The suit led in the trick in progress, as the trick table numbers it (it stays the suit
    first led when a card is taken back, P4); None between tricks."""
    running: Running | None
    """Tricks and card points per partnership, from the first trick on."""


def allegiance_text(earth_air: int) -> str:
    return f"{SIDE_NAMES[earth_air]} score Earth and Air, {SIDE_NAMES[1 - earth_air]} Fire and Water"


def build(
    game: PiedmontGame,
    state: PiedmontState,
    seat: int | None,
    to_act: int | None,
    legal: tuple[Action, ...],
) -> PlayerView:
    dealer = state.context.dealer
    public: list[tuple[str, str]] = [
        ("dealer", SEAT_NAMES[dealer]),
        ("Good and Evil", "Allegiance" if game.allegiance else "trumps"),
    ]
    if state.segments:
        caller = SEAT_NAMES[state.caller]
        public.append(("allegiance", f"{allegiance_text(state.segments[-1][1])} (first called by {caller})"))
        if len(state.segments) > 1:
            starts = ", ".join(str(start + 1) for start, _ in state.segments[1:])
            public.append(("reversed", f"from trick {starts}; earlier tricks keep the earlier call"))
    if state.dead:
        public.append(("dead card", f"{DECK.codes(state.dead)} (played by the caller's partner: no effect)"))
    now = None
    if state.tricks:
        more, now = running_state(state, game.allegiance)
        public += more
    facts = PiedmontFacts(
        allegiance=game.allegiance,
        caller=state.caller if state.caller >= 0 else None,
        segments=state.segments,
        dead=card_set(DECK, state.dead),
        led=state.led,
        running=now,
    )
    own = state.discard if seat == dealer else 0
    playing = state.phase is not Phase.DISCARD and state.phase is not Phase.DONE
    return seat_view(game.info, state, seat, to_act, legal, public, facts, playing=playing, discard=own)


_RUNNING: Last[tuple[tuple[tuple[str, str], ...], Running]] = Last()


def running_state(state: PiedmontState, allegiance: bool) -> tuple[tuple[tuple[str, str], ...], Running]:
    """``_running_state``, worked out once per trick (``core.memo.Last``)."""
    return _RUNNING.get(
        (state.tricks, state.segments, allegiance), lambda: frozen(_running_state(state, allegiance))
    )


def _running_state(state: PiedmontState, allegiance: bool) -> tuple[list[tuple[str, str]], Running]:
    """Tricks and card points won so far by each partnership (P4, P5), counted as at the end
    (under Allegiance, each card under the call in force for its trick); not the dealer's face-down
    discard, which only he has seen, and the Fool with the side that played it (C4). Piedmont has
    no declaring side: ``needed`` is None."""

    def count(side: int, pile: Pile) -> int:
        if not allegiance:
            return sum(VALUES[card] for card, _ in pile)
        segments = state.segments
        return sum(VALUES[c] for c, trick in pile if scores_for(c, side, segment_for(segments, trick)))

    return running_facts(running(state.tricks, PLAYERS, SIDES, count, FOOL), SIDE_NAMES)
