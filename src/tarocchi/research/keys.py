"""Compact information-state strings: short canonical keys of what a seat knows, for tables
(OpenSpiel's ``information_state_string``; docs/research.md, "Information-state strings").

A view is a function of what its seat saw: the hand's number, dealer and totals, the cards it
holds and laid aside, the events it was shown, in order, and the hands' sizes (every other
field of the view, its trick, facts, public lines and legal actions, follows from those by the
rules). The
key writes just these, tersely::

    2.1.0.0,0,0,0|1.2.19,19,19,23|<hand as hex>|<own discard as hex>|0:17,1:f2,3:w,-:"note"...

seat, hand number, dealer and totals; the phase's number, the seat to act (``-``: none) and the
cards each seat holds (a discard hidden from the seat shows only there);
the hand and own discard as bit masks of card indices in hex; then each event seen as
``seat:what`` (seat ``-`` for the rules'): an action id, ``f<count>`` for another seat's
face-down cards, ``w`` for a trick won, or the rules' note (a card shown, a contract taken) as a
JSON string. The same information gives the same key, in every run (no hashing), and distinct
information distinct keys (tests/research/test_keys.py holds them to the views' JSON).
"""

from __future__ import annotations

import json
from typing import Any

from tarocchi.core.actions import FaceDown
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView


def _seat(seat: int | None) -> str:
    return "-" if seat is None else str(seat)


def information_key(game: Game[Any], view: PlayerView) -> str:
    """The compact key of ``view`` (module docstring); a spectator's view gives the public key."""
    head = ".".join(
        (_seat(view.seat), str(view.hand_number), str(view.dealer), ",".join(map(str, view.scores)))
    )
    turn = f"{int(view.phase)}.{_seat(view.to_act)}.{','.join(map(str, view.hand_sizes))}"
    seen: list[str] = []
    for event in view.events:
        action = event.action
        if action is None:
            what = "w" if event.trick else json.dumps(event.note, ensure_ascii=False)
        elif type(action) is FaceDown:
            what = f"f{action.count}"
        else:
            what = str(game.action_id(action))
        seen.append(f"{_seat(event.seat)}:{what}")
    return f"{head}|{turn}|{view.hand.mask:x}|{view.own_discard.mask:x}|{','.join(seen)}"
