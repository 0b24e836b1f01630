"""`tarocchi games`, `replay` and `bench`, the missing-extra message, and the engine's independence."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from tarocchi import bench, loading
from tarocchi.bots import RandomPlayer, play_match
from tarocchi.cli import MISSING_EXTRA, main
from tarocchi.core.record import save
from tarocchi.core.registry import get_game

ROOT = Path(__file__).resolve().parents[2]


def test_games_lists_piedmont_with_its_option(invoke: Callable[..., Result]) -> None:
    result = invoke("games")
    out = result.output
    assert result.exit_code == 0
    assert "piedmont — Tarocchi as played in Piedmont" in out
    assert "4 players, 4 hands per game" in out
    assert "--option good_evil=…  trumps (default) | allegiance" in out
    assert "how Good and Evil play (P4)" in out
    assert "83 of 165 points wins the difference" in out


@pytest.fixture
def record(tmp_path: Path) -> dict[str, Any]:
    game = get_game("piedmont")
    return play_match(game, [RandomPlayer() for _ in range(4)], seed=21).record()


def write(path: Path, data: dict[str, Any]) -> Path:
    return save(data, path)


def test_replay_accepts_a_good_record(
    invoke: Callable[..., Result], record: dict[str, Any], tmp_path: Path
) -> None:
    path = write(tmp_path / "good.json", record)
    result = invoke("replay", str(path))
    assert result.exit_code == 0
    totals = " ".join(str(t) for t in record["totals"])
    assert f"{path}: ok: piedmont, 4 hands, 320 actions, totals {totals}" in result.output


def test_replay_names_the_hand_and_action_of_a_changed_card(
    invoke: Callable[..., Result], record: dict[str, Any], tmp_path: Path
) -> None:
    actions = record["hands"][0]["actions"]
    seat, _ = actions[9]
    played_before = actions[5][1]  # a card of trick 1: nobody holds it any more
    actions[9] = [seat, played_before]
    result = invoke("replay", str(write(tmp_path / "card.json", record)))
    assert result.exit_code == 1
    assert f"bad: hand 1, action 10 (seat {seat}: {played_before}): illegal: " in result.output
    assert f"{played_before} is not in your hand" in result.output


def test_replay_names_the_hand_of_a_changed_result(
    invoke: Callable[..., Result], record: dict[str, Any], tmp_path: Path
) -> None:
    scores = record["hands"][1]["result"]["scores"]
    record["hands"][1]["result"]["scores"] = [s + (1 if i % 2 else -1) for i, s in enumerate(scores)]
    result = invoke("replay", str(write(tmp_path / "result.json", record)))
    assert result.exit_code == 1
    assert "bad: hand 2: the stored result differs from the re-scored one: scores" in result.output


def test_replay_of_a_folder_reports_every_file(
    invoke: Callable[..., Result], record: dict[str, Any], tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    write(folder / "a.json", record)
    (folder / "b.json").write_text("[1, 2", encoding="utf-8")
    result = invoke("replay", str(folder))
    assert result.exit_code == 1
    assert "a.json: ok" in result.output and "b.json: bad: not a JSON file" in result.output
    assert "1 of 2 records good" in result.output


def test_replay_of_an_empty_folder_or_missing_path_is_a_usage_error(
    invoke: Callable[..., Result], tmp_path: Path
) -> None:
    assert invoke("replay", str(tmp_path)).exit_code == 2
    missing = invoke("replay", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "does not exist" in missing.output


def bench_rows(output: str) -> dict[str, list[float]]:
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line) if c.strip()]
        if len(cells) == 5 and cells[0] == "piedmont":
            rows[cells[1]] = [float(c.replace(",", "")) for c in cells[2:]]
    return rows


def test_bench_prints_a_row_per_game_and_option_with_positive_rates(invoke: Callable[..., Result]) -> None:
    result = invoke("bench", "--seconds", "0.2")
    assert result.exit_code == 0
    rows = bench_rows(result.output)
    assert set(rows) == {"good_evil=trumps", "good_evil=allegiance"}
    for hands, hands_per_second, decisions_per_second in rows.values():
        assert hands >= 1 and hands_per_second > 0 and decisions_per_second > hands_per_second
    assert f"engine: {loading.mode()}" in result.output  # which engine the figures are of


def test_bench_of_an_unknown_game_is_a_usage_error(invoke: Callable[..., Result]) -> None:
    result = invoke("bench", "--game", "chess", "--seconds", "0.1")
    assert result.exit_code == 2 and "Invalid value for '--game': unknown game 'chess'" in result.output


def test_bench_counts_every_decision_of_a_piedmont_hand() -> None:
    result = bench.random_play(get_game("piedmont"), 0.05, seed=3)
    assert result.game == "piedmont" and result.options == (("good_evil", "trumps"),)
    assert result.decisions == 80 * result.hands  # P2, P3: 4 discards and 76 cards played
    assert [options for _, options in bench.configurations(["piedmont"])] == [
        {"good_evil": "trumps"},
        {"good_evil": "allegiance"},
    ]


def test_play_hands_counts_the_decisions_of_so_many_piedmont_hands() -> None:
    """By count, as ``benchmarks/instructions_per_decision.py`` plays: 80 a hand (P2, P3)."""
    assert bench.play_hands(get_game("piedmont"), 3, seed=3) == 3 * 80
    assert bench.play_hands(get_game("piedmont"), 0) == 0


def test_bench_plays_taroinche_once_as_its_option_only_sets_the_game_length() -> None:
    """B8: hands=5/10/15/20 is the number of hands in a game; every hand plays alike."""
    assert [options for _, options in bench.configurations(["taroinche"])] == [{"hands": "5"}]


def test_the_benchmark_script_prints_the_table() -> None:
    script = ROOT / "benchmarks" / "bench_random_play.py"
    done = subprocess.run(
        [sys.executable, str(script), "--seconds", "0.05"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["game", "options", "hands", "hands/s", "decisions/s"]
    assert any(line.split()[:2] == ["piedmont", "good_evil=allegiance"] for line in lines)


def test_main_says_how_to_install_the_extra_when_it_is_missing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # import rich now raises ImportError
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 1
    assert capsys.readouterr().err.strip() == MISSING_EXTRA


def test_the_engine_and_the_library_tools_never_import_click_or_rich() -> None:
    code = (
        "import sys, tarocchi, tarocchi.cli, tarocchi.simulate, tarocchi.bench, tarocchi.bots;"
        "from tarocchi.core.registry import get_game; get_game('piedmont');"
        "print(json.dumps(sorted(m for m in ('click', 'rich') if m in sys.modules)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", "import json;" + code], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == []


def test_runs_of_amounts_are_shown_as_ranges() -> None:
    from tarocchi.present.table import number_runs

    calls = ["silent", "hold", *(f"throw {n}" for n in range(64)), *(f"pay {n}" for n in range(1, 64))]
    calls += ["take 1", "take 3", "90 H with 3"]
    assert number_runs(calls) == [
        "silent",
        "hold",
        "throw 0..63",
        "pay 1..63",
        "take 1",
        "take 3",
        "90 H with 3",
    ]
