"""The hard player as built (inferred worlds, searched bids) plays a whole hand legally in every
game, and is what ``hard`` makes; the uniform search stays available by name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi import get_game
from tarocchi.bots.bidding_search import BiddingSearch
from tarocchi.bots.inference import InferredWorlds
from tarocchi.bots.players import BIDDING_KIND, UNIFORM_KIND, hard_player, make_player, search_player
from tarocchi.bots.registry import game_players, games_with_players
from tarocchi.bots.search import DECISION_SECONDS, SearchPlayer
from tarocchi.core.protocol import HandContext

CONFIGS = [(game_id, {}) for game_id in games_with_players()] + [("piedmont", {"good_evil": "allegiance"})]


def cheap_hard(game: Any) -> SearchPlayer:
    """The hard player's parts at a small size: two candidate worlds, one world a decision."""
    heuristic = game_players(game).heuristic()
    sampler = InferredWorlds(game, heuristic, candidates=2)
    bidder = BiddingSearch(game, heuristic, sampler, worlds=1)
    return search_player(game, worlds=1, playout="kernel", kernel_worlds=1, sampler=sampler, delegate=bidder)


@pytest.mark.parametrize(("game_id", "options"), CONFIGS, ids=lambda c: str(c))
def test_the_hard_players_parts_play_a_hand_legally(game_id: str, options: dict[str, str]) -> None:
    """``game.apply`` refuses an illegal action, so finishing the hand is the test."""
    game = get_game(game_id, options)
    rng = random.Random(f"hard-parts/{game_id}")
    state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
    players = [cheap_hard(game) for _ in range(game.players)]
    while (seat := game.to_act(state)) is not None:
        state = game.apply(state, players[seat].choose(game.view(state, seat), rng))
    assert game.outcome(state) is not None and not game.audit(state)


def test_hard_infers_search_bidding_also_searches_bids_and_the_uniform_search_does_neither() -> None:
    game = get_game("taroinche")
    hard = make_player("hard", game)
    bidding = make_player(BIDDING_KIND, game)
    uniform = make_player(UNIFORM_KIND, game)
    assert isinstance(hard, SearchPlayer) and isinstance(bidding, SearchPlayer)
    assert isinstance(uniform, SearchPlayer)
    assert isinstance(hard.sampler, InferredWorlds) and not isinstance(hard.delegate, BiddingSearch)
    assert isinstance(bidding.sampler, InferredWorlds) and isinstance(bidding.delegate, BiddingSearch)
    assert uniform.sampler is None and not isinstance(uniform.delegate, BiddingSearch)


def test_the_hard_player_keeps_to_a_time_per_decision_unless_given_one() -> None:
    """Every decision within about a second on a loaded machine: the hard level's default time,
    a third of it to weigh worlds; a time given (the table server's) is shared out the same way."""
    game = get_game("taroinche")
    for player, seconds in ((make_player("hard", game), DECISION_SECONDS), (hard_player(game, 0.3), 0.3)):
        assert isinstance(player, SearchPlayer) and isinstance(player.sampler, InferredWorlds)
        assert player.seconds == seconds and player.sampler.seconds == pytest.approx(seconds / 3)
    bidding = make_player(BIDDING_KIND, game)
    assert isinstance(bidding, SearchPlayer) and isinstance(bidding.delegate, BiddingSearch)
    assert bidding.delegate.seconds == pytest.approx(DECISION_SECONDS * 2 / 3)
