"""Helpers for the Sicilian scenario tests: deals in notation, scripted calls and play.

Every hand is driven through the public protocol (``initial_state``, ``legal_actions``,
``apply``, ``view``, ``outcome``); after every action the engine's own audit (each card in one
place, zero-sum scores, 15 tricks and 126 points on a played hand) must come back clean.
"""

from __future__ import annotations

from typing import Any

import tarocchi
from tarocchi.core.actions import Play
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult
from tarocchi.core.views import PlayerView

QUIET = "silent; silent; silent; silent"
"""S3: nobody bargains."""
NO_SOLO = "pass; pass; pass; pass"
"""S4: nobody says Solo."""


def game() -> Game[Any]:
    """The rules object, through the public registry."""
    return tarocchi.get_game("sicilian")


def start(g: Game[Any], deal_text: str, dealer: int = 3, moves: str = "") -> Any:
    """A hand from a deal in notation (dealer East unless said), then ``moves``."""
    state = g.initial_state(Deal.parse(g.deck, deal_text), HandContext(1, dealer, (0, 0, 0, 0)))
    return act(g, state, moves)


def act(g: Game[Any], state: Any, moves: str) -> Any:
    """Apply ``moves``, separated by ';' (e.g. ``"throw 5; take 0; discard KC; KC"``)."""
    for text in moves.split(";"):
        if text.strip():
            state = g.apply(state, g.parse_action(text, state))
            assert g.audit(state) == [], g.audit(state)
    return state


def legal(g: Game[Any], state: Any) -> set[str]:
    """The legal actions in notation."""
    return {str(action) for action in g.legal_actions(state)}


def cards(text: str) -> set[str]:
    return set(text.split())


def play_out(g: Game[Any], state: Any) -> Any:
    """Finish the hand: each seat plays its highest legal trump, else its first legal card in the
    pack's natural order. Scenarios using this say who wins each trick whatever the others do."""
    while g.to_act(state) is not None:
        actions = g.legal_actions(state)
        trumps = [a for a in actions if isinstance(a, Play) and a.card.suit == "T"]
        state = g.apply(state, max(trumps, key=lambda a: a.card.rank) if trumps else actions[0])
        assert g.audit(state) == [], g.audit(state)
    return state


def lines(result: HandResult) -> dict[str, tuple[int, int | None]]:
    """The score sheet: label -> (value, side)."""
    return {line.label: (line.value, line.side) for line in result.lines}


def labelled(result: HandResult, word: str) -> list[tuple[str, int, int | None]]:
    return [(line.label, line.value, line.side) for line in result.lines if word in line.label]


def events_text(view: PlayerView) -> str:
    """Every event a seat sees, as one text: actions in notation and notes."""
    return " | ".join(f"{e.seat}:{e.action if e.action is not None else e.note}" for e in view.events)
