"""What every game's medium player shares: the choice made without thought when there is only
one, a rule of thumb for each phase that offers choices, and the card play for the rest."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from enum import IntEnum
from typing import ClassVar

from tarocchi.bots.base import legal_choices
from tarocchi.core.actions import Action, Play
from tarocchi.core.views import PlayerView

Decide = Callable[[PlayerView, tuple[Action, ...]], Action]
"""A phase's rule of thumb: the action it takes from the view and the legal actions."""


Choose = Callable[[PlayerView, list[Play]], Action]
"""The card play's rule of thumb: the card it plays of the legal ones."""


class Heuristic:
    """A game's medium player, deciding from its view alone: a game's player is a subclass that
    names the rule of thumb of each phase before the card play (``phases``) and its card play
    (``play``)."""

    _phases: ClassVar[Mapping[IntEnum, Decide]] = {}
    _play: ClassVar[Choose]

    def __init_subclass__(cls, phases: Mapping[IntEnum, Decide], play: Choose) -> None:
        super().__init_subclass__()
        cls._phases = phases
        cls._play = staticmethod(play)

    def __init__(self, name: str = "heuristic") -> None:
        self.name = name

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        decide = self._phases.get(view.phase)
        if decide is not None:
            return decide(view, legal)
        return type(self)._play(view, [action for action in legal if isinstance(action, Play)])
