"""Helpers for the Piedmont scenario tests: deals in notation, scripted play, hand-built positions.

Every hand here is driven through the public protocol (``initial_state``, ``legal_actions``,
``apply``, ``view``, ``outcome``); after every action the engine's own audit (each card in exactly
one place, zero-sum scores, the 165 total under the trumps option) must come back clean.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import tarocchi
from tarocchi.core.actions import Action
from tarocchi.core.decks import LOKA_80 as DECK
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult
from tarocchi.games.piedmont import Phase, PiedmontState
from tarocchi.games.piedmont.state import Trick

TRUMPS = "trumps"
ALLEGIANCE = "allegiance"
CODES = frozenset(card.code for card in DECK.cards)


def game(good_evil: str = TRUMPS) -> Game[Any]:
    """The rules object, through the public registry."""
    return tarocchi.get_game("piedmont", {"good_evil": good_evil})


def parse_deal(text: str) -> Deal:
    return Deal.parse(DECK, text)


def start(g: Game[Any], deal_text: str, dealer: int, discard: str = "") -> PiedmontState:
    """A hand from a deal in notation; ``discard`` (card codes) is the dealer's discard, if given."""
    state = g.initial_state(parse_deal(deal_text), HandContext(1, dealer, (0, 0, 0, 0)))
    return play(g, state, discard)


def play(g: Game[Any], state: PiedmontState, moves: str) -> PiedmontState:
    """Apply ``moves``: card codes (a discard or a play, as the phase asks) and calls (ours, ...)."""
    for word in moves.split():
        state = g.apply(state, g.parse_action(word, state))
        assert g.audit(state) == [], g.audit(state)
    return state


def autoplay(g: Game[Any], state: PiedmontState) -> PiedmontState:
    """Finish the hand, every seat taking its first legal action (the pack's natural order).

    Scenarios using this are built so that who wins the remaining tricks does not depend on
    which cards the other seats choose (one seat holds every trump that is left, say).
    """
    while g.to_act(state) is not None:
        state = g.apply(state, g.legal_actions(state)[0])
        assert g.audit(state) == [], g.audit(state)
    return state


def legal(g: Game[Any], state: PiedmontState) -> set[str]:
    """The legal actions in notation."""
    return {str(action) for action in g.legal_actions(state)}


def action(g: Game[Any], state: PiedmontState, text: str) -> Action:
    return g.parse_action(text, state)


def cards(text: str) -> set[str]:
    """Card codes of ``text``, normalised."""
    return {DECK.card(word).code for word in text.split()}


def hand(g: Game[Any], state: PiedmontState, seat: int) -> set[str]:
    """What ``seat`` sees of its own hand."""
    return {card.code for card in g.view(state, seat).hand}


def summary(result: HandResult) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """(card points per side, tricks per side, game points per seat)."""
    return result.card_points, result.tricks, result.scores


def line_values(result: HandResult) -> dict[tuple[str, int | None], int]:
    """The score sheet's lines by (label, side)."""
    return {(line.label, line.side): line.value for line in result.lines}


def trick_winners(state: PiedmontState) -> list[int]:
    return [trick.winner for trick in state.tricks]


def json_tokens(value: Any) -> set[str]:
    """Every card code (as the engine writes it, upper case) that occurs anywhere in a JSON-ready
    value, strings split on spaces and commas. Words such as the label "Good and Evil" do not count."""
    found: set[str] = set()
    if isinstance(value, str):
        found |= set(value.replace(",", " ").replace("(", " ").replace(")", " ").split()) & CODES
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= json_tokens(key) | json_tokens(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= json_tokens(item)
    return found


def mask(codes: Iterable[str] | str) -> int:
    if isinstance(codes, str):
        codes = codes.split()
    return DECK.mask(DECK.card(code) for code in codes)


def position(
    *,
    dealer: int,
    hands: tuple[str, str, str, str],
    discard: str,
    tricks: list[tuple[int, str, int]],
    leader: int,
) -> PiedmontState:
    """A hand-built position at the start of a trick (a ``PiedmontState`` from notation).

    ``tricks`` lists the completed tricks as (leader, cards in play order, winner); the winners
    are worked out by hand. No call has been made yet (no Good or Evil among them).
    """
    return PiedmontState(
        phase=Phase.PLAY,
        context=HandContext(1, dealer, (0, 0, 0, 0)),
        hands=tuple(mask(h) for h in hands),
        discard=mask(discard),
        leader=leader,
        trick=(),
        led=None,
        tricks=tuple(
            Trick(lead, tuple(DECK.card(c).index for c in text.split()), winner)
            for lead, text, winner in tricks
        ),
        caller=-1,
        segments=(),
        pending=-1,
        forced=-1,
        dead=0,
        events=None,
    )
