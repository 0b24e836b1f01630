"""Views keep secrets (C6, and ARCHITECTURE "Hidden information"), for every game and seat.

The swap test: at reachable states of random hands, take two cards that a seat cannot see
(judged from that seat's own view alone) and that the deal put in different places; deal them
the other way round and replay the same history with the two codes exchanged. Whenever that
history is still legal and its public events are unchanged (a rule may make a swap public, as an
Allegiance take-back does, which tells every seat alike), the seat's view must be identical:
nothing it receives can depend on where those two cards really are. The leak test: no
serialized view names a card of another seat's hand that the viewer has not been shown.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from configs import seats
from conformance_tools import (
    CONFIGS,
    Config,
    PlayedHand,
    card_tokens,
    config_id,
    config_rng,
    deal_places,
    make_game,
    mask_of,
    play_random_hand,
    seats_and_spectator,
    seen_cards,
    swap_codes,
    swap_deal,
)

from tarocchi.core.cards import Card
from tarocchi.core.protocol import Game
from tarocchi.core.views import PlayerView

MIN_COMPARED = 100
"""Swaps that moved a card (and had to leave the view unchanged), required per game, options and seat."""
MAX_HANDS = 15
"""Random hands played at most to reach MIN_COMPARED."""
STATES_PER_HAND = 8
PAIRS_PER_STATE = 8

CASES = [(config, seat) for config in CONFIGS for seat in [*range(seats(config[0])), None]]
CASE_IDS = [f"{config_id(c)}-{'spectator' if s is None else f'seat{s}'}" for c, s in CASES]


def relabeled_state(game: Game[Any], hand: PlayedHand, steps: int, a: Card, b: Card) -> Any | None:
    """The state after the first ``steps`` actions, dealt with ``a`` and ``b`` exchanged and every
    action's notation relabeled likewise; None when that history is not legal."""
    state = game.initial_state(swap_deal(hand.deal, a, b), hand.context)
    for action in hand.actions[:steps]:
        relabeled = game.parse_action(swap_codes(str(action), a.code, b.code), state)
        if relabeled not in game.legal_actions(state):
            return None
        state = game.apply(state, relabeled)
    return state


def differences(one: PlayerView, other: PlayerView) -> list[str]:
    return [
        f"{f.name}: {getattr(one, f.name)!r} != {getattr(other, f.name)!r}"
        for f in dataclasses.fields(one)
        if getattr(one, f.name) != getattr(other, f.name)
    ]


@pytest.mark.parametrize(("config", "seat"), CASES, ids=CASE_IDS)
def test_swapping_two_cards_a_seat_cannot_see_leaves_its_view_unchanged(
    config: Config, seat: int | None
) -> None:
    game = make_game(config)
    deck = game.deck
    rng = config_rng(config, f"secrecy/{seat}")
    compared = illegal = trivial = public = hands = 0
    while compared < MIN_COMPARED and hands < MAX_HANDS:
        hands += 1
        hand = play_random_hand(game, rng)
        places = deal_places(hand.deal)
        last = len(hand.actions)
        steps = sorted({0, last, *rng.sample(range(last + 1), min(STATES_PER_HAND - 2, last + 1))})
        for step in steps:
            state = hand.states[step]
            view = game.view(state, seat)
            hidden = deck.cards_in(deck.full & ~seen_cards(view, deck))
            pairs = [
                (a, b)
                for a in hidden
                for b in hidden
                if a.index < b.index and places[a.code] != places[b.code]
            ]
            for a, b in rng.sample(pairs, min(PAIRS_PER_STATE, len(pairs))):
                swapped = relabeled_state(game, hand, step, a, b)
                if swapped is None:
                    illegal += 1
                    continue
                if game.card_locations(swapped) == game.card_locations(state):
                    trivial += 1  # both cards ended in the same place: nothing was tested
                    continue
                if game.view(swapped, None).events != game.view(state, None).events:
                    # The rules made the swap public (say, a card taken back under Allegiance):
                    # everyone sees the difference, so it reveals nothing to this seat alone.
                    public += 1
                    continue
                compared += 1
                other = game.view(swapped, seat)
                where = f"after {step} actions, {a.code} <-> {b.code}"
                assert other == view, f"{where}: the view changed: {differences(view, other)}"
                assert json.dumps(other.to_json()) == json.dumps(view.to_json()), where
    assert compared >= MIN_COMPARED, (
        f"only {compared} swaps compared in {hands} hands "
        f"({illegal} illegal histories, {trivial} without effect, {public} made public by the rules)"
    )


def test_no_view_names_a_card_of_another_seats_hidden_hand(
    game: Game[Any], played_hands: list[PlayedHand]
) -> None:
    deck = game.deck
    checked = 0
    for hand in played_hands:
        for step, state in enumerate(hand.states):
            views = {seat: game.view(state, seat) for seat in seats_and_spectator(game)}
            hands = {seat: mask_of(deck, views[seat].hand) for seat in range(game.players)}
            assert len(views[None].hand) == 0, "a spectator sees a hand"
            for seat, view in views.items():
                others = 0
                for other, mask in hands.items():
                    if other != seat:
                        others |= mask
                secret = others & ~seen_cards(view, deck)
                named = card_tokens(deck, json.dumps(view.to_json()))
                assert named & secret == 0, (
                    f"step {step}: the view of {seat} names {deck.codes(named & secret)} "
                    "from another seat's hidden hand"
                )
                checked += bool(secret)
    assert checked > 0, "no state had any hidden card to protect"


def test_a_hand_is_shown_only_to_its_own_seat(game: Game[Any], played_hands: list[PlayedHand]) -> None:
    deck = game.deck
    for hand in played_hands:
        for state in hand.states[:: max(1, len(hand.states) // 10)]:
            hands = [mask_of(deck, game.view(state, seat).hand) for seat in range(game.players)]
            for seat, mask in enumerate(hands):
                for other in range(seat + 1, game.players):
                    assert mask & hands[other] == 0, "two seats' views show the same card in hand"
            located = 0
            for mask in game.card_locations(state).values():
                located |= mask
            assert all(mask & ~located == 0 for mask in hands)
