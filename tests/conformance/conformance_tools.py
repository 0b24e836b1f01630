"""Helpers of the conformance suite, written against the protocol only.

Nothing here knows which game it runs: the configurations come from the registry (every game
times every combination of its option choices that changes how a hand plays), hands are played
with uniformly random legal actions, and what a seat has seen is read back from its own view and
the card notation.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Any

from configs import Config, config_id, game_configs

from tarocchi.core.actions import Action, Call, Discard, Play
from tarocchi.core.cards import Card, Deck
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView

MAX_ACTIONS_PER_HAND = 5_000
"""A hand that has not ended after this many actions is taken to loop."""


CONFIGS = game_configs(every_length=False, test_games=True)
"""The configurations whose hands are played: an option that only sets how many hands a game
lasts (Taroinche's ``hands``) stays at its default, since the hands it deals play alike whatever
it is, and the protocol is a hand's."""
CONFIG_IDS = [config_id(c) for c in CONFIGS]
EVERY_CONFIG = game_configs(test_games=True)
"""Every combination of every game's options, the game's length too."""


def make_game(config: Config) -> Game[Any]:
    game_id, options = config
    return get_game(game_id, options)


def config_rng(config: Config, purpose: str) -> random.Random:
    """A private rng per configuration and purpose (never the global one)."""
    return random.Random(f"conformance/{config_id(config)}/{purpose}")


@dataclass
class PlayedHand:
    """One hand played from a deal: ``states[i]`` is the state after ``actions[:i]``."""

    deal: Deal
    context: HandContext
    states: list[Any]
    actions: list[Action]

    @property
    def final(self) -> Any:
        return self.states[-1]


def play_random_hand(game: Game[Any], rng: random.Random, number: int = 1) -> PlayedHand:
    """Deal with ``rng`` and play uniformly random legal actions until the hand is over."""
    dealer = rng.randrange(game.players)
    deal = game.deal(rng, dealer)
    context = HandContext(number, dealer, (0,) * game.players)
    state = game.initial_state(deal, context)
    states = [state]
    actions: list[Action] = []
    while game.to_act(state) is not None:
        legal = game.legal_actions(state)
        assert legal, f"seat {game.to_act(state)} is to act but has no legal action"
        action = rng.choice(legal)
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
        assert len(actions) <= MAX_ACTIONS_PER_HAND, "the hand does not end"
    return PlayedHand(deal, context, states, actions)


def seats_and_spectator(game: Game[Any]) -> list[int | None]:
    return [*range(game.players), None]


# -- card notation inside texts ---------------------------------------------------------------
_TOKEN = re.compile(r"[A-Za-z0-9]+")


@functools.cache
def codes_of(deck: Deck) -> dict[str, Card]:
    """The deck's cards by code (made once a deck: the secrecy tests read every view's text)."""
    return {card.code: card for card in deck.cards}


@functools.lru_cache(maxsize=1 << 16)
def card_tokens(deck: Deck, text: str) -> int:
    """Mask of the cards whose exact code occurs in ``text`` as a whole token (kept by text: a
    hand's event lines are read again at every later step)."""
    codes = codes_of(deck)
    mask = 0
    for token in _TOKEN.findall(text):
        card = codes.get(token)
        if card is not None:
            mask |= 1 << card.index
    return mask


def mask_of(deck: Deck, cards: Any) -> int:
    """Mask of an iterable of cards, by code (independent of the deck object they came from)."""
    codes = codes_of(deck)
    mask = 0
    for card in cards:
        mask |= 1 << codes[card.code].index
    return mask


def seen_cards(view: PlayerView, deck: Deck) -> int:
    """Every card a view shows or names: the hand, the tricks, private knowledge, the events."""
    mask = mask_of(deck, view.hand)
    for trick in (view.trick, *view.tricks):
        if trick is not None:
            mask |= mask_of(deck, (card for _, card in trick.plays))
    for _, cards in view.known:
        mask |= mask_of(deck, cards)
    for event in view.events:
        if event.action is not None:
            mask |= card_tokens(deck, str(event.action))
        mask |= card_tokens(deck, event.note)
    return mask


def swap_codes(text: str, a: str, b: str) -> str:
    """``text`` with the whole tokens ``a`` and ``b`` exchanged."""
    pattern = re.compile(rf"(?<![A-Za-z0-9])({re.escape(a)}|{re.escape(b)})(?![A-Za-z0-9])")
    return pattern.sub(lambda m: b if m.group(1) == a else a, text)


def swap_deal(deal: Deal, a: Card, b: Card) -> Deal:
    def swapped(card: Card) -> Card:
        return b if card == a else a if card == b else card

    return Deal(
        tuple(tuple(swapped(c) for c in hand) for hand in deal.hands),
        tuple(swapped(c) for c in deal.stock),
    )


def deal_places(deal: Deal) -> dict[str, int]:
    """Code -> where the deal put it (hand index, or -1 for the stock)."""
    places = {card.code: seat for seat, hand in enumerate(deal.hands) for card in hand}
    places.update({card.code: -1 for card in deal.stock})
    return places


def other_kinds(deck: Deck) -> list[Action]:
    """Candidate actions that need not be any game's: every card played and discarded, calls."""
    words = ("pass", "ours", "yours", "confirm", "reverse", "contra", "solo", "no-such-call")
    return [
        *(Play(card) for card in deck.cards),
        *(Discard(card) for card in deck.cards),
        *(Call(word) for word in words),
    ]
