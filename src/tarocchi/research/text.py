"""A short plain-text picture of a seat's view, for the environments' ANSI render.

Plain text on purpose: the terminal's rich rendering belongs to the ``cli`` extra, which the
research extra does not require.
"""

from __future__ import annotations

from typing import Any

from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

LEGAL_SHOWN = 24
"""At most this many legal actions are listed (a Taroinche auction offers hundreds of bids)."""


def view_text(game: Game[Any], view: PlayerView) -> str:
    """The seat's view in a few lines: phase, turn, hand, trick, public facts, legal actions."""
    turn = "the hand is over" if view.to_act is None else f"seat_{view.to_act} to act"
    lines = [
        f"{game.info.name}, hand {view.hand_number}, dealer seat_{view.dealer}: "
        f"{view.phase_name}, {turn} (seen by seat_{view.seat})",
        f"hand: {' '.join(card.code for card in game.hand_order(view.hand, view)) or '-'}",
    ]
    if view.trick is not None and view.trick.plays:
        lines.append("trick: " + ", ".join(f"seat_{seat} {card.code}" for seat, card in view.trick.plays))
    lines.extend(f"{label}: {text}" for label, text in view.public)
    if view.own_discard:
        lines.append(f"your discard: {view.own_discard}")
    if view.legal_actions:
        shown = [f"{game.action_id(action)}={action}" for action in view.legal_actions[:LEGAL_SHOWN]]
        more = len(view.legal_actions) - LEGAL_SHOWN
        lines.append("legal: " + " ".join(shown) + (f" ... and {more} more" if more > 0 else ""))
    return "\n".join(lines) + "\n"


def illegal_message(game: Game[Any], view: PlayerView, action_id: int, reason: str | None) -> str:
    """Why ``action_id`` is refused, naming the legal ids (the first ``LEGAL_SHOWN``)."""
    try:
        named = f"{action_id} ({game.action_of(action_id)})"
    except ValueError:
        named = f"{action_id} (no action of {game.info.id}: ids are 0 to {len(game.actions) - 1})"
    legal = [f"{game.action_id(a)} ({a})" for a in view.legal_actions[:LEGAL_SHOWN]]
    more = len(view.legal_actions) - LEGAL_SHOWN
    tail = f" ... and {more} more" if more > 0 else ""
    why = f": {reason}" if reason else ""
    return f"action {named} is not legal for seat_{view.seat} now{why}; legal: {', '.join(legal)}{tail}"
