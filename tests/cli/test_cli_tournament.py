"""`tarocchi tournament` and the levels of play at the table."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from rich.console import Console

from tarocchi.bots.tournament import Standing, TournamentResult, tournament
from tarocchi.cli.reports import tournament_table
from tarocchi.core.record import replay


def test_tournament_prints_each_player_with_interval_and_win_rate(invoke: Callable[..., Result]) -> None:
    result = invoke("tournament", "piedmont", "--players", "heuristic,random", "--deals", "8", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "8 deals x 2 seatings, seed 2" in result.output
    rows = [line for line in result.output.splitlines() if line.startswith((" heuristic", " random"))]
    assert len(rows) == 2
    assert "95% interval" in result.output and "per hand" in result.output


def test_the_tournament_table_keeps_every_figure_whole_at_80_columns() -> None:
    """The widest figures a table holds (a search player's name with its seconds, three-digit
    means, a wide interval, long decision times) fit 80 columns: nothing is cut with an ellipsis."""
    result = TournamentResult(
        "taroinche",
        (("hands", "20"),),
        12345678901,
        10,
        200,
        5,
        1234.5,
        (
            Standing("search-kernel@0.5", -123.45, -234.56, -12.34, 0.345, 123456, 123.456, 99.999),
            Standing("heuristic", 123.45, 12.34, 234.56, 0.655, 123456, 0.123, 0.099),
        ),
    )
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(tournament_table(result))
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert "…" not in shown and "..." not in shown
    for figure in ("search-kernel@0.5", "-234.56..-12.34", "+12.34..+234.56", "34.5%", "123,456", "123.456"):
        assert figure in shown
    assert max(len(line) for line in shown.splitlines()) <= 80


def test_tournament_refuses_unknown_or_single_players(invoke: Callable[..., Result]) -> None:
    result = invoke("tournament", "piedmont", "--players", "heuristic,genius", "--deals", "4")
    assert result.exit_code == 2
    assert "no 'genius' player for piedmont; the players are: easy (random), medium (heuristic)" in (
        result.output
    )
    result = invoke("tournament", "piedmont", "--players", "random", "--deals", "4")
    assert result.exit_code == 2
    assert "name at least two players" in result.output


def test_play_at_easy_level_records_random_opponents(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "easy.json"
    result = invoke(
        "play",
        "piedmont",
        "--deals",
        str(write_deals(4)),
        "--level",
        "easy",
        "--seed",
        "1",
        "--record",
        str(record),
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Computer players: easy." in result.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["players"] == ["human", "easy (random)", "easy (random)", "easy (random)"]
    assert replay(data).complete is False


def test_play_defaults_to_the_heuristic_level_and_refuses_unknown_levels(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "medium.json"
    result = invoke(
        "play", "piedmont", "--deals", str(write_deals(4)), "--record", str(record), input="quit\n"
    )
    assert result.exit_code == 0, result.output
    assert "Computer players: medium." in result.output
    assert json.loads(record.read_text(encoding="utf-8"))["players"][1] == "medium (heuristic)"
    result = invoke("play", "piedmont", "--level", "grandmaster")
    assert result.exit_code == 2
    assert "no 'grandmaster' player for piedmont; the players are: easy (random), medium" in result.output


def test_levels_may_be_given_per_computer_seat(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    """South plays; West, North and East get the three levels in seat order."""
    record = tmp_path / "mixed.json"
    result = invoke(
        "play",
        "piedmont",
        "--deals",
        str(write_deals(4)),
        "--level",
        "hard,easy,medium",
        "--record",
        str(record),
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    players = json.loads(record.read_text(encoding="utf-8"))["players"]
    assert players == ["human", "hard (search)", "easy (random)", "medium (heuristic)"]
    result = invoke("play", "piedmont", "--level", "hard,easy")
    assert result.exit_code == 2
    assert "give one level, or one per computer seat (3, in seat order)" in result.output


def test_the_tournament_bar_moves_hand_by_hand_from_the_start() -> None:
    """One 5-hand Taroinche game between two players is 5 deals played twice: in one process the
    bar hears each of the 10 hands, not all 10 at the very end."""
    heard: list[int] = []
    result = tournament("taroinche", ["easy", "medium"], 5, options={"hands": "5"}, progress=heard.append)
    assert result.deals == 5
    assert heard == [1] * 10
