"""The search player's mechanics: what it evaluates, its budgets, and its playout choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarocchi import get_game
from tarocchi.bots.base import Player
from tarocchi.bots.kernels import kernel_factory
from tarocchi.bots.players import search_player
from tarocchi.bots.registry import game_players
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.actions import Action
from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import HandContext
from tarocchi.core.views import PlayerView
from tarocchi.games.piedmont.state import Phase as PiedmontPhase


def first_lead_view() -> tuple[SearchPlayer, PlayerView]:
    """Piedmont, any deal: the dealer's four discards made (the first ones offered), Eldest to
    lead; every assertion below holds whatever the deal."""
    game = get_game("piedmont")
    state = game.initial_state(game.deal(random.Random("search-test"), 3), HandContext(1, 3, (0,) * 4))
    while game.to_act(state) == 3:
        state = game.apply(state, game.legal_actions(state)[0])
    assert game.to_act(state) == 0
    return search_player(game, worlds=2), game.view(state, 0)


class Watched:
    """The game's heuristic, noting the phase of every view it is asked to choose in."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.phases: list[int] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        self.phases.append(view.phase)
        return self.player.choose(view, rng)


def test_a_discard_handed_off_is_searched_in_kernel_worlds_the_heuristic_playing_only_the_discard() -> None:
    """Handed off (the expert's way with Piedmont's discard, P2), the dealer's first discard is
    searched in as many worlds as a trick-play decision (here 5, against 2 otherwise); in each
    world and for each card, the heuristic makes the dealer's three other discards and is asked
    nothing more, and the kernel takes the hand over at the first lead, four cards aside. Any
    deal will do: every assertion holds whatever the cards."""
    game = get_game("piedmont")
    state = game.initial_state(game.deal(random.Random("handoff"), 3), HandContext(1, 3, (0,) * 4))
    view = game.view(state, 3)
    assert view.phase == PiedmontPhase.DISCARD and len(view.legal_actions) > 1
    factory = kernel_factory(game)
    assert factory is not None
    handed: list[Any] = []

    def kernel(world: Any) -> Kernel | None:
        k = factory(world)
        if k is not None:
            handed.append(world)
        return k

    heuristic = Watched(game_players(game).heuristic())
    player = SearchPlayer(
        game, heuristic, kernel=kernel, worlds=2, kernel_worlds=5, handoff=frozenset({PiedmontPhase.DISCARD})
    )
    rows = player.world_scores(view, random.Random(1))
    assert len(rows) == 5 and {len(row) for row in rows} == {len(view.legal_actions)}
    assert heuristic.phases == [PiedmontPhase.DISCARD] * 3 * 5 * len(view.legal_actions)
    assert len(handed) == 5 * len(view.legal_actions)
    assert all(w.phase == PiedmontPhase.PLAY and not w.tricks and not w.trick for w in handed)
    assert all(bin(w.discard).count("1") == 4 for w in handed)

    heuristic.phases.clear()
    whole = SearchPlayer(game, heuristic, kernel=kernel, worlds=2, kernel_worlds=5)
    assert len(whole.world_scores(view, random.Random(1))) == 2
    assert PiedmontPhase.PLAY in heuristic.phases


def test_every_legal_action_is_scored_once_over_every_world_best_first() -> None:
    player, view = first_lead_view()
    ranked = player.evaluate(view, random.Random(1))
    assert sorted(str(action) for action, _, _ in ranked) == sorted(str(a) for a in view.legal_actions)
    assert {worlds for _, _, worlds in ranked} == {2}
    means = [mean for _, mean, _ in ranked]
    assert means == sorted(means, reverse=True)
    assert player.choose(view, random.Random(1)) == ranked[0][0]


def test_an_unknown_playout_is_refused_naming_the_playouts() -> None:
    with pytest.raises(ValueError, match="no 'greedy' playout; the playouts are: heuristic, random"):
        search_player(get_game("piedmont"), playout="greedy")


def test_the_playout_names_the_policy_and_the_heuristic_takes_the_delegated_phases() -> None:
    """``playout="heuristic"`` plays the worlds out with the heuristic that also takes the
    delegated phases; ``"random"`` plays them at random and still delegates to the heuristic."""
    game = get_game("taroux")
    default, fast = search_player(game), search_player(game, playout="random")
    assert default.playout is not None and default.playout is default.delegate
    assert fast.playout is None and fast.delegate is not None
    assert default.delegated == fast.delegated and default.delegated


def test_a_search_player_that_delegates_needs_a_delegate() -> None:
    game = get_game("taroux")
    players = search_player(game)
    with pytest.raises(ValueError, match="needs a player to delegate them to"):
        SearchPlayer(game, None, players.delegated)


def test_a_world_cut_short_by_the_budget_is_dropped_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock read before each world and each action of a world: it stands still through the
    first world, then moves 0.3 s per reading against a 1 s budget, so it runs out at the third
    action of the second world: that world's first two scores must not count, so the means are
    the first world's alone, as a one-world search from the same rng finds them."""
    player, view = first_lead_view()
    actions = len(view.legal_actions)
    assert actions > 4
    still = [0.0] * (2 + actions)  # the deadline's reading, then the first world's
    readings = iter([*still, *(i * 0.3 for i in range(1, 1000))])
    monkeypatch.setattr("tarocchi.bots.search.time.perf_counter", lambda: next(readings))
    player.worlds, player.seconds = 50, 1.0
    cut = player.evaluate(view, random.Random(1))
    player.worlds, player.seconds = 1, None
    whole = player.evaluate(view, random.Random(1))
    assert {worlds for _, _, worlds in cut} == {1}
    assert {str(a): mean for a, mean, _ in cut} == {str(a): mean for a, mean, _ in whole}


def test_a_search_out_of_time_before_its_first_world_decides_as_its_delegate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A clock that jumps 10 s per reading against a 1 s budget: no world is played out, the
    search ranks nothing and the player takes its delegate's (the heuristic's) choice."""
    player, view = first_lead_view()
    readings = iter(i * 10.0 for i in range(1000))
    monkeypatch.setattr("tarocchi.bots.search.time.perf_counter", lambda: next(readings))
    player.worlds, player.seconds = 50, 1.0
    assert player.evaluate(view, random.Random(1)) == []
    assert player.delegate is not None
    assert player.choose(view, random.Random(1)) == player.delegate.choose(view, random.Random(1))
