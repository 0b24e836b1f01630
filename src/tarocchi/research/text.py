"""A seat's view as text, for the environments' renders and OpenSpiel's observation string.

``view_text`` is a few plain lines. ``table_text`` is the table the terminal shows a player
before a decision, in the words it shares with every front end (``present.table.status_lines``),
without colours: neither needs the terminal's libraries.
"""

from __future__ import annotations

from typing import Any

from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView
from tarocchi.present.log import Seating
from tarocchi.present.table import status_lines

LEGAL_SHOWN = 24
"""At most this many legal actions are listed (a Taroinche auction offers hundreds of bids)."""
RENDER_MODES = ("human", "ansi")
"""``"human"`` prints the table to standard output, ``"ansi"`` returns it as a string."""


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode must be None or one of {', '.join(map(repr, RENDER_MODES))} (got {render_mode!r})"
        )


def table_text(game: Game[Any], view: PlayerView) -> str:
    """The seat's table as the terminal shows it, without colours, between a line naming the
    seats as the environments do and one of the legal actions' ids."""
    seat = view.seat if view.seat is not None else 0
    turn = "the hand is over" if view.to_act is None else f"seat_{view.to_act} to act"
    lines = [f"seat_{seat} is {game.seat_name(seat)}; {turn}"]
    lines.extend(line.plain for line in status_lines(game, Seating(game, view.seat), view))
    if view.legal_actions:
        lines.append(f"legal ids: {legal_ids(game, view)}")
    return "\n".join(lines) + "\n"


def view_text(game: Game[Any], view: PlayerView) -> str:
    """The seat's view in a few lines: phase, turn, hand, trick, public facts, legal actions."""
    turn = "the hand is over" if view.to_act is None else f"seat_{view.to_act} to act"
    lines = [
        f"{game.info.name}, hand {view.hand_number}, dealer seat_{view.dealer}: "
        f"{view.phase_name}, {turn} (seen by {'a spectator' if view.seat is None else f'seat_{view.seat}'})",
        f"hand: {' '.join(card.code for card in game.hand_order(view.hand, view)) or '-'}",
    ]
    if view.trick is not None and view.trick.plays:
        lines.append("trick: " + ", ".join(f"seat_{seat} {card.code}" for seat, card in view.trick.plays))
    lines.extend(f"{label}: {text}" for label, text in view.public)
    if view.own_discard:
        lines.append(f"your discard: {view.own_discard}")
    if view.legal_actions:
        lines.append("legal: " + legal_ids(game, view))
    return "\n".join(lines) + "\n"


def legal_ids(game: Game[Any], view: PlayerView) -> str:
    """The first ``LEGAL_SHOWN`` legal actions as ``id=action``, and how many more."""
    shown = [f"{game.action_id(action)}={action}" for action in view.legal_actions[:LEGAL_SHOWN]]
    more = len(view.legal_actions) - LEGAL_SHOWN
    return " ".join(shown) + (f" ... and {more} more" if more > 0 else "")


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
