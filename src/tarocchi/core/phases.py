"""The phase table every game runs on: a state's ``phase`` (an ``IntEnum``) indexes a tuple of
handlers, each the one definition of who acts in that phase, what may be done and why not."""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from tarocchi.core.actions import Action, action_problem, named_cards
from tarocchi.core.cards import Card
from tarocchi.core.dealing import Dealing
from tarocchi.core.dispatch import Dispatch, Menus
from tarocchi.core.protocol import Deal, Game, HandContext, HandResult, checks_inline
from tarocchi.core.text import shown_value
from tarocchi.core.views import HandState, PlayerView, card_places

P = TypeVar("P", bound=HandState)
"""A game's state: among what every view shows, the ``phase`` of the hand that indexes the table."""


class PhaseRules(Protocol[P]):
    """One phase: the seat to act, its legal actions, the state after one, and why another is
    refused."""

    def to_act(self, state: P) -> int | None:
        """The seat to act (None only when the hand is over)."""

    def legal(self, state: P) -> tuple[Action, ...]: ...

    def apply(self, state: P, action: Action) -> P | None:
        """The new state, or None if ``action`` is not legal (only what ``legal`` offers is)."""

    def refusal(self, state: P, action: Action) -> str | None:
        """Why ``action`` is refused, in words (asked only for actions ``legal`` does not offer)."""


class HandOver(Generic[P]):
    """The phase after the last action: nobody acts, nothing may be done; the hand is scored."""

    def to_act(self, state: P) -> None:
        return None

    def legal(self, state: P) -> tuple[Action, ...]:
        return ()

    def apply(self, state: P, action: Action) -> P | None:
        return None

    def refusal(self, state: P, action: Action) -> str:
        return "the hand is over"


class PhasedGame(Game[P]):
    """A game whose protocol methods dispatch on ``state.phase`` through ``self._phases``.

    The argument checks of the hot path cost one ``type(state) is`` test: an action is not
    inspected before the phase rules see it, since they accept only what ``legal`` offers.
    Only when an action is refused (or makes a phase handler fail) is it examined, to tell an
    object that is no action (NotAnActionError) from a move the rules refuse (IllegalActionError).

    A game gives its phase table and how it deals (``Dealing``), ``start`` (the first state of
    a deal), ``seat_names``, ``score`` (the result of a hand that is over), ``build_view``, and
    what ``card_locations`` needs: ``won_pile`` and ``laid_aside``.
    """

    _phases: tuple[PhaseRules[P], ...]
    _dispatch: Dispatch
    _menus: Menus | None
    _dealing: Dealing
    seat_names: ClassVar[tuple[str, ...]]
    example_action = "pass"
    """An action in the game's notation, for the message that asks for an action."""

    _HOT = ("deal", "initial_state", "to_act", "legal_actions", "apply", "outcome")
    """The entry points bound straight to the compiled dispatch, per instance."""

    def use_phases(
        self, phases: tuple[PhaseRules[P], ...], dealing: Dealing, menus: Menus | None = None
    ) -> None:
        """Set the game's phase table and how it deals (``menus``: where its states keep the
        seat to act and the legal mask, if they do), and bind the hot entry points to the
        compiled dispatch over them: ``game.apply`` is then the dispatch's own method, with no
        Python frame before it."""
        self._phases = phases
        self._dealing = dealing
        self._menus = menus
        over = tuple(isinstance(handler, HandOver) for handler in phases)
        self._dispatch = Dispatch(self, self._state_type, phases, over, menus, dealing)
        # Instance attributes shadow the methods below (mypy cannot see an assignment to a method).
        vars(self).update({name: getattr(self._dispatch, name) for name in self._HOT})

    @property
    def menus(self) -> Menus | None:
        """Where this game's states keep the seat to act and the legal mask, and each phase's
        actions by mask bit (None: its states do not keep them): the research encoder reads
        the legal ids from them as the engine selects its legal actions."""
        return self._menus

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the bound dispatch (compiled, it has no instance dict to pickle);
        ``__setstate__`` binds it anew."""
        state = {k: v for k, v in vars(self).items() if k not in self._HOT and k != "_dispatch"}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self.use_phases(self._phases, self._dealing, self._menus)

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat]

    # The hot entry points: what ``use_phases`` binds per instance, for a call through the class.
    @checks_inline
    def deal(self, rng: random.Random, dealer: int) -> Deal:
        return self._dispatch.deal(rng, dealer)

    def deal_places(self, rng: random.Random, dealer: int) -> tuple[tuple[int, ...], ...]:
        """Where each pile's cards lie in the pack ``rng`` just shuffled (``deal_by``), for a
        game whose ``Dealing`` has no places by dealer (its deal draws more than the shuffle)."""
        raise NotImplementedError(f"{self.info.id} deals by its Dealing's places")

    @checks_inline
    def initial_state(self, deal: Deal, context: HandContext) -> P:
        new: P = self._dispatch.initial_state(deal, context)
        return new

    @abstractmethod
    def start(self, deal: Deal, context: HandContext, masks: tuple[int, ...]) -> P:
        """The state before the first action of the hand dealt as ``deal``, whose piles' masks
        are ``masks`` (each hand's, then the stock's); ``context`` fits the table."""

    @checks_inline
    def to_act(self, state: P) -> int | None:
        return self._dispatch.to_act(state)

    @checks_inline
    def outcome(self, state: P) -> HandResult | None:
        result: HandResult | None = self._dispatch.outcome(state)
        return result

    @abstractmethod
    def score(self, state: P) -> HandResult:
        """The result of a hand that is over."""

    @checks_inline
    def card_locations(self, state: P) -> dict[str, int]:
        if type(state) is not self._state_type:
            raise self.wrong_state(state)
        return card_places(
            state, self.seat_names, lambda seat: self.won_pile(state, seat), self.laid_aside(state)
        )

    @abstractmethod
    def won_pile(self, state: P, seat: int) -> str:
        """The pile the tricks ``seat`` wins go to (its side's, or its own)."""

    @abstractmethod
    def laid_aside(self, state: P) -> dict[str, int]:
        """The game's places besides hands, tricks and won piles (stock, dog, discards)."""

    def legal_actions(self, state: P) -> tuple[Action, ...]:
        return self._dispatch.legal_actions(state)

    def apply(self, state: P, action: Action) -> P:
        new: P = self._dispatch.apply(state, action)
        return new

    def explain_illegal(self, state: P, action: Action) -> str | None:
        if type(state) is not self._state_type:
            raise self.wrong_state(state)
        problem = action_problem(action)
        if problem is not None:
            example = f"e.g. game.parse_action('{self.example_action}')"
            return f"{problem}; read text with parse_action, {example}"
        foreign = self._foreign_card(action)
        if foreign is not None:
            return f"{foreign.code} is not a card of this pack"
        rules = self._phases[state.phase]
        if action in rules.legal(state):
            return None
        try:
            return rules.refusal(state, action) or "that is not allowed now"
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            # A well-formed action the handler cannot put into words (a bid of a trump the
            # game does not have, say): refused all the same, never a raw exception.
            return f"{shown_value(action)} is not an action of {self.info.id} now"

    def _foreign_card(self, action: Action) -> Card | None:
        """The card ``action`` names that is not a card of this game's pack, if any."""
        cards = self.deck.cards
        for card in named_cards(action):
            if not (0 <= card.index < len(cards) and cards[card.index] == card):
                return card
        return None

    def view(self, state: P, seat: int | None) -> PlayerView:
        if type(state) is not self._state_type:
            raise self.wrong_state(state)
        self.check_seat(seat, spectator=True)
        to_act = self.to_act(state)
        legal = self.legal_actions(state) if seat is not None and seat == to_act else ()
        return self.build_view(state, seat, to_act, legal)

    @abstractmethod
    def build_view(
        self, state: P, seat: int | None, to_act: int | None, legal: tuple[Action, ...]
    ) -> PlayerView:
        """The view of ``seat``; ``legal`` is given only to the seat to act."""
