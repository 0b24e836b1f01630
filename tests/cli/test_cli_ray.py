"""Tournaments and simulations on Ray: the same seed gives the local results, and a worker
killed in the middle of a chunk is replaced by Ray without changing them.

One local Ray of two worker CPUs serves the module; it is shut down at the end, and the
processes it started must be gone then.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import Result

import tarocchi.bots.tournament as tournament_module
from tarocchi.bots.tournament import GameScores, Standing, TournamentResult, tournament
from tarocchi.core.record import load

KINDS = ["heuristic", "random"]


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (from /proc): what ray.init started."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie waiting for its parent counts as gone)."""
    living = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.add(pid)
    return living


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"  # no network here, and none wanted
    import ray

    before = descendants(os.getpid())  # e.g. a PostgreSQL server of another test, left alone
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=80 * 2**20,
        logging_level=logging.WARNING,
    )
    started = descendants(os.getpid()) - before
    assert started, "ray.init started no processes"
    yield ray
    ray.shutdown()
    deadline = time.monotonic() + 15
    while alive(started) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not alive(started), "Ray processes left behind"


def without_timing(result: TournamentResult) -> tuple[object, ...]:
    """All that a seed decides: the standings but their decision times, and the sizes."""
    rows = [(s.kind, s.mean, s.low, s.high, s.win_rate, s.decisions) for s in result.standings]
    return result.game, result.options, result.seed, result.games, result.deals, tuple(rows)


def table_rows(output: str) -> list[str]:
    """The tournament table's player rows without the two decision-time columns."""
    rows = [line for line in output.splitlines() if line.startswith((" heuristic", " random"))]
    return [" ".join(row.split()[:5]) for row in rows]


def test_the_same_seed_gives_the_same_tournament_locally_and_on_ray(local_ray: ModuleType) -> None:
    heard: list[int] = []
    one = tournament("piedmont", KINDS, 24, seed=7)
    two = tournament("piedmont", KINDS, 24, seed=7, jobs=2)
    on_ray = tournament("piedmont", KINDS, 24, seed=7, ray=True, progress=heard.append)
    assert without_timing(one) == without_timing(two) == without_timing(on_ray)
    assert sum(heard) == 24 * 2 and len(heard) > 1  # chunk by chunk, in hands (deals x seatings)
    assert isinstance(on_ray.standings[0], Standing) and on_ray.standings[0].decisions > 0
    assert local_ray.is_initialized()  # Ray already running is used, not shut down


def test_the_commands_print_the_same_tables_and_records_on_ray(
    local_ray: ModuleType, invoke: Callable[..., Result], tmp_path: Path
) -> None:
    args = ("tournament", "piedmont", "--players", "heuristic,random", "--deals", "16", "--seed", "5")
    local, on_ray = invoke(*args, "--jobs", "2"), invoke(*args, "--ray")
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert len(table_rows(local.output)) == 2
    assert table_rows(local.output) == table_rows(on_ray.output)
    outputs = []
    for how in (("--jobs", "1"), ("--ray",)):
        folder = tmp_path / how[0].strip("-")
        result = invoke(
            "simulate", "taroinche", "--games", "5", "--seed", "3", "--records", str(folder), *how
        )
        assert result.exit_code == 0, result.output
        output = result.output
        outputs.append(output[output.index("Game totals per seat") : output.index("Records saved")])
    assert "on Ray, 2 CPUs" in result.output
    assert "Invariants: all held" in outputs[1]
    assert outputs[0] == outputs[1]  # each seat's mean, deviation, least and most; the audit
    names = sorted(p.name for p in (tmp_path / "jobs").iterdir())
    assert names == [f"taroinche-3-{i}.json" for i in range(5)]
    for name in names:
        assert load(tmp_path / "jobs" / name) == load(tmp_path / "ray" / name)


def test_a_worker_killed_in_a_chunk_is_rerun_by_ray_with_the_same_results(
    local_ray: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first chunk to start writes its worker's pid and waits; the test kills that process
    (SIGKILL, as the kernel's OOM killer would); Ray runs the chunk again in another worker."""
    expected = tournament("piedmont", KINDS, 24, seed=11)
    claim, pid_file, log = tmp_path / "claim", tmp_path / "pid", tmp_path / "runs"
    honest = tournament_module.play_chunk

    def stalls_once(
        game_id: str, options: dict[str, str], kinds: list[str], seed: int, indices: list[int]
    ) -> list[GameScores]:
        with open(log, "a", encoding="utf-8") as runs:
            runs.write(f"{indices[0]} {os.getpid()}\n")
        try:
            os.close(os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:  # another chunk, or this one run again: play it
            return honest(game_id, options, kinds, seed, indices)
        (tmp_path / "pid.tmp").write_text(str(os.getpid()), encoding="utf-8")
        os.rename(tmp_path / "pid.tmp", pid_file)
        time.sleep(60)  # killed here
        raise AssertionError("the worker was not killed")

    killed: list[int] = []

    def killer() -> None:
        deadline = time.monotonic() + 30
        while not pid_file.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        if pid_file.exists():
            killed.append(int(pid_file.read_text(encoding="utf-8")))
            os.kill(killed[0], signal.SIGKILL)

    monkeypatch.setattr(tournament_module, "play_chunk", stalls_once)
    thread = threading.Thread(target=killer)
    thread.start()
    result = tournament("piedmont", KINDS, 24, seed=11, ray=True)
    thread.join()
    assert len(killed) == 1
    assert not alive(set(killed))
    runs = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    victim = next(first for first, pid in runs if int(pid) == killed[0])
    reruns = [pid for first, pid in runs if first == victim and int(pid) != killed[0]]
    assert len(reruns) == 1  # Ray ran the killed chunk once more, in another worker
    assert without_timing(result) == without_timing(expected)


def test_ray_is_not_imported_unless_asked_for() -> None:
    code = "import sys, tarocchi.cli.app, tarocchi.simulate; print('ray' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_ray_missing_or_mixed_with_jobs_is_one_line(
    invoke: Callable[..., Result], monkeypatch: pytest.MonkeyPatch
) -> None:
    mixed = invoke("simulate", "piedmont", "--games", "2", "--jobs", "2", "--ray")
    assert mixed.exit_code == 2
    assert "--jobs counts local processes; with --ray, Ray uses every CPU it has" in mixed.output
    nobody = invoke("simulate", "piedmont", "--games", "2", "--ray-address", "127.0.0.1:1")
    assert nobody.exit_code == 1  # where ray.init would wait for minutes
    assert nobody.output.strip().startswith("Error: cannot reach Ray at 127.0.0.1:1: ")
    assert "games" not in nobody.output  # nothing was started
    monkeypatch.setitem(sys.modules, "ray", None)  # as if the scale extra were not installed
    for command in ("simulate piedmont --games 2", "tournament piedmont --players medium,easy --deals 4"):
        missing = invoke(*command.split(), "--ray")
        assert missing.exit_code == 1
        assert missing.output.strip() == (
            "Error: --ray needs Ray, which is not installed: pip install 'tarocchi[scale]'"
        )
