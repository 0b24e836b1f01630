"""The search player with a playout kernel: named as a tournament names it, and its
evaluation of cards in trick play comes from the kernel, not the engine's playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.players import make_player, player_kind, search_player
from tarocchi.bots.registry import game_players
from tarocchi.bots.search import WORLDS, SearchPlayer
from tarocchi.core.protocol import HandContext
from tarocchi.core.registry import available_games, get_game
from tarocchi.games.piedmont.state import Phase

CALLS = {"ours", "yours", "confirm", "reverse"}


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


@pytest.mark.parametrize(
    "options", [{"game": "piedmont", "good_evil": "allegiance"}, *({"game": g} for g in available_games())]
)
def test_every_game_has_a_kernel_for_trick_play_only(options: dict[str, str]) -> None:
    game = get_game(options.pop("game"), options)
    factory = kernel_factory(game)
    assert factory is not None
    rng = random.Random(5)
    state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
    assert factory(state) is None  # an auction or the dealer's discard: the engine plays it out


def test_kernel_search_scores_the_allegiance_calls() -> None:
    game = get_game("piedmont", {"good_evil": "allegiance"})
    rng = random.Random(4)
    state = None
    while state is None:
        s = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * 4))
        while game.to_act(s) is not None and s.phase != Phase.CALL:
            s = game.apply(s, rng.choice(game.legal_actions(s)))
        if game.to_act(s) is not None:
            state = s
    seat = game.to_act(state)
    assert seat is not None
    player = search_player(game, worlds=30, playout="kernel")
    ranked = player.evaluate(game.view(state, seat), rng)
    assert {str(a) for a, _, _ in ranked} == {str(a) for a in game.legal_actions(state)} <= CALLS
    assert all(worlds == 30 for _, _, worlds in ranked)


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


def test_the_hard_level_searches_trick_play_in_the_kernel() -> None:
    for game_id in available_games():
        game = get_game(game_id)
        hard = make_player("hard", game)
        assert isinstance(hard, SearchPlayer) and hard.kernel is not None
        assert (hard.worlds, hard.kernel_worlds) == (WORLDS, game_players(game).hard_worlds)
        engine = make_player("search-engine@0.5", game)
        assert isinstance(engine, SearchPlayer) and engine.kernel is None and engine.seconds == 0.5


def test_kernel_worlds_in_trick_play_and_worlds_elsewhere() -> None:
    """The dealer's discard is played out by the engine (2 worlds), the card play by the kernel (7)."""
    game = get_game("piedmont")
    player = search_player(game, worlds=2, kernel_worlds=7, playout="kernel")
    rng = random.Random(8)
    state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * 4))
    ranked = player.evaluate(game.view(state, 0), rng)
    assert {worlds for _, _, worlds in ranked} == {2}
    while game.to_act(state) is not None and state.phase != Phase.PLAY:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    seat = game.to_act(state)
    assert seat is not None
    ranked = player.evaluate(game.view(state, seat), rng)
    assert {worlds for _, _, worlds in ranked} == {7}
