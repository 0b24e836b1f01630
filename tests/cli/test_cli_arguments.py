"""Every numeric option's range, paths checked before work starts, one vocabulary for
computer players, and no seed printed for a game with a human at the table."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tarocchi import bench
from tarocchi.bots.players import make_player, player_kind
from tarocchi.cli.common import cpus
from tarocchi.core.errors import ArgumentError
from tarocchi.core.match import Match
from tarocchi.core.registry import get_game
from tarocchi.simulate import simulate


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "0", "-1", "1e9", "3601"])
def test_bench_refuses_a_time_that_never_ends_or_is_none(invoke: Callable[..., Result], seconds: str) -> None:
    result = invoke("bench", "--seconds", seconds, "--game", "taroinche")
    assert result.exit_code == 2
    assert "--seconds" in result.output
    assert "benchmarking" not in result.output  # refused before any play


@pytest.mark.parametrize("seconds", [math.nan, math.inf, 0.0, -2.0, 4000.0])
def test_the_bench_library_refuses_the_same(seconds: float) -> None:
    with pytest.raises(ArgumentError, match="seconds must be"):
        bench.random_play(get_game("taroinche"), seconds)


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("simulate", "piedmont", "--games", "0"), "--games"),
        (("simulate", "piedmont", "--games", "99999999999"), "--games"),
        (("simulate", "piedmont", "--games", "9" * 5000), "--games"),
        (("simulate", "piedmont", "--games", "2", "--jobs", "0"), "--jobs"),
        (("simulate", "piedmont", "--games", "2", "--seed", "-1"), "--seed"),
        (("simulate", "piedmont", "--games", "2", "--seed", str(2**64)), "--seed"),
        (("tournament", "piedmont", "--players", "easy,medium", "--deals", "0"), "--deals"),
        (("play", "piedmont", "--seed", "1.5"), "--seed"),
        (("play", "piedmont", "--seed", "²"), "--seed"),
        (("play", "piedmont", "--seat", "-1"), "--seat"),
        (("play", "piedmont", "--seat", "4"), "--seat"),
        (("play", "piedmont", "--seat", "--5"), "--seat"),
        (("play", "piedmont", "--seat", "٣"), "--seat"),
    ],
)
def test_numeric_options_out_of_range_are_one_short_line(
    invoke: Callable[..., Result], args: tuple[str, ...], option: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    error = result.output.strip().splitlines()[-1]
    assert error.startswith(f"Error: Invalid value for '{option}'")
    assert len(error) < 200  # a 5,000-digit number is quoted cut short


def test_seeds_and_counts_in_range_are_taken(invoke: Callable[..., Result]) -> None:
    result = invoke("simulate", "taroinche", "--games", "1", "--seed", str(2**64 - 1), "--option", "hands=5")
    assert result.exit_code == 0, result.output
    assert f"seed {2**64 - 1}" in result.output


def test_jobs_are_bounded_by_the_cpus(invoke: Callable[..., Result]) -> None:
    result = invoke("simulate", "taroinche", "--games", "3", "--jobs", "100000", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert f"Using {cpus()} jobs, not 100000: this machine has {cpus()} CPUs." in result.output


def test_the_library_starts_no_more_processes_than_there_are_chunks_of_work() -> None:
    summary = simulate("taroinche", 1, seed=1, jobs=1000)
    assert summary.jobs == 1  # one game is one chunk: played in this process
    with pytest.raises(ArgumentError, match="jobs must be at least 1"):
        simulate("taroinche", 1, jobs=0)
    with pytest.raises(ArgumentError, match="games must be a whole number"):
        simulate("taroinche", 2.5, seed=1)  # type: ignore[arg-type]


def test_simulate_records_under_a_file_is_refused_before_playing(
    invoke: Callable[..., Result], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    result = invoke("simulate", "piedmont", "--games", "1", "--records", str(blocker / "runs"))
    assert result.exit_code == 2
    assert f"cannot write in {blocker / 'runs'}: {blocker} is a file, not a folder" in result.output
    assert "games" not in result.output.split("Error")[0]  # nothing was played


def test_play_checks_the_record_path_before_dealing(invoke: Callable[..., Result], tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    result = invoke("play", "piedmont", "--record", str(blocker / "game.json"), input="quit\n")
    assert result.exit_code == 2
    assert "Invalid value for '--record'" in result.output
    assert "Hand 1" not in result.output


def test_without_a_seed_nothing_printed_or_saved_reveals_the_deals(
    invoke: Callable[..., Result], tmp_path: Path
) -> None:
    record = tmp_path / "secret.json"
    result = invoke("play", "piedmont", "--record", str(record), input="quit\n")
    assert result.exit_code == 0, result.output
    said = result.output.replace(str(tmp_path), "<tmp>").lower()
    assert "seed" not in said
    assert json.loads(record.read_text(encoding="utf-8"))["seed"] is None


def test_a_chosen_seed_is_shown_with_its_warning(invoke: Callable[..., Result], tmp_path: Path) -> None:
    record = tmp_path / "seeded.json"
    result = invoke("play", "piedmont", "--seed", "12", "--record", str(record), input="quit\n")
    assert "Seed 12 (the deals are predictable from it)" in result.output
    assert json.loads(record.read_text(encoding="utf-8"))["seed"] == 12
    assert "predictable" in invoke("play", "--help").output


def test_unseeded_matches_draw_from_the_operating_system() -> None:
    """Two unseeded games deal differently (a repeated 19-card hand is a 1 in 10^18 event), and
    the deals do not come from a seedable generator whose state a hand could reveal."""
    game = get_game("piedmont")
    first, second = Match(game), Match(game)
    assert first.hand.deal != second.hand.deal
    assert first.seed is None and first.record()["seed"] is None


@pytest.mark.parametrize(("level", "kind"), [("easy", "random"), ("medium", "heuristic"), ("hard", "search")])
def test_levels_and_kinds_name_the_same_players(level: str, kind: str) -> None:
    game = get_game("sicilian")
    assert player_kind(level, game) == player_kind(kind, game) == kind
    assert type(make_player(level, game)) is type(make_player(kind, game))


def test_tournament_takes_levels_and_play_takes_kinds(invoke: Callable[..., Result], tmp_path: Path) -> None:
    result = invoke(
        "tournament", "taroinche", "--players", "easy,medium", "--deals", "2", "--option", "hands=5"
    )
    assert result.exit_code == 0, result.output
    assert "random" in result.output and "heuristic" in result.output
    record = tmp_path / "kinds.json"
    result = invoke(
        "play", "piedmont", "--level", "random,heuristic,random", "--record", str(record), input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Computer players: West easy, North medium, East easy." in result.output


def test_an_unknown_player_is_refused_naming_levels_and_kinds(invoke: Callable[..., Result]) -> None:
    expected = "the players are: easy (random), medium (heuristic), hard (search)"
    for args in (("tournament", "piedmont", "--players", "easy,grandmaster", "--deals", "1"),
                 ("play", "piedmont", "--level", "grandmaster")):  # fmt: skip
        result = invoke(*args)
        assert result.exit_code == 2
        assert f"no 'grandmaster' player for piedmont; {expected}" in " ".join(result.output.split())


def test_games_and_help_show_both_names(invoke: Callable[..., Result]) -> None:
    assert (
        "computer players (--level or --players): easy (random), medium (heuristic)" in invoke("games").output
    )
    help_text = " ".join(invoke("tournament", "--help").output.split())
    assert "random or easy, heuristic or medium, search or hard" in help_text
