"""What an OpenSpiel seat of a tarocchi game observes: strings and tensors from its view alone
(the tensors written by ``IncrementalEncoder``, bit for bit the encoder's of the view).

Two kinds, as OpenSpiel asks for them (``make_py_observer``):

- the information state (a perfect-recall observation type): the string is the seat's
  ``PlayerView`` as JSON with sorted keys, and the tensor the encoder's information-state tensor;
- the observation (any other): the string is the view's few lines of text (``view_text``), and
  the tensor the encoder's observation tensor.

A view holds everything the seat may know and nothing else, so the information-state string
is exact (two states give the same one exactly when the seat cannot tell them apart) and leaks
nothing. While the cards are being dealt there is no view yet: a seat knows the hand's number,
its dealer and the totals so far, how many cards have been dealt and which of them it holds (as
a set: the engine's hands have no order), and the tensor marks only the ``seat``, ``dealer``,
``scores`` and ``hand`` slices of the layout. In a whole game the information state is the
current hand's view: the hands before it matter to what is to come only through the totals,
which the view holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pyspiel  # type: ignore[import-not-found]  # a compiled module without types

from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Encoder, Floats, encoder
from tarocchi.research.incremental import IncrementalEncoder
from tarocchi.research.text import view_text

if TYPE_CHECKING:
    from tarocchi.research.openspiel import TarocchiGame, TarocchiState


def view_json(view: PlayerView) -> str:
    """The information-state string: the view as canonical JSON."""
    return json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))


class TarocchiObserver:
    """OpenSpiel's Python observer protocol: ``tensor`` and its named pieces ``dict`` (the
    encoder's layout, slice by slice), ``set_from(state, player)`` and ``string_from``."""

    def __init__(
        self, game: TarocchiGame, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"a tarocchi observer takes no parameters (got {', '.join(map(str, params))})")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and (
            iig_obs_type.private_info != private or not iig_obs_type.public_info
        ):
            raise ValueError(
                "a tarocchi observer is one seat's: private_info=SINGLE_PLAYER with public_info=True "
                f"(got private_info={iig_obs_type.private_info}, public_info={iig_obs_type.public_info})"
            )
        self.rules: Game[Any] = game.rules
        self.encoder: Encoder = encoder(game.rules)
        self.tensors = IncrementalEncoder(game.rules)
        """Each seat's tensor kept from the events it saw: a state that continues the last one
        a seat was observed in costs only its new events (any other is encoded in full)."""
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.layout = self.encoder.information_state_layout
            self.tensor: Floats = self.encoder.information_state_buffer()
        else:
            self.layout = self.encoder.observation_layout
            self.tensor = self.encoder.observation_buffer()
        self.dict = {slot.name: self.layout.view(self.tensor, slot.name) for slot in self.layout}

    def set_from(self, state: TarocchiState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into ``tensor`` (its pieces follow)."""
        if state.engine_state is None:
            self._dealing(state, player)
            return
        kind = "information_state" if self.perfect_recall else "observation"
        self.tensors.encode(state.engine_state, player, kind, out=self.tensor)

    def string_from(self, state: TarocchiState, player: int) -> str:
        if state.engine_state is None:
            hand = state.hand
            held = " ".join(self.rules.deck.cards[index].code for index in sorted(self._held(state, player)))
            dealt = f"{len(hand.dealt)} of {self.rules.deck.size} cards dealt"
            totals = " ".join(map(str, hand.totals))
            where = f"seat {player}, hand {hand.number}, dealer {hand.dealer}, totals {totals}"
            return f"{where}: {dealt}; hand: {held}"
        view = self.rules.view(state.engine_state, player)
        return view_json(view) if self.perfect_recall else view_text(self.rules, view)

    def _held(self, state: TarocchiState, player: int) -> tuple[int, ...]:
        """The cards dealt so far into ``player``'s hand (the deal fills seat 0's hand first)."""
        sizes = state.get_game().shape.hands
        start = sum(sizes[:player])
        return state.hand.dealt[start : start + sizes[player]]

    def _dealing(self, state: TarocchiState, player: int) -> None:
        tensor, layout = self.tensor, self.layout
        tensor.fill(0)
        players = self.rules.players
        hand = state.hand
        tensor[layout["seat"].start + player] = 1
        tensor[layout["dealer"].start + (hand.dealer - player) % players] = 1
        scores = layout["scores"].start
        for k in range(players):
            tensor[scores + k] = hand.totals[(player + k) % players]
        held = layout["hand"].start
        for index in self._held(state, player):
            tensor[held + index] = 1
