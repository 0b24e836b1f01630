"""Helpers for the Taroux scenario tests: deals in notation, scripted auctions and play.

Every hand is driven through the public protocol (``initial_state``, ``legal_actions``, ``apply``,
``view``, ``outcome``); after every action the engine's own audit (each card in exactly one place,
zero-sum scores, 91 points and 12 tricks on a finished hand) must come back clean.
"""

from __future__ import annotations

from typing import Any

import tarocchi
from tarocchi.core.decks import LOKA_78 as DECK
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult

CODES = frozenset(card.code for card in DECK.cards)


def game() -> Game[Any]:
    """The rules object, through the public registry."""
    return tarocchi.get_game("taroux")


def parse_deal(text: str) -> Deal:
    return Deal.parse(DECK, text)


def start(g: Game[Any], deal_text: str, dealer: int, moves: str = "") -> Any:
    """A hand from a deal in notation, then ``moves`` (see ``act``)."""
    state = g.initial_state(parse_deal(deal_text), HandContext(1, dealer, (0,) * 6))
    return act(g, state, moves)


def act(g: Game[Any], state: Any, moves: str) -> Any:
    """Apply ``moves``, separated by commas: calls (pass, take, ...), 'discard KE', 'show T5', cards."""
    for text in (m.strip() for m in moves.split(",")):
        if text:
            state = g.apply(state, g.parse_action(text, state))
            assert g.audit(state) == [], g.audit(state)
    return state


def legal(g: Game[Any], state: Any) -> list[str]:
    """The legal actions in notation, in the engine's order."""
    return [str(action) for action in g.legal_actions(state)]


def finish(g: Game[Any], state: Any, prefer: dict[int, str] | None = None) -> Any:
    """Play the hand out. A seat listed in ``prefer`` plays the first legal card of its list
    (codes, best first); otherwise every seat takes its first legal action (natural order).

    Scenarios using this are built so that who wins each trick follows from the deal.
    """
    prefer = prefer or {}
    while (seat := g.to_act(state)) is not None:
        choices = g.legal_actions(state)
        chosen = choices[0]
        if seat in prefer:
            texts = {str(a): a for a in choices}
            chosen = next((texts[c] for c in prefer[seat].split() if c in texts), chosen)
        state = g.apply(state, chosen)
        assert g.audit(state) == [], g.audit(state)
    return state


def lines(result: HandResult) -> list[tuple[str, int]]:
    """The score sheet as (label, value), in order."""
    return [(line.label, line.value) for line in result.lines]


def line(result: HandResult, start: str) -> int:
    """The value of the one line whose label starts with ``start``."""
    (value,) = [ln.value for ln in result.lines if ln.label.startswith(start)]
    return value


def winners(state: Any, g: Game[Any], seat: int = 0) -> list[int]:
    """Who won each trick, as the seat's view shows it."""
    return [trick.winner for trick in g.view(state, seat).tricks]


def public(g: Game[Any], state: Any, seat: int | None) -> dict[str, str]:
    return dict(g.view(state, seat).public)


def json_tokens(value: Any) -> set[str]:
    """Every card code that occurs in a JSON-ready value (strings split on spaces, commas, ;)."""
    found: set[str] = set()
    if isinstance(value, str):
        for sep in ",;():":
            value = value.replace(sep, " ")
        found |= set(value.split()) & CODES
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= json_tokens(key) | json_tokens(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= json_tokens(item)
    return found


def mask(codes: str) -> int:
    return DECK.mask(DECK.parse(codes))


def position(
    *,
    contract: str,
    bidder: int,
    hands: dict[int, str],
    stock: str,
    tricks: list[tuple[int, str, int]],
    leader: int,
    contra: int = 0,
) -> Any:
    """A hand-built position at the start of a trick, after the auction and the declarations.

    ``tricks`` lists the completed tricks as (leader, cards in play order, winner), the winners
    worked out by hand; ``stock`` is the stock still lying apart (Without or Against).
    """
    from tarocchi.games.taroux.rules import BID_WORDS
    from tarocchi.games.taroux.state import Phase, TarouxState, Trick

    stock_cards = tuple(card.index for card in DECK.parse(stock))
    return TarouxState(
        phase=Phase.PLAY,
        context=HandContext(1, (bidder - 1) % 6, (0,) * 6),
        hands=tuple(mask(hands.get(seat, "")) for seat in range(6)),
        stock=stock_cards,
        stock_left=mask(stock),
        turn=bidder,
        high=BID_WORDS.index(contract),
        bidder=bidder,
        contra=contra,
        contra_by=-1,
        passes=5,
        auction=(),
        discards=(0,) * 6,
        shown_discards=0,
        declared=6,
        shown=(0,) * 6,
        sparrow=-1,
        slam=-1,
        leader=leader,
        trick=(),
        led=None,
        tricks=tuple(
            Trick(lead, tuple(DECK.card(c).index for c in text.split()), winner)
            for lead, text, winner in tricks
        ),
        events=None,
    )
