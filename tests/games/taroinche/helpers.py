"""Helpers for the Taroinche scenario tests: deals in notation, scripted auctions and play.

Every hand here is driven through the public protocol (``initial_state``, ``legal_actions``,
``apply``, ``view``, ``outcome``); after every action the engine's own audit (each card in exactly
one place, zero-sum scores, 162 card points on a fully played hand) must come back clean.
"""

from __future__ import annotations

from typing import Any

import tarocchi
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult, ScoreLine

PLAYERS = 5


def game(hands: str = "5") -> Game[Any]:
    """The rules object, through the public registry."""
    return tarocchi.get_game("taroinche", {"hands": hands})


def parse_deal(g: Game[Any], text: str) -> Deal:
    return Deal.parse(g.deck, text)


def start(g: Game[Any], deal_text: str, dealer: int = 4) -> Any:
    """A hand from a deal in notation; the first player is the seat after ``dealer``."""
    return g.initial_state(parse_deal(g, deal_text), HandContext(1, dealer, (0,) * PLAYERS))


def act(g: Game[Any], state: Any, *moves: str) -> Any:
    """Apply ``moves``, each an action in notation (``'90 S without 2'``, ``'pass'``, ``'JS'``);
    a move may also be several cards separated by spaces (``'AH 9H AD'``)."""
    for move in moves:
        words = move.split()
        singles = words if all(_is_card(g, w) for w in words) else [move]
        for text in singles:
            state = g.apply(state, g.parse_action(text, state))
            assert g.audit(state) == [], g.audit(state)
    return state


def _is_card(g: Game[Any], word: str) -> bool:
    try:
        g.deck.card(word)
    except Exception:
        return False
    return True


def legal(g: Game[Any], state: Any) -> set[str]:
    """The legal actions in notation."""
    return {str(action) for action in g.legal_actions(state)}


def cards(text: str) -> set[str]:
    return set(text.split())


def explain(g: Game[Any], state: Any, text: str) -> str | None:
    return g.explain_illegal(state, g.parse_action(text, state))


def result(g: Game[Any], state: Any) -> HandResult:
    outcome = g.outcome(state)
    assert outcome is not None, "the hand is not over"
    assert g.audit(state) == []
    return outcome


def line(outcome: HandResult, words: str) -> ScoreLine:
    """The one score line whose label contains ``words``."""
    found = [ln for ln in outcome.lines if words in ln.label]
    assert len(found) == 1, f"{words!r} in {[ln.label for ln in outcome.lines]}"
    return found[0]


def notes(g: Game[Any], state: Any, seat: int | None) -> list[str]:
    """The notes of the events ``seat`` has seen, in order."""
    return [e.note for e in g.view(state, seat).events if e.note]


def public(g: Game[Any], state: Any, seat: int | None = None) -> dict[str, str]:
    return dict(g.view(state, seat).public)
