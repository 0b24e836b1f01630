"""Whole games between random players: records replay to identical results, and a seed alone
fixes the game whatever else the process does with the global ``random`` module."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from conformance_tools import Config, config_rng

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal, Game, HandContext
from tarocchi.core.record import load, replay, save

GAMES_PER_CONFIG = 3


def random_match(game: Game[Any], seed: int) -> Match:
    return play_match(game, [RandomPlayer(f"random {s}") for s in range(game.players)], seed=seed)


@pytest.fixture(scope="module")
def matches(config: Config, game: Game[Any]) -> list[Match]:
    rng = config_rng(config, "matches")
    return [random_match(game, rng.randrange(2**31)) for _ in range(GAMES_PER_CONFIG)]


def rescore(game: Game[Any], record: dict[str, Any]) -> list[dict[str, Any]]:
    """Replay every hand of a record by hand, from its stored deal and notation, and score it."""
    results = []
    totals = [0] * game.players
    for hand in record["hands"]:
        deal = Deal.from_json(game.deck, hand["deal"])
        state = game.initial_state(deal, HandContext(hand["number"], hand["dealer"], tuple(totals)))
        for seat, text in hand["actions"]:
            assert game.to_act(state) == seat
            state = game.apply(state, game.parse_action(text, state))
        result = game.outcome(state)
        assert result is not None
        assert game.audit(state) == []
        results.append(result.to_json())
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
    return results


def test_a_match_plays_every_hand_and_totals_its_hand_scores(game: Game[Any], matches: list[Match]) -> None:
    for match in matches:
        assert match.over
        assert len(match.hands) == game.hands_per_game()
        results = [hand.result for hand in match.hands]
        assert all(result is not None for result in results)
        sums = [sum(r.scores[s] for r in results if r is not None) for s in range(game.players)]
        assert match.totals == sums
        assert sum(match.totals) == 0


def test_the_record_replays_to_the_same_results_through_json_text(
    game: Game[Any], matches: list[Match]
) -> None:
    for match in matches:
        record = match.record()
        text = json.dumps(record)
        data = json.loads(text)
        assert data == record, "a record must be plain JSON data"
        summary = replay(data)
        assert summary.game == game.info.id
        assert summary.totals == tuple(match.totals)
        assert summary.hands == len(match.hands)
        assert summary.actions == sum(len(hand.actions) for hand in match.hands)
        assert summary.complete is True
        assert rescore(game, data) == [hand.result.to_json() for hand in match.hands if hand.result]
        assert data["options"] == game.options
        for hand, stored in zip(match.hands, data["hands"], strict=True):
            assert Deal.from_json(game.deck, stored["deal"]) == hand.deal
            assert stored["dealer"] == hand.dealer


def test_the_record_replays_after_save_and_load(
    game: Game[Any], matches: list[Match], tmp_path: Path
) -> None:
    for i, match in enumerate(matches):
        record = match.record()
        path = save(record, tmp_path / f"game-{i}.json")
        loaded = load(path)
        assert loaded == record
        assert replay(loaded).totals == tuple(match.totals)


def test_an_unfinished_game_replays_as_incomplete(config: Config, game: Game[Any]) -> None:
    rng = config_rng(config, "unfinished")
    match = Match(game, seed=rng.randrange(2**31))
    steps = 0
    while (seat := match.to_act()) is not None and steps < 7:
        match.submit(seat, rng.choice(match.legal_actions()))
        steps += 1
    summary = replay(json.loads(json.dumps(match.record())))
    assert summary.complete is False
    assert summary.actions == steps
    assert summary.hands == 1


def test_the_same_seed_gives_the_same_record_whatever_the_global_rng_does(
    config: Config, game: Game[Any]
) -> None:
    seed = config_rng(config, "same-seed").randrange(2**31)
    saved = random.getstate()
    random.seed(1)
    first = random_match(game, seed).record()
    random.random()
    random.seed(987654321)
    random.shuffle(list(range(100)))
    second = random_match(game, seed).record()
    random.seed()
    third = random_match(game, seed).record()
    random.setstate(saved)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert json.dumps(first, sort_keys=True) == json.dumps(third, sort_keys=True)
