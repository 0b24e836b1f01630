"""`tarocchi simulate` and tarocchi.simulate: same results whatever the jobs, audits, failures."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

from tarocchi.bots import RandomPlayer
from tarocchi.core.record import load, replay
from tarocchi.games.piedmont import PiedmontGame, PiedmontState
from tarocchi.simulate import game_seed, simulate


def seat_table(output: str) -> list[str]:
    lines = output.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("Game totals per seat")))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Invariants"))
    return lines[start:end]


def test_jobs_do_not_change_results_and_records_replay(invoke: Callable[..., Result], tmp_path: Path) -> None:
    outputs, folders = [], []
    for jobs in ("1", "2"):
        folder = tmp_path / f"jobs{jobs}"
        result = invoke(
            "simulate", "piedmont", "--games", "4", "--jobs", jobs, "--seed", "1", "--records", str(folder)
        )
        assert result.exit_code == 0, result.output
        assert "Invariants: all held (1,280 audits, one after every action)." in result.output
        assert "│     4 │    16 │   1,280 │" in result.output  # games, hands, actions
        outputs.append(result.output)
        folders.append(folder)
    assert seat_table(outputs[0]) == seat_table(outputs[1])
    names = sorted(p.name for p in folders[0].iterdir())
    assert names == [f"piedmont-1-{i}.json" for i in range(4)]
    for name in names:
        one, two = load(folders[0] / name), load(folders[1] / name)
        assert one == two
        assert replay(one).complete
    assert [load(folders[0] / n)["seed"] for n in names] == [game_seed(1, i) for i in range(4)]


def test_simulate_library_summary_is_the_same_for_any_split() -> None:
    done: list[int] = []
    one = simulate("piedmont", 5, seed=9, options={"good_evil": "allegiance"}, progress=done.append)
    three = simulate("piedmont", 5, seed=9, options={"good_evil": "allegiance"}, jobs=3)
    assert sum(done) == 5
    assert [run.totals for run in one.runs] == [run.totals for run in three.runs]
    assert one.seat_stats() == three.seat_stats()
    assert one.ok and one.games == 5 and one.hands == 20 and one.checks == one.actions >= 5 * 320
    assert one.options == (("good_evil", "allegiance"),)
    for stats in one.seat_stats():
        assert stats.minimum <= stats.mean <= stats.maximum


def test_a_broken_invariant_is_reported_with_game_and_exit_1(
    invoke: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    honest = PiedmontGame.audit

    def planted(self: PiedmontGame, state: PiedmontState) -> list[str]:
        problems = honest(self, state)
        if state.context.number == 2 and len(state.tricks) == 5 and not state.trick:
            problems.append("planted problem")
        return problems

    monkeypatch.setattr(PiedmontGame, "audit", planted)
    result = invoke("simulate", "piedmont", "--games", "2", "--seed", "4", "--jobs", "1")
    assert result.exit_code == 1
    assert "Invariants: 2 broken" in result.output
    for index in (0, 1):
        where = f"game {index} (seed {game_seed(4, index)}), hand 2, action 24: planted problem"
        assert where in result.output


def test_a_crash_is_a_failure_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}
    choose = RandomPlayer.choose

    def flaky(self: RandomPlayer, view: object, rng: object) -> object:
        calls["n"] += 1
        if calls["n"] == 50:
            raise RuntimeError("boom")
        return choose(self, view, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(RandomPlayer, "choose", flaky)
    summary = simulate("piedmont", 2, seed=2)
    assert not summary.ok
    (failure,) = summary.failures
    assert failure.game_index == 0 and failure.hand == 1 and failure.action == 50
    assert failure.message == "crashed: RuntimeError: boom"
    assert summary.runs[1].failures == () and summary.runs[1].hands == 4


def test_simulate_bad_arguments_exit_2(invoke: Callable[..., Result]) -> None:
    assert "unknown game 'chess'" in invoke("simulate", "chess", "--games", "2").output
    bad = invoke("simulate", "piedmont", "--games", "0")
    assert bad.exit_code == 2 and "--games" in bad.output
    option = invoke("simulate", "piedmont", "--games", "1", "--option", "good_evil=both")
    assert option.exit_code == 2 and "must be one of trumps, allegiance" in option.output


def test_records_folder_holds_json_records(tmp_path: Path) -> None:
    summary = simulate("piedmont", 2, seed=5, records=tmp_path / "r")
    paths = [run.record_path for run in summary.runs]
    assert paths == [str(tmp_path / "r" / f"piedmont-5-{i}.json") for i in range(2)]
    for path in paths:
        assert path is not None
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        assert data["totals"] == list(summary.runs[paths.index(path)].totals)
