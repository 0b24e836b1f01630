"""The browser table's page: static ES modules, CSS and the SVG card drawing, with no build step.

``STATIC`` is the folder the server serves as is; ``deck_json`` describes a pack the way the
page's card drawing (static/cards.js) takes it, so the page draws exactly the engine's cards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tarocchi.core.cards import Deck

STATIC = Path(__file__).parent / "static"
"""index.html, the ES modules and the CSS of the page."""


def deck_json(deck: Deck) -> dict[str, Any]:
    """The pack as the page draws it: its suits (letter, name, symbol, colour) and every card
    (code, suit letter, ``T`` for a trump, ``""`` for the Fool; rank; name), in the pack's order."""
    return {
        "name": deck.name,
        "suits": [
            {"letter": s.letter, "name": s.name, "symbol": s.symbol, "colour": s.colour} for s in deck.suits
        ],
        "cards": [{"code": c.code, "suit": c.suit, "rank": c.rank, "name": c.name} for c in deck.cards],
    }
