"""Exact resampling is uniform over every consistent deal, in every game (the joint chi-square
test): with ``exact_resampling()`` on, late in a hand, ``game.resample`` draws each deal the seat
cannot tell from the real one equally often, at a point where another seat's face-down discard
is to be guessed wherever random play reaches one (the Sicilian Dealer's, Piedmont's dealer's, a
Taroux Declarer's; in Taroinche the dog lying face down).

The consistent deals are found without the samplers. The cards the seat does not hold lie in
the other hands and the places laid aside (stock, dog, discards); every way to share them out
again at the same sizes names one permutation of them (the cards that leave a place, in order,
onto those that come to it; a card that stays keeps its name), applied to the real deal and to
the real face-down discards. It is consistent if the rules accept the real actions so
relabelled (``game.apply``: every play and discard legal) and the seat's view comes out exactly
the same. Worlds drawn by ``game.resample`` are counted by where each of those cards lies: they
must hit only consistent deals, all of them, equally often. A drawn deal outside the set found
would show the enumeration incomplete as surely as a sampler wrong, so the set is checked from
both sides. (At the Sicilian point, placing the most constrained cards first, the fast path's
fallback, fails this test: 18 deals drawn 14 to 55 times where 30 are expected, p = 1e-11.)

The hands are random legal play from seeded deals; each test takes the first point of the first
hand that has one (in trick play, after another seat's face-down discard as ``FACE_DOWN`` says,
with between ``SHARINGS`` ways to share), and fails if none of ``HANDS`` hands has one.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from chisquare import chi2_sf
from sharings import Sharing, count_sharings, sharing_of, sharings

from tarocchi.core.actions import Action, Discard, FaceDown
from tarocchi.core.cards import bits
from tarocchi.core.errors import IllegalActionError
from tarocchi.core.exact import exact_resampling
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.registry import get_game
from tarocchi.core.views import PlayerView

SHARINGS = (12, 400)
DRAWS_PER_DEAL = 30
P_FLOOR = 1e-6
HANDS = 400
FACE_DOWN = {"piedmont": True, "sicilian": True, "taroinche": False, "taroux": True}
"""Whether the point must follow another seat's face-down discard. In Taroinche only a With
taker lays cards aside face down, and random bidding seldom ends in With (32 decisions of trick
play in 400 hands, none late enough to count): its point has the dog lying face down instead."""


def hidden_places(game: Game[Any], state: Any, view: PlayerView) -> dict[str, int]:
    """Every place but the seat's own hand and discard and the tricks, with its cards."""
    own = f"hand {game.seat_name(view.seat)}"  # type: ignore[arg-type]
    mine = view.hand.mask | view.own_discard.mask
    found = {}
    for name, mask in places_of(game, state).items():
        if name == own or name.startswith("trick") or not mask & ~mine:
            continue
        found[name] = mask & ~mine
    return found


def places_of(game: Game[Any], state: Any) -> dict[str, int]:
    """``card_locations``, but Taroux's face-down discards seat by seat (its ``discards`` place
    holds both Declarers'): the sampler shares the cards out among the piles, so the test counts
    them pile by pile."""
    places = game.card_locations(state)
    if game.info.id == "taroux":
        del places["discards"]
        places.update({f"discard of seat {seat}": pile for seat, pile in enumerate(state.discards) if pile})
    return places


def point_tested(game: Game[Any]) -> tuple[Deal, HandContext, list[Action], Any, PlayerView]:
    """The first point of random play that the module docstring describes."""
    rng = random.Random(3)
    for number in range(HANDS):
        dealer = number % game.players
        deal = game.deal(rng, dealer)
        context = HandContext(1, dealer, (0,) * game.players)
        state = game.initial_state(deal, context)
        actions: list[Action] = []
        while (seat := game.to_act(state)) is not None:
            view = game.view(state, seat)
            others_face_down = any(isinstance(e.action, FaceDown) and e.seat != seat for e in view.events)
            if view.phase_name == "play" and others_face_down == FACE_DOWN[game.info.id]:
                places = hidden_places(game, state, view)
                if SHARINGS[0] <= count_sharings(places) <= SHARINGS[1]:
                    return deal, context, actions, state, view
            action = rng.choice(game.legal_actions(state))
            actions.append(action)
            state = game.apply(state, action)
    raise AssertionError(f"{game.info.id}: no point with {SHARINGS} sharings in {HANDS} random hands")


def relabelled(
    game: Game[Any], deal: Deal, actions: list[Action], relabel: dict[int, int]
) -> tuple[Deal, list[Action]]:
    cards = game.deck.cards

    def swap(hand: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(cards[relabel.get(card.index, card.index)] for card in hand)

    moved = [
        dataclasses.replace(a, card=cards[relabel.get(a.card.index, a.card.index)])
        if isinstance(a, Discard)
        else a
        for a in actions
    ]
    return Deal(tuple(swap(hand) for hand in deal.hands), swap(deal.stock)), moved


def consistent_sharings(
    game: Game[Any], deal: Deal, context: HandContext, actions: list[Action], state: Any, view: PlayerView
) -> set[Sharing]:
    real = hidden_places(game, state, view)
    found = set()
    for shared in sharings(real):
        relabel: dict[int, int] = {}  # a card staying in its place keeps its name (it may be one seen)
        for name, mask in real.items():
            relabel.update(zip(bits(mask & ~shared[name]), bits(shared[name] & ~mask), strict=True))
        other_deal, other_actions = relabelled(game, deal, actions, relabel)
        world = game.initial_state(other_deal, context)
        try:
            for action in other_actions:
                world = game.apply(world, action)
        except IllegalActionError:
            continue  # the rules refuse a play or a discard: a revealed void, S4, T5, P2
        if game.view(world, view.seat) == view:
            found.add(sharing_of(shared))
    return found


@pytest.mark.parametrize("game_id", sorted(FACE_DOWN))
def test_exact_resampling_draws_every_consistent_deal_equally_often(game_id: str) -> None:
    game = get_game(game_id)
    deal, context, actions, state, view = point_tested(game)
    consistent = consistent_sharings(game, deal, context, actions, state, view)
    assert sharing_of(hidden_places(game, state, view)) in consistent  # the real deal is one
    assert len(consistent) >= 2, f"{game_id}: only one deal fits; nothing to draw"

    draws = DRAWS_PER_DEAL * len(consistent)
    rng = random.Random(21)
    with exact_resampling():
        counts = Counter(
            sharing_of(hidden_places(game, game.resample(view, rng), view)) for _ in range(draws)
        )
    strays = set(counts) - consistent
    assert not strays, f"{game_id}: {len(strays)} drawn deals do not fit the view as enumerated"
    assert set(counts) == consistent, f"{game_id}: {len(consistent - set(counts))} deals never drawn"
    statistic = sum((n - DRAWS_PER_DEAL) ** 2 / DRAWS_PER_DEAL for n in counts.values())
    p = chi2_sf(statistic, len(consistent) - 1)
    assert p > P_FLOOR, f"{game_id}: {len(consistent)} deals drawn {sorted(counts.values())}, p = {p:.2g}"
