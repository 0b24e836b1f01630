"""The phase table every game runs on: a state's ``phase`` (an ``IntEnum``) indexes a tuple of
handlers, each the one definition of what may be done in that phase and why not."""

from __future__ import annotations

from abc import abstractmethod
from typing import Generic, Protocol, TypeVar

from tarocchi.core.actions import Action
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView


class Phased(Protocol):
    """A state that says which phase of the hand it is in."""

    @property
    def phase(self) -> int: ...


P = TypeVar("P", bound=Phased)


class PhaseRules(Protocol[P]):
    """One phase: its legal actions, the state after one, and why another is refused."""

    def legal(self, state: P) -> tuple[Action, ...]: ...

    def apply(self, state: P, action: Action) -> P | None:
        """The new state, or None if ``action`` is not legal (only what ``legal`` offers is)."""

    def refusal(self, state: P, action: Action) -> str | None:
        """Why ``action`` is refused, in words (asked only for actions ``legal`` does not offer)."""


class HandOver(Generic[P]):
    """The phase after the last action: nothing may be done."""

    def legal(self, state: P) -> tuple[Action, ...]:
        return ()

    def apply(self, state: P, action: Action) -> P | None:
        return None

    def refusal(self, state: P, action: Action) -> str:
        return "the hand is over"


class PhasedGame(Game[P]):
    """A game whose protocol methods dispatch on ``state.phase`` through ``self._phases``."""

    _phases: tuple[PhaseRules[P], ...]
    example_action = "pass"
    """An action in the game's notation, for the message that asks for an action."""

    def legal_actions(self, state: P) -> tuple[Action, ...]:
        return self._phases[state.phase].legal(state)

    def apply(self, state: P, action: Action) -> P:
        new = self._phases[state.phase].apply(state, action)
        if new is None:
            raise self.refuse(state, action)
        return new

    def explain_illegal(self, state: P, action: Action) -> str | None:
        if not isinstance(action, Action):
            return (
                f"expected an action, got {type(action).__name__} {action!r}; "
                f"read text with parse_action, e.g. game.parse_action('{self.example_action}')"
            )
        rules = self._phases[state.phase]
        if action in rules.legal(state):
            return None
        return rules.refusal(state, action) or "that is not allowed now"

    def view(self, state: P, seat: int | None) -> PlayerView:
        to_act = self.to_act(state)
        legal = self.legal_actions(state) if seat is not None and seat == to_act else ()
        return self.build_view(state, seat, to_act, legal)

    @abstractmethod
    def build_view(
        self, state: P, seat: int | None, to_act: int | None, legal: tuple[Action, ...]
    ) -> PlayerView:
        """The view of ``seat``; ``legal`` is given only to the seat to act."""
