"""Trio (``tests/fixture_game``) gets every level of computer player from its manifest alone: the
search player plays its worlds out in Trio's kernel, which holds to the engine move for move
and score for score, and hard and medium players play whole games of it to the end."""

from __future__ import annotations

import random
from typing import Any

from tarocchi.bots.base import play_match
from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.players import make_player, player_kinds
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.actions import Play
from tarocchi.core.cards import Deck
from tarocchi.core.protocol import Game, HandContext


def test_every_level_is_offered_and_hard_is_the_search_player_over_the_games_kernel(trio: Game[Any]) -> None:
    assert player_kinds(trio) == ("random", "heuristic", "search")
    hard = make_player("hard", trio)
    assert isinstance(hard, SearchPlayer) and hard.kernel is not None
    assert {phase.name for phase in hard.delegated} == {"BID"}


def mask_of(deck: Deck, actions: tuple[Any, ...]) -> int:
    return sum(1 << action.card.index for action in actions if isinstance(action, Play))


def test_the_kernel_plays_and_scores_as_the_engine(trio: Game[Any]) -> None:
    """Random hands: at every card the kernel's legal mask is the engine's, and its scores at the
    end are the engine's (the kernel and the engine call the same rule functions)."""
    factory = kernel_factory(trio)
    assert factory is not None
    rng = random.Random(2)
    for number in range(200):
        dealer = number % trio.players
        state = trio.initial_state(trio.deal(rng, dealer), HandContext(1, dealer, (0,) * trio.players))
        while factory(state) is None:
            state = trio.apply(state, rng.choice(trio.legal_actions(state)))
        kernel = factory(state)
        assert kernel is not None
        while trio.to_act(state) is not None:
            legal = trio.legal_actions(state)
            assert kernel.legal() == mask_of(trio.deck, legal)
            action = rng.choice(legal)
            state = trio.apply(state, action)
            kernel.play(action.card.index)
        result = trio.outcome(state)
        assert kernel.done() and result is not None and kernel.scores() == list(result.scores)


def test_hard_and_medium_players_play_whole_games_to_the_end(trio: Game[Any]) -> None:
    """``game.apply`` refuses an illegal action, so finishing every game is the test."""
    for seed in range(2):
        players = [make_player("hard", trio), make_player("medium", trio), make_player("hard", trio)]
        match = play_match(trio, players, seed=seed)
        assert match.over and len(match.hands) == trio.hands_per_game()
        assert sum(match.totals) == 0
        for hand in match.hands:
            assert hand.result is not None and sum(hand.result.card_points) == 32  # R5: every card
            assert len(hand.actions) >= 16  # a bid, then the fifteen cards
