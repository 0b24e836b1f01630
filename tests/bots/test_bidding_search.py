"""The searched bidding (``bots.bidding_search``) on a Taroinche deal written by hand.

The deal is the one of test_taroinche_heuristic.py; dealer 4, so seat 0 opens and nobody has
spoken. The medium player bids a solo, 82 in spades With the dog (test_inference.py works out
why). The candidates worth searching are then: the solo, passing, the cheapest bid in each trump
with the partner the medium player names when no one has spoken (the seat across, two to the
left: seat 2), and the solo one step higher.
"""

from __future__ import annotations

import math
import random
from typing import Any

from test_taroinche_heuristic import DEAL

from tarocchi import get_game
from tarocchi.bots.bidding_search import FEWEST, MARGIN, BiddingSearch
from tarocchi.bots.heuristic.taroinche import TaroincheHeuristic
from tarocchi.bots.hint import bid_hint
from tarocchi.bots.inference import InferredWorlds
from tarocchi.bots.taroinche import bid_candidates as taroinche_candidates
from tarocchi.core.protocol import Deal, HandContext

GAME = get_game("taroinche")
MODEL = TaroincheHeuristic()


def opening() -> Any:
    return GAME.view(GAME.initial_state(Deal.parse(GAME.deck, DEAL), HandContext(1, 4, (0,) * 5)), 0)


def test_the_candidates_are_the_prior_pass_each_trump_and_one_step_higher() -> None:
    view = opening()
    prior = MODEL.choose(view, random.Random(0))
    assert str(prior) == "82 S with 0"
    found = {str(action) for action in taroinche_candidates(view, prior)}
    assert found == {
        "82 S with 0",
        "pass",
        "82 S with 2",
        "82 H with 2",
        "82 C with 2",
        "82 D with 2",
        "90 S with 0",
    }


def bidder(margin: float) -> BiddingSearch:
    return BiddingSearch(GAME, MODEL, InferredWorlds(GAME, MODEL, candidates=8), worlds=FEWEST, margin=margin)


def test_every_candidate_is_played_out_and_the_prior_kept_without_a_clear_gain() -> None:
    view = opening()
    prior = MODEL.choose(view, random.Random(0))
    options = taroinche_candidates(view, prior)
    chosen, table = bidder(math.inf).decide(view, random.Random(3), prior, options)
    assert chosen == prior  # no gain is infinitely many standard errors
    assert [row[0] for row in table] == options
    assert dict((row[0], row[2]) for row in table)[prior] == 0.0


def test_a_candidate_that_beats_the_prior_in_the_worlds_is_taken() -> None:
    """With no margin, the best mean is taken whenever it beats the prior at all."""
    view = opening()
    prior = MODEL.choose(view, random.Random(0))
    chosen, table = bidder(-math.inf).decide(view, random.Random(3), prior, taroinche_candidates(view, prior))
    best = max(table, key=lambda row: row[1])
    assert chosen == best[0]


def test_outside_the_bidding_it_decides_as_its_prior() -> None:
    """The taker's discard is not a bidding decision: the bidder leaves it to the medium player."""
    state = GAME.initial_state(Deal.parse(GAME.deck, DEAL), HandContext(1, 4, (0,) * 5))
    for move in ("82 S with 0", "pass", "pass", "pass", "pass"):
        state = GAME.apply(state, GAME.parse_action(move, state))
    view = GAME.view(state, 0)
    assert view.phase.name == "DISCARD"
    prior = MODEL.choose(view, random.Random(0))
    assert bidder(-math.inf).options(view, prior) == [prior]


def test_the_hint_of_a_bid_says_it_was_searched() -> None:
    """In the auction the hint gives the searched bid, its mean, and how many others it beat."""
    found = bid_hint(bidder(MARGIN), opening(), random.Random(5))
    assert found is not None and len(found.actions) == 1 and found.actions[0] in opening().legal_actions
    assert "game points for you" in found.text and "against 6 other bids or calls" in found.text


def test_a_search_cut_short_keeps_the_prior() -> None:
    """Out of time before a single world: the medium player's bid, and no table to show."""
    view = opening()
    prior = MODEL.choose(view, random.Random(0))
    bidder = BiddingSearch(
        GAME, MODEL, InferredWorlds(GAME, MODEL, candidates=8), margin=-math.inf, seconds=0
    )
    assert bidder.decide(view, random.Random(3), prior, taroinche_candidates(view, prior)) == (prior, [])
