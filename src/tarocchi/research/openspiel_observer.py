"""What an OpenSpiel seat of a tarocchi game observes: strings and tensors from what it may know
(the tensors written by ``research/observers.py``, bit for bit the encoder's of the view).

Two kinds, as OpenSpiel asks for them (``make_py_observer``):

- the information state (a perfect-recall observation type): the string is the seat's compact
  key (``research/keys.py``; ``params={"string": "json"}``: the ``PlayerView`` as JSON with sorted
  keys), and the tensor the encoder's information-state tensor;
- the observation (any other): the string is the view's few lines of text (``view_text``), and
  the tensor the encoder's observation tensor.

The observation type's ``private_info`` says whose cards are in it: ``SINGLE_PLAYER`` the
seat's own (the default observers), ``NONE`` only what is public (the spectator's view, for a
centralized critic), ``ALL_PLAYERS`` everything (every hand and the cards laid aside: an oracle,
for centralized training and oracle guiding); ``params={"private_info": "none" | "single_player"
| "all_players"}`` says the same. ``params={"scale": "raw"}`` keeps the tensors' counts, points
and totals unscaled (the default, ``"unit"``, divides each by its bound: docs/research.md);
``params={"layout": "compact"}`` writes an information state's call slots compactly (each
action id in binary, ``observers.compact_layout``).

A view holds everything the seat may know and nothing else, so the information-state string
is exact (two states give the same one exactly when the seat cannot tell them apart) and leaks
nothing. While the cards are being dealt there is no view yet: a seat knows the hand's number,
its dealer and the totals so far, how many cards have been dealt and which of them it holds (as
a set: the engine's hands have no order), and the tensor marks only the ``seat``, ``dealer``,
``scores`` and ``hand`` slices of the layout (the public one no hand; the perfect one every
card dealt, where it went). In a whole game the information state is the current hand's view:
the hands before it matter to what is to come only through the totals, which the view holds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pyspiel  # type: ignore[import-not-found]  # a compiled module without types

from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView
from tarocchi.research.encoding import Floats
from tarocchi.research.keys import information_key
from tarocchi.research.observers import SCALES, Observer
from tarocchi.research.text import view_text

if TYPE_CHECKING:
    from tarocchi.research.openspiel import TarocchiGame, TarocchiState

PRIVATE_INFO = {"none": "public", "single_player": "private", "all_players": "perfect"}
"""OpenSpiel's ``private_info`` (its names, lower case) as the observers' ``info``."""
STRINGS = ("compact", "json")
LAYOUTS = ("full", "compact")
PARAMS = ("layout", "private_info", "scale", "string")


def view_json(view: PlayerView) -> str:
    """The information-state string in full: the view as canonical JSON."""
    return json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"))


def _choice(params: Mapping[str, Any], name: str, choices: tuple[str, ...], default: str) -> str:
    value = params.get(name, default)
    if value not in choices:
        raise ValueError(f"observer parameter {name} must be one of {', '.join(choices)} (got {value!r})")
    return str(value)


def _info(iig_obs_type: Any, params: Mapping[str, Any]) -> str:
    """Whose cards the observer shows: ``params["private_info"]``, else the observation type's."""
    if "private_info" in params:
        return PRIVATE_INFO[_choice(params, "private_info", tuple(PRIVATE_INFO), "single_player")]
    if iig_obs_type is None:
        return "private"
    if not iig_obs_type.public_info:
        raise ValueError(
            "a tarocchi observer shows the public information: public_info=True "
            f"(got private_info={iig_obs_type.private_info}, public_info=False)"
        )
    kinds = {
        pyspiel.PrivateInfoType.NONE: "public",
        pyspiel.PrivateInfoType.SINGLE_PLAYER: "private",
        pyspiel.PrivateInfoType.ALL_PLAYERS: "perfect",
    }
    return kinds[iig_obs_type.private_info]


class TarocchiObserver:
    """OpenSpiel's Python observer protocol: ``tensor`` and its named pieces ``dict`` (the
    layout, slice by slice), ``set_from(state, player)`` and ``string_from`` (module docstring)."""

    def __init__(
        self, game: TarocchiGame, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        params = dict(params or {})
        unknown = sorted(set(params) - set(PARAMS))
        if unknown:
            raise ValueError(
                f"a tarocchi observer takes the parameters {', '.join(PARAMS)} (got {', '.join(unknown)})"
            )
        self.rules: Game[Any] = game.rules
        self.info = _info(iig_obs_type, params)
        self.string = _choice(params, "string", STRINGS, "compact")
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        kind = "information_state" if self.perfect_recall else "observation"
        if _choice(params, "layout", LAYOUTS, "full") == "compact":
            if not self.perfect_recall:
                raise ValueError("layout=compact is an information state's: give a perfect-recall observer")
            kind = "compact_information_state"
        self.observer = Observer(game.rules, kind, self.info, _choice(params, "scale", SCALES, "unit"))
        """The tensors (``research/observers.py``): a state that continues the last one a seat
        was observed in costs only its new events (any other is encoded in full)."""
        self.layout = self.observer.layout
        self.tensor: Floats = self.observer.buffer()
        self.dict = {slot.name: self.layout.view(self.tensor, slot.name) for slot in self.layout}

    def set_from(self, state: TarocchiState, player: int) -> None:
        """Write ``player``'s tensor of ``state`` into ``tensor`` (its pieces follow)."""
        if state.engine_state is None:
            self._dealing(state, player)
            return
        self.observer.write(state.engine_state, player, self.tensor)

    def string_from(self, state: TarocchiState, player: int) -> str:
        rules = self.rules
        if state.engine_state is None:
            return self._dealing_string(state, player)
        view = rules.view(state.engine_state, None if self.info == "public" else player)
        if not self.perfect_recall:
            text = view_text(rules, view)
        else:
            text = view_json(view) if self.string == "json" else information_key(rules, view)
        if self.info == "perfect":  # where every card is
            places = sorted(rules.card_locations(state.engine_state).items())
            if self.perfect_recall:
                text += "||" + ",".join(f"{mask:x}" for _, mask in places)
            else:
                text += "\n" + "; ".join(f"{place}: {rules.deck.codes(mask)}" for place, mask in places)
        return text

    def _dealing_string(self, state: TarocchiState, player: int) -> str:
        hand = state.hand
        deck = self.rules.deck
        dealt = f"{len(hand.dealt)} of {deck.size} cards dealt"
        totals = " ".join(map(str, hand.totals))
        where = f"hand {hand.number}, dealer {hand.dealer}, totals {totals}"
        if self.info == "public":
            return f"{where}: {dealt}"
        held = " ".join(deck.cards[index].code for index in sorted(self._held(state, player)))
        text = f"seat {player}, {where}: {dealt}; hand: {held}"
        if self.info == "perfect":
            places = [" ".join(deck.cards[i].code for i in cards) for cards in self._places(state)]
            text += "; dealt: " + " / ".join(places)
        return text

    def _places(self, state: TarocchiState) -> list[tuple[int, ...]]:
        """The cards dealt so far into each seat's hand, then the stock (the deal's order)."""
        shape = state.get_game().shape
        places, start = [], 0
        for size in (*shape.hands, shape.stock):
            places.append(state.hand.dealt[start : start + size])
            start += size
        return places

    def _held(self, state: TarocchiState, player: int) -> tuple[int, ...]:
        """The cards dealt so far into ``player``'s hand (the deal fills seat 0's hand first)."""
        return self._places(state)[player]

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
        if self.info != "public":
            held = layout["hand"].start
            for index in self._held(state, player):
                tensor[held + index] = 1
        if self.info == "perfect":
            places = self._places(state)
            size = self.rules.deck.size
            for seat in range(players):
                start = layout["perfect.hands"].start + (seat - player) % players * size
                for index in places[seat]:
                    tensor[start + index] = 1
            for index in places[players]:
                tensor[layout["perfect.laid_aside"].start + index] = 1
        self.observer.scale_in_place(tensor)
