"""What the browser table shows beside a seat's view, computed from that view alone.

The page draws data, not text to be parsed: the hand in the game's own order, each legal action
typed (its kind, the card it names), the auction summarised, the log in the same words as the
terminal's (and in parts, its cards apart, for the page to draw in the pack's own suits), who
the seat's partners are once the rules make them known, each seat's part in the contract in the
game's words, and the cards shown face up beside the hands. Everything here is
read from ``view``, the seat's own view, so it can reveal nothing the view does not.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import lru_cache
from typing import Any

from tarocchi.core.actions import Action, FaceDown, Play, named_cards
from tarocchi.core.cards import Card, CardSet
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView
from tarocchi.present.log import LogLine, Seating, event_line


@lru_cache(maxsize=8192)
def action_json(action: Action) -> dict[str, Any]:
    """A legal action as the page uses it: its notation (what the page sends back), its kind,
    the card it names (a card click picks it) and its other fields, e.g. a bid's value. Kept
    once built (actions are immutable, an auction offers hundreds at every turn): not to be
    changed by the caller."""
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


class Log:
    """One seat's log lines kept from one state to the next: a hand's events only grow, so only
    new events are put into words (the whole log each time cost more than all else a state
    needs). The lines are redone when the hand or the partners the seat knows of change, and the
    last event's line always (the next event may be the note it absorbs)."""

    def __init__(self) -> None:
        self.key: tuple[int, frozenset[int]] | None = None
        self.lines: list[LogLine | None] = []

    def lines_for(self, seating: Seating, game: Game[Any], view: PlayerView) -> list[LogLine]:
        key = (view.hand_number, seating.partners)
        events = len(view.events)
        if key != self.key or len(self.lines) > events:
            self.key, self.lines = key, []
        del self.lines[max(0, min(len(self.lines), events) - 1) :]  # the last line known is redone
        for i in range(len(self.lines), events):
            self.lines.append(event_line(seating, view, i))
        return [line for line in self.lines if line is not None]


def auction_calls(view: PlayerView) -> list[dict[str, Any]]:
    """The calls and bids of the hand before its first card is played (the auction as the page
    lists it, each seat's last in a bubble): each as ``seat`` and the typed ``action``; none once
    play has begun."""
    calls: list[dict[str, Any]] = []
    for event in view.events:
        if isinstance(event.action, Play):
            return []
        action = event.action
        if event.seat is None or action is None or isinstance(action, FaceDown) or named_cards(action):
            continue
        calls.append({"seat": event.seat, "action": action_json(action)})
    return calls


SHOWN_WORDS = {
    "stock": "the stock",
    "stock_taken": "the stock you took",
    "dog": "the dog",
    "turned_up": "turned up at the hand's end",
    "trumps_discarded": "trumps discarded",
    "abundances": "Abundance of",
    "rallied": "the rallied card",
    "dead": "out of play",
}
"""How the table names the cards a game's facts show, by the facts' field names (a field not
listed is named by its own name)."""


def _codes(value: object) -> list[str] | None:
    """A fact's cards as codes: a card, a set of cards or a row of cards; None for anything else."""
    if isinstance(value, Card):
        return [value.code]
    if isinstance(value, CardSet) or (isinstance(value, tuple) and value and isinstance(value[0], Card)):
        return [card.code for card in value]
    return None


def shown_cards(game: Game[Any], view: PlayerView) -> list[dict[str, Any]]:
    """The cards lying face up beside the hands as ``view``'s facts hold them (a stock or dog
    shown, a rallied card, an Abundance, what lay face down turned up at the end), each group
    with its label, for the page to draw as cards. Read from the typed facts: only what this
    seat may see."""
    facts = view.facts
    shown: list[dict[str, Any]] = []
    if not is_dataclass(facts):
        return shown
    for field in fields(facts):
        value = getattr(facts, field.name)
        label = SHOWN_WORDS.get(field.name, field.name.replace("_", " "))
        codes = _codes(value)
        if codes:
            shown.append({"label": label, "cards": codes})
        elif isinstance(value, tuple) and value and all(isinstance(item, CardSet) for item in value):
            for seat, cards in enumerate(value):  # one group a seat (Abundances)
                if cards:
                    shown.append({"label": f"{label} {game.seat_name(seat)}", "cards": _codes(cards)})
    return shown


def presentation(game: Game[Any], view: PlayerView, log: Log | None = None) -> dict[str, Any]:
    """The page's extras for ``view``: sorted hand, typed legal actions, summary, log, partners.
    ``log`` keeps the seat's lines from one call to the next."""
    seating = Seating(game, view.seat)
    seating.follow(view)
    lines = (log or Log()).lines_for(seating, game, view)
    return {
        "hand": [card.code for card in game.hand_order(view.hand, view)],
        "legal": [action_json(action) for action in view.legal_actions],
        "summary": game.legal_summary(view.legal_actions),
        "log": [line.plain for line in lines],
        "log_parts": [line.parts() for line in lines],
        "calls": auction_calls(view),
        "partners": sorted(seating.partners),
        "roles": list(game.seat_roles(view)),
        "shown": shown_cards(game, view),
        "call_cards": [
            {"action": action_json(action), "cards": [card.code for card in cards]}
            for action, cards in game.call_cards(view).items()
        ],
        "public": [[label, seating.words(text)] for label, text in view.public],
        "seat_names": [game.seat_name(seat) for seat in range(game.players)],
        "trump_suit": game.trump_suit(view),
        "field_words": {  # as JSON has them: keys are strings
            field: {str(value): word for value, word in words.items()}
            for field, words in game.field_words().items()
        },
    }
