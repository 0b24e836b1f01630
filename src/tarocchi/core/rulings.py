"""The ruling ids in the engine's words, ``(P2)`` or ``(T3, C2)``: for the rules' readers, not for
players (every front end shows players the words without them).

The games explain a refusal, a score line or an event in their own words and name the rulings
behind it (docs/rules/). Players read the words; the ``why`` command names the rulings too.
A card list in brackets, ``you must play a trump (T20)``, is no ruling: an id's letter is C or the
game's own (Piedmont P, Taroux T, Sicilian S, Taroinche B), and a Taroux card list that looks
like one is followed by its ruling, ``you must overtrump (T15) (T7)``. A game names its own letter
in ``GameInfo.ruling_letter``.
"""

from __future__ import annotations

import re

_GROUP = re.compile(r" \(([A-Z][0-9]{1,2}(?:, [A-Z][0-9]{1,2})*)\)(?! \()")


def _is_ruling(letter: str, group: str) -> bool:
    letters = "C" + letter
    return all(name[0] in letters for name in group.split(", "))


def ruling_ids(letter: str, text: str) -> list[str]:
    """The rulings ``text`` names, in order, each once (``letter``: the game's own, C besides)."""
    found: dict[str, None] = {}
    for group in _GROUP.finditer(text):
        if _is_ruling(letter, group.group(1)):
            found.update(dict.fromkeys(group.group(1).split(", ")))
    return list(found)


def for_players(letter: str, text: str) -> str:
    """``text`` without its ruling ids: ``may not be discarded (P2)`` says ``may not be discarded``."""
    return _GROUP.sub(lambda m: "" if _is_ruling(letter, m.group(1)) else m.group(0), text)
