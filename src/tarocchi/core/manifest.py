"""What a game package declares about itself, once: its ``MANIFEST``.

Everything game-specific that the rest of tarocchi looks up (the rules object, the playout
kernel, where unseen cards may lie, what play has shown a seat lacks, the computer players, the
research adapters' facts writer and follower, how many calls the information state holds, the
bounds its rules set on a hand) is named in the game's manifest, and found through
``core.registry.manifest``: no other table is kept by game id. The parts outside the engine are
named as ``"module:name"`` and imported when first asked for, so a game's package imports nothing
of the players or the research adapters.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from typing import Any

PARTS = ("game", "kernel", "placer", "revealed", "players", "facts", "follower")
"""The parts a manifest names, each as ``"module:name"``."""


@dataclass(frozen=True)
class Several:
    """Cards other than discards that a player lays down several at a time (``Game.several``),
    in the words the terminal uses for them: a hook of the game's, for the generic session."""

    verbs: tuple[str, ...]
    """The words typed before the cards, aliases included (Taroux's ``show``, ``abundance``):
    after one, Tab completes card after card."""
    name: str
    """The cards as a refusal lists them beside discards (``shown trumps``)."""
    help: str
    """How help says to type them, a sentence (``An Abundance's trumps too: show T1 T2 ...``)."""


@dataclass(frozen=True)
class Manifest:
    """A game's parts, each ``"module:name"`` ("" where the game has none)."""

    game: str
    """The ``Game`` class."""
    kernel: str = ""
    """A function from a rules object (its options) to the kernel factory of its hands in trick
    play (``core.kernel``), which the search player plays its worlds out in."""
    placer: str = ""
    """``place(view, rng)``: where the cards a view does not show may lie (``core.resample``)."""
    revealed: str = ""
    """``revealed(view)``: per seat, the cards play has shown it cannot hold, the game's duties in
    play read backwards (``core.tricks.voids``): what the placer and the learned policy's features
    both take as certain."""
    players: str = ""
    """The game's computer players, a ``bots.registry.GamePlayers``."""
    facts: str = ""
    """The research encoder's writer of the game's facts (``research.encoding``)."""
    follower: str = ""
    """The research encoder's follower of the game's facts, step by step (``research.followers.base``)."""
    call_slots: int = 64
    """How many calls the research information state holds: about twice the most any seat saw
    in random hands; later ones are counted as dropped, never silently lost."""
    utility_bound: int = 0
    """No seat wins or loses more than this in one hand, worked out from the scoring rules (a
    bound, not always a score a hand can reach; docs/research.md, "OpenSpiel"); 0: not worked out."""
    max_actions: int = 0
    """The most actions the seats can take in one hand, worked out from the rules (the deal's
    chance nodes apart; docs/research.md, "OpenSpiel"); 0: not worked out."""
    card_points: int = 0
    """The most card points one side can win in a hand (the research tensors' scale)."""
    needed: int = 0
    """The most the declaring side can still need (0 where the game has no such target)."""
    several: Several | None = None
    """What besides discards a player lays down several at a time, for the terminal's words
    (None: discards alone)."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in PARTS and value and value.count(":") != 1:
                raise ValueError(f"manifest part {field.name}={value!r} is not 'module:name'")

    def part(self, name: str) -> Any:
        """The part ``name`` (one of ``PARTS``), imported now; None where the game has none."""
        if name not in PARTS:
            raise ValueError(f"no manifest part '{name}'; the parts are: {', '.join(PARTS)}")
        reference: str = getattr(self, name)
        if not reference:
            return None
        module, _, attribute = reference.partition(":")
        return getattr(importlib.import_module(module), attribute)
