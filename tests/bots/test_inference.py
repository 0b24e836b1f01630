"""Inference over hidden hands (``bots.inference``) on deals written by hand.

The deal is the one of test_taroinche_heuristic.py. Seat 2 watches seat 0 open the Taroinche
auction with a solo in spades and seat 1 pass. The medium player bids a solo only when its hand
alone makes the value with 20 to spare: seat 0's J 9 A of spades, the Ace of hearts and a void in
clubs are worth about four tricks, 113 points and the dog's 11, well over 82 + 20. With the Queen
of spades in place of the Jack, the Nine and Ace are worth less (0.6 and 0.5 of a trick instead
of 1 and 0.9): about 2.25 tricks, 74 points with the dog, so the same player would name a
partner instead. A world where seat 0 holds the Jack explains the solo; one where seat 3 holds
it does not.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from test_taroinche_heuristic import DEAL

from tarocchi import get_game
from tarocchi.bots.heuristic.taroinche import TaroincheHeuristic
from tarocchi.bots.inference import (
    InferredWorlds,
    OutOfTime,
    action_chance,
    log_likelihood,
    replayed_steps,
    tempered,
    world_log_likelihood,
)
from tarocchi.core.protocol import Deal, HandContext
from tarocchi.core.resample import World

GAME = get_game("taroinche")
MODEL = TaroincheHeuristic()
SWAPPED = DEAL.replace("0: JS", "0: QS").replace("3: QS", "3: JS")
"""Seat 0's Jack of spades and seat 3's Queen change places: seat 2 sees neither."""
RECORD = ("82 S with 0", "pass")
"""Seat 0 (dealer 4: it opens) bids 82 in spades alone, With the dog; seat 1 passes."""


def start(deal: str) -> Any:
    return GAME.initial_state(Deal.parse(GAME.deck, deal), HandContext(1, 4, (0,) * 5))


def after_record(deal: str) -> Any:
    state = start(deal)
    for move in RECORD:
        state = GAME.apply(state, GAME.parse_action(move, state))
    return state


def test_the_medium_player_bids_the_solo_only_with_the_jack() -> None:
    """The premise worked out above, checked on the model itself."""
    opening = GAME.parse_action(RECORD[0], start(DEAL))
    assert MODEL.choose(GAME.view(start(DEAL), 0), random.Random(0)) == opening
    assert MODEL.choose(GAME.view(start(SWAPPED), 0), random.Random(0)) != opening


def test_the_world_that_explains_the_solo_is_the_more_likely() -> None:
    view = GAME.view(after_record(DEAL), 2)
    assert GAME.view(after_record(SWAPPED), 2) == view  # seat 2 cannot tell the two apart
    jack_with_seat_0 = world_log_likelihood(GAME, MODEL, view, World(Deal.parse(GAME.deck, DEAL)))
    jack_with_seat_3 = world_log_likelihood(GAME, MODEL, view, World(Deal.parse(GAME.deck, SWAPPED)))
    bids = len(GAME.view(start(DEAL), 0).legal_actions)
    # the pass is seat 1's choice in both worlds; the solo is the model's choice in the first only
    expected = math.log((1 - 0.3 + 0.3 / bids) / (0.3 / bids))
    assert jack_with_seat_0 - jack_with_seat_3 == pytest.approx(expected)


def test_inferred_worlds_give_seat_0_the_jack_more_often_than_uniform_ones() -> None:
    """Uniformly, the Jack of spades is in seat 0's six of the 26 cards seat 2 does not see
    (about 0.23); weighed by the solo, clearly more often, even with the weights tempered to keep
    an effective 20 of the 200 worlds (few uniform worlds explain a solo)."""
    view = GAME.view(after_record(DEAL), 2)
    jack = GAME.deck.card("JS").index
    pool = InferredWorlds(GAME, MODEL, candidates=200).weighed(view, random.Random(1))
    holds = [GAME.view(weighed.state, 0).hand.mask >> jack & 1 for weighed in pool]
    uniform = sum(holds) / len(pool)
    inferred = sum(w.weight * held for w, held in zip(pool, holds, strict=True)) / sum(w.weight for w in pool)
    assert abs(uniform - 6 / 26) < 0.12
    assert inferred > uniform + 0.1


def test_a_world_is_weighed_by_the_other_seats_only() -> None:
    """Before seat 1 passes, seat 0 has seen only its own solo, which says nothing to it about the
    hidden hands: every world weighs alike."""
    state = start(DEAL)
    view = GAME.view(GAME.apply(state, GAME.parse_action(RECORD[0], state)), 0)
    pool = InferredWorlds(GAME, MODEL, candidates=20).weighed(view, random.Random(2))
    assert len({w.weight for w in pool}) == 1
    assert all(GAME.view(w.state, 0).hand == view.hand for w in pool)


def test_the_softened_model_keeps_every_legal_action_possible() -> None:
    view = GAME.view(start(DEAL), 0)
    chosen = MODEL.choose(view, random.Random(0))
    other = next(action for action in view.legal_actions if action != chosen)
    n = len(view.legal_actions)
    assert action_chance(MODEL, view, chosen, 0.3) == pytest.approx(0.7 + 0.3 / n)
    assert action_chance(MODEL, view, other, 0.3) == pytest.approx(0.3 / n)


def test_tempering_keeps_the_effective_number_of_worlds_above_the_floor() -> None:
    """Weights 1 and 1/4 have an effective number of 1.25^2 / 1.0625 = 1.47: kept under a floor
    of 1.4; under a floor of 2, only equal weights (power 0) reach it."""
    logs = [0.0, math.log(0.25)]
    assert tempered(logs, 1.4) == pytest.approx([1.0, 0.25], abs=1e-5)
    assert tempered(logs, 2.0) == pytest.approx([1.0, 1.0], abs=1e-5)


AUCTION = (
    "82 S with 0, pass, 82 C without 4, 82 S against 0, 90 H with 1, 90 S without 0, 90 H against 4,"
    " 100 C with 4, 100 S without 0, 100 H against 1, 110 S with 3, pass, pass, pass, 110 H without 1,"
    " 110 S against 3, pass, pass, pass, 120 H with 1, 120 S without 3, pass, pass, pass, pass"
)
TRICKS = "JS 7S 8S KS 7H, 9S 8C 10S QS 7C, AH QH 9H 8H JH, 7D 9C JC 9D KD"
"""The medium players' own auction and first four tricks on DEAL: seat 0 plays 120 in spades
with seat 3; in the fourth trick seat 3 gives the Nine of diamonds on seat 0's Seven."""
LOW_DIAMOND_WITH_SEAT_3 = DEAL.replace("7D 8D", "7D 10D").replace("9D 10D", "9D 8D")
"""Seat 0's Eight of diamonds and seat 3's Ten change places: both still unplayed, unseen by seat 2."""


def after_four_tricks(deal: str) -> Any:
    state = start(deal)
    for move in [*AUCTION.split(", "), *" ".join(TRICKS.split(", ")).split()]:
        state = GAME.apply(state, GAME.parse_action(move, state))
    return state


def test_a_card_given_when_a_cheaper_one_was_held_makes_that_holding_unlikely() -> None:
    """Seat 3 cannot beat the Ace of diamonds still out, so the medium player gives its least
    diamond: holding 9D 10D (the deal) the Nine it gave, holding 9D 8D the Eight. The test first
    checks that this is the only action of the other seats where the two worlds differ in the
    model's choice; then the deal is likelier by the ratio of the softened model's chances for
    seat 3's two diamonds, (0.7 + 0.3 / 2) / (0.3 / 2)."""
    view = GAME.view(after_four_tricks(DEAL), 2)
    assert GAME.view(after_four_tricks(LOW_DIAMOND_WITH_SEAT_3), 2) == view
    deal, other = (World(Deal.parse(GAME.deck, text)) for text in (DEAL, LOW_DIAMOND_WITH_SEAT_3))
    differing = [
        (GAME.to_act(state), str(action))
        for state, action in replayed_steps(GAME, view, other)
        if GAME.to_act(state) != 2
        and len(GAME.view(state, GAME.to_act(state)).legal_actions) > 1
        and MODEL.choose(GAME.view(state, GAME.to_act(state)), random.Random(0)) != action
    ]
    assert differing == [(3, "9D")]
    gap = world_log_likelihood(GAME, MODEL, view, deal) - world_log_likelihood(GAME, MODEL, view, other)
    assert gap == pytest.approx(math.log((0.7 + 0.15) / 0.15))


def test_with_no_time_to_weigh_a_world_the_worlds_are_drawn_uniformly() -> None:
    """A deadline already past stops the weighing at the first choice of another seat it would
    ask the model about: no world is kept half weighed, and the draws are ``game.resample``'s
    uniform worlds, each consistent with seat 2's view."""
    view = GAME.view(after_four_tricks(DEAL), 2)
    sampler = InferredWorlds(GAME, MODEL, candidates=20, seconds=-1.0)
    assert sampler.weighed(view, random.Random(3)) == []
    draw = sampler(view, random.Random(3))
    for _ in range(5):
        assert GAME.view(draw(), 2) == view
    steps = replayed_steps(GAME, view, World(Deal.parse(GAME.deck, DEAL)))
    with pytest.raises(OutOfTime):
        log_likelihood(GAME, MODEL, 2, steps, deadline=0.0)
