"""The search player with a playout kernel (issue 16): named as a tournament names it, and its
evaluation of cards in trick play comes from the kernel, not the engine's playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.players import make_player, player_kind, search_player
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import get_game


def test_names_with_seconds() -> None:
    game = get_game("sicilian")
    assert player_kind("Search-Kernel@0.25", game) == "search-kernel@0.25"
    assert player_kind("hard@1", game) == "search@1"
    player = make_player("search-kernel@0.25", game)
    assert player.seconds == 0.25 and player.kernel is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["heuristic@1", "search@0", "search@soon", "search@61"])
def test_bad_names_say_what_fits(name: str) -> None:
    with pytest.raises(ValueError, match=r"search player takes|time per decision"):
        player_kind(name, get_game("sicilian"))


def test_games_without_a_kernel() -> None:
    assert kernel_factory(get_game("taroinche")) is None
    assert kernel_factory(get_game("piedmont", {"good_evil": "allegiance"})) is None
    assert search_player(get_game("taroinche"), playout="kernel").worlds == 20


def test_kernel_search_scores_every_card_in_trick_play() -> None:
    game = get_game("sicilian")
    factory = kernel_factory(game)
    assert factory is not None
    rng = random.Random(3)
    state = None
    while state is None:
        s = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * 4))
        while game.to_act(s) is not None and factory(s) is None:
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        if game.to_act(s) is not None and len(game.legal_actions(s)) > 1:
            state = s
    seat = game.to_act(state)
    assert seat is not None
    player = search_player(game, worlds=50, playout="kernel")
    built: list[Any] = []

    def counted(world: Any) -> Any:
        built.append(factory(world))
        return built[-1]

    player.kernel = counted
    ranked = player.evaluate(game.view(state, seat), rng)
    assert len(built) == 50 and all(k is not None and len(k.cards) == k.tricks * 4 + k.count for k in built)
    assert {a for a, _, _ in ranked} == set(game.legal_actions(state))
    assert all(worlds == 50 for _, _, worlds in ranked)
    means = [mean for _, mean, _ in ranked]
    assert means == sorted(means, reverse=True)
