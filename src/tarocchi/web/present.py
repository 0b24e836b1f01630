"""What the browser table shows beside a seat's view, computed from that view alone.

The page draws data, not text to be parsed: the hand in the game's own order, each legal action
typed (its kind, the card it names), the auction summarised, the log in the same words as the
terminal's, and who the seat's partners are once the rules make them known. Everything here is
read from ``view``, the seat's own view, so it can reveal nothing the view does not.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from tarocchi.cli.render import Seating, events_lines
from tarocchi.core.actions import Action, named_cards
from tarocchi.core.cards import Card
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView


def action_json(action: Action) -> dict[str, Any]:
    """A legal action as the page uses it: its notation (what the page sends back), its kind,
    the card it names (a card click picks it) and its other fields, e.g. a bid's value."""
    data: dict[str, Any] = {"text": str(action), "type": type(action).__name__}
    cards = named_cards(action)
    if cards:
        data["card"] = cards[0].code
        data["verb"] = type(action).__name__.lower()
    if is_dataclass(action):
        for field in fields(action):
            value = getattr(action, field.name)
            data.setdefault(field.name, value.code if isinstance(value, Card) else value)
    return data


def presentation(game: Game[Any], view: PlayerView) -> dict[str, Any]:
    """The page's extras for ``view``: sorted hand, typed legal actions, summary, log, partners."""
    seating = Seating(game, view.seat)
    seating.follow(view)
    return {
        "hand": [card.code for card in game.hand_order(view.hand, view)],
        "legal": [action_json(action) for action in view.legal_actions],
        "summary": game.legal_summary(view.legal_actions),
        "log": [line.plain for line in events_lines(seating, game.deck, view)],
        "partners": sorted(seating.partners),
        "seat_names": [game.seat_name(seat) for seat in range(game.players)],
        "trump_suit": game.trump_suit(view),
    }
