"""The hot entry points of a phased game (``deal``, ``initial_state``, ``to_act``,
``legal_actions``, ``apply``, ``outcome``), compiled by mypyc where it can be.

``PhasedGame`` (``core/phases.py``) is an ordinary Python class: games subclass it, and
``Game.__init_subclass__`` wraps their entry points, which a compiled class forbids. So the
dispatch on ``state.phase`` lives here, in a native class, and each game binds its methods as
instance attributes: a caller's ``game.apply(state, action)`` then goes straight into compiled
code, with no Python frame in between (random play makes three such calls per decision, and
two more a hand).

A game whose states carry the seat to act and the legal mask (``Menus``) is answered from them:
``to_act`` reads a field, ``legal_actions`` selects the phase's pre-built actions by the mask,
computed once when the state was made; ``apply`` is the phase handler's, which checks one bit.
A state built by hand (a test's position) has its seat to act below -1: the phase handlers
work both out, as for a game whose states do not carry them.

``deal`` and ``initial_state`` take the usual arguments (an int seat, a ``random.Random``, a
``HandContext`` that fits the table) after a few type tests, and leave anything else to the
game's full checks, which accept what they accept and word what they refuse.
"""

from __future__ import annotations

import random
from typing import Any, cast

from tarocchi.core.cards import Card, Deck, MaskMap
from tarocchi.core.dealing import Dealing, deal_by, shuffled
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.core.trickplay import TrickPlay


class Menus:
    """Where a game's states keep their seat to act and legal mask (field positions), and each
    phase's actions, selected by that mask (its bit ``i`` is the phase's action ``i``). The
    states are tuples (NamedTuples), which the dispatch indexes as such."""

    def __init__(self, actor: int, legal: int, menus: tuple[MaskMap, ...]) -> None:
        self.actor = actor
        self.legal = legal
        self.menus = menus

    def __reduce__(self) -> tuple[type[Menus], tuple[int, int, tuple[MaskMap, ...]]]:
        """Pickled as its constructor's arguments (compiled, it has no instance dict; OpenSpiel
        pickles games)."""
        return (Menus, (self.actor, self.legal, self.menus))


class Dispatch:
    """A phased game's protocol entry points over its phase table: argument checks, then the
    handler of ``state.phase``. ``game`` words the errors (``wrong_state``, ``refuse``)."""

    def __init__(
        self,
        game: Any,
        state_type: type,
        phases: tuple[Any, ...],
        over: tuple[bool, ...],
        menus: Menus | None,
        dealing: Dealing,
    ) -> None:
        self.game = game
        self.dealing = dealing
        self.players = dealing.players
        self.deck: Deck = game.info.deck
        self.cards: tuple[Card, ...] = self.deck.cards
        self.start = game.start
        """The game's state from a checked deal and context (a bound method, looked up once)."""
        self.score = game.score
        """The game's result of a hand that is over, looked up once (a compiled function where
        the game gives one: no Python frame between ``outcome`` and the sheet)."""
        self.own: tuple[Deal, tuple[int, ...]] | None = None
        """The deal this game made last and its piles' masks: ``initial_state`` trusts that one
        deal (a ``Deal`` is frozen) instead of checking it and reading its cards again. One
        attribute, replaced whole, so threads sharing a game at worst check a deal again."""
        self.state_type: Any = state_type  # Any: a type test must not narrow the state to object
        self.phases = phases
        self.over = over
        """Which phases end the hand (``HandOver``): ``outcome`` scores a state in one."""
        plays = [n for n, handler in enumerate(phases) if isinstance(handler, TrickPlay)]
        self.play_phase = plays[0] if len(plays) == 1 else -1
        self.playing: TrickPlay[Any] | None = phases[plays[0]] if len(plays) == 1 else None
        """The card-play handler, called directly (a native call) in the phase most decisions are in."""
        self.stored = menus is not None
        self.actor = menus.actor if menus is not None else 0
        self.legal = menus.legal if menus is not None else 0
        self.menus: tuple[MaskMap, ...] = menus.menus if menus is not None else ()

    def deal(self, rng: Any, dealer: Any) -> Deal:
        players = self.players
        if type(dealer) is not int or type(rng) is not random.Random:
            dealer = self.game.check_dealing(rng, dealer)
        seat: int = dealer
        if not 0 <= seat < players:
            seat = self.game.check_dealing(rng, dealer)
        cards = self.cards
        order = shuffled(rng, len(cards))
        all_places = self.dealing.places
        places = all_places[seat] if all_places else self.game.deal_places(rng, seat)
        deal, masks = deal_by(cards, order, places)
        self.own = (deal, masks)
        return deal

    def initial_state(self, deal: Any, context: Any) -> Any:
        own = self.own
        masks: tuple[int, ...] | None = None
        if own is not None and deal is own[0]:
            masks = own[1]
        elif not isinstance(deal, Deal):
            raise self.game.not_a_deal(deal)
        players = self.players
        if type(context) is not HandContext:
            context = self.game.check_context(context)
        else:
            checked: HandContext = context
            if not (checked.dealer < players and len(checked.scores) == players):
                context = self.game.check_context(context)
        if masks is None:
            masks = self.dealing.masks_of(self.deck, deal)
        return self.start(deal, context, masks)

    def to_act(self, state: Any) -> int | None:
        if type(state) is not self.state_type:
            raise self.game.wrong_state(state)
        if self.stored:
            seat: int = cast(tuple[Any, ...], state)[self.actor]
            if seat >= 0:
                return seat
            if seat == -1:
                return None  # else a state built by hand: its handler works it out
        result: int | None = self.phases[state[0]].to_act(state)
        return result

    def legal_actions(self, state: Any) -> tuple[Any, ...]:
        if type(state) is not self.state_type:
            raise self.game.wrong_state(state)
        if self.stored:
            # A stored game's states are tuples: indexed as such when compiled, not through
            # the generic ``state[i]`` of an object.
            fields = cast(tuple[Any, ...], state)
            actor: int = fields[self.actor]
            if actor >= -1:
                phase: int = fields[0]
                legal: int = fields[self.legal]
                return self.menus[phase].select(legal)
        result: tuple[Any, ...] = self.phases[state[0]].legal(state)
        return result

    def apply(self, state: Any, action: Any) -> Any:
        if type(state) is not self.state_type:
            raise self.game.wrong_state(state)
        try:
            phase: int = cast(tuple[Any, ...], state)[0] if self.stored else state[0]
            playing = self.playing
            if phase == self.play_phase and playing is not None:
                new = playing.apply(state, action)
            else:
                new = self.phases[phase].apply(state, action)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
            # A handler trusts the action's shape: an action that breaks it is refused like any
            # other; a legal one that breaks it is the engine's mistake, and goes up as it is.
            if self.game.explain_illegal(state, action) is None:
                raise
            raise self.game.refuse(state, action) from error
        if new is None:
            raise self.game.refuse(state, action)
        return new

    def outcome(self, state: Any) -> Any:
        if type(state) is not self.state_type:
            raise self.game.wrong_state(state)
        if not self.over[state[0]]:
            return None
        return self.score(state)
