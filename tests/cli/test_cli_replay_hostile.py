"""`tarocchi replay` and `play --deals` on hostile files: each bad file gets one escaped line, a
folder goes on past it, and nothing hangs, crashes or reads without end.

A FIFO or a device could hang the test run itself if a regression slipped in, so those run the
command in a child process with a timeout and a memory limit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.record import save
from tarocchi.core.registry import get_game

RUN_CLI = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))
from tarocchi.cli import main
sys.argv[0] = "tarocchi"
main()
"""


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``tarocchi ARGS`` in a child: a hang fails after 20 s, a memory blow-up at 2 GB."""
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-c", RUN_CLI, *args],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
        stdin=subprocess.DEVNULL,
        env=env,
    )


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    game = get_game("piedmont")
    data: dict[str, Any] = play_match(game, [RandomPlayer() for _ in range(4)], seed=21).record()
    return data


def bad_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": bad: " in line]


def assert_one_clean_line(output: str, name: str) -> str:
    """The output names the file once, on one line, with nothing that drives a terminal."""
    lines = [line for line in output.splitlines() if name in line]
    assert len(lines) == 1, output
    assert "Traceback" not in output and "\x1b" not in output and "\x07" not in output, output
    assert len(lines[0]) <= len(name) + 330, lines[0]
    return lines[0]


def test_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = run_cli("replay", str(fifo))
    assert done.returncode == 1, done.stderr
    line = assert_one_clean_line(done.stdout, "pipe.json")
    assert "bad: not a regular file (a FIFO)" in line, line


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_without_reading_it() -> None:
    done = run_cli("replay", "/dev/zero")
    assert done.returncode == 1, done.stderr
    line = assert_one_clean_line(done.stdout, "/dev/zero")
    assert "not a regular file (a character device)" in line, line


def test_a_folder_reports_each_bad_file_and_goes_on(tmp_path: Path, record: dict[str, Any]) -> None:
    folder = tmp_path / "records"
    save(record, folder / "a-good.json")
    (folder / "b-cut.json").write_text(json.dumps(record)[:5000], encoding="utf-8")
    os.mkfifo(folder / "c-pipe.json")
    (folder / "d-folder.json").mkdir()
    (folder / "e-deep.json").write_text("[" * 200_000, encoding="utf-8")
    save(record, folder / "f-good.json")
    done = run_cli("replay", str(folder))
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert "a-good.json: ok" in out and "f-good.json: ok" in out, out
    bad = bad_lines(out)
    assert [line.split(":")[0].rsplit("/", 1)[-1] for line in bad] == [
        "b-cut.json",
        "c-pipe.json",
        "d-folder.json",
        "e-deep.json",
    ], out
    assert "not a JSON file" in bad[0] and "FIFO" in bad[1] and "directory" in bad[2] and "deep" in bad[3], (
        out
    )
    assert "2 of 6 records good" in out
    assert "Traceback" not in out + done.stderr


def test_a_folder_with_one_good_and_one_bad_record(
    invoke: Callable[..., Result], tmp_path: Path, record: dict[str, Any]
) -> None:
    folder = tmp_path / "records"
    save(record, folder / "good.json")
    bad = json.loads(json.dumps(record))
    bad["totals"] = [float(t) for t in bad["totals"]]
    save(bad, folder / "bad.json")
    result = invoke("replay", str(folder))
    assert result.exit_code == 1
    assert "good.json: ok" in result.output
    line = assert_one_clean_line(result.output, "bad.json")
    assert "bad: record: field 'totals' must be a list of 4 integers" in line, line
    assert "1 of 2 records good" in result.output


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 200_000, "nested too deeply"),
        ('{"format": "tarocchi-record", "seed": ' + "9" * 5000 + "}", "digits"),
        ('{"format": "tarocchi-record", "seed": NaN}', "NaN"),
        ('{"format": "tarocchi-record", "format": "tarocchi-record"}', "twice"),
        (b"\xff\xfe{}", "UTF-8"),
    ],
    ids=["deep", "huge int", "nan", "duplicate key", "not utf-8"],
)
def test_undecodable_files_get_one_line(
    invoke: Callable[..., Result], tmp_path: Path, content: str | bytes, words: str
) -> None:
    path = tmp_path / "hostile.json"
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    line = assert_one_clean_line(result.output, "hostile.json")
    assert ": bad: " in line and words in line, line


def test_an_oversize_file_is_refused_by_its_size(invoke: Callable[..., Result], tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(10 * 1024 * 1024 + 1)
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    line = assert_one_clean_line(result.output, "huge.json")
    assert "bad: larger than 10 MB" in line, line


def test_control_characters_in_an_action_are_escaped(
    invoke: Callable[..., Result], tmp_path: Path, record: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(record))
    data["hands"][0]["actions"][5][1] = "\x1b]0;pwn\x07"
    result = invoke("replay", str(save(data, tmp_path / "evil.json")))
    assert result.exit_code == 1
    line = assert_one_clean_line(result.output, "evil.json")
    assert "hand 1, action 6" in line and "\\x1b]0;pwn\\x07" in line, line


def test_a_megabyte_action_is_shown_cut(
    invoke: Callable[..., Result], tmp_path: Path, record: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(record))
    data["hands"][0]["actions"][5][1] = "K" * 1_000_000
    result = invoke("replay", str(save(data, tmp_path / "long.json")))
    assert result.exit_code == 1
    line = assert_one_clean_line(result.output, "long.json")
    assert "hand 1, action 6" in line and "KKKK…" in line, line


def test_a_file_name_with_control_characters_is_escaped(
    invoke: Callable[..., Result], tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "\x1b[2Jx.json").write_text("[1, 2", encoding="utf-8")
    result = invoke("replay", str(folder))
    assert result.exit_code == 1
    line = assert_one_clean_line(result.output, "x.json")
    assert "\\x1b[2Jx.json: bad: not a JSON file" in line, line


@pytest.mark.parametrize("seed", ['"7"', "7.5", "true", "[7]"])
def test_a_seed_that_is_no_integer_is_refused(
    invoke: Callable[..., Result], tmp_path: Path, record: dict[str, Any], seed: str
) -> None:
    text = json.dumps({**record, "seed": "HOLE"}).replace('"HOLE"', seed)
    path = tmp_path / "seed.json"
    path.write_text(text, encoding="utf-8")
    result = invoke("replay", str(path))
    assert result.exit_code == 1
    assert "field 'seed' must be an integer or null" in assert_one_clean_line(result.output, "seed.json")


# -- play --deals reads through the same guarded loader ------------------------------------------
def test_deals_from_a_fifo_are_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "deals.json"
    os.mkfifo(fifo)
    done = run_cli("play", "piedmont", "--deals", str(fifo), "--record", str(tmp_path / "out.json"))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "not a regular file (a FIFO)" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("[" * 200_000, "nested too deeply"),
        ('{"format": "tarocchi-record", "game": "piedmont", "first_dealer": ' + "9" * 5000 + "}", "digits"),
        (
            '{"format": "tarocchi-record", "game": "piedmont", "first_dealer": 0.0, "hands": []}',
            "first_dealer",
        ),
        ('{"format": "tarocchi-record", "game": "\\u001b[2J", "first_dealer": 0}', "\\x1b[2J"),
        (
            '{"format": "tarocchi-record", "game": "piedmont", "first_dealer": 0, '
            '"hands": [{"deal": {"hands": ["KE \\u001b]0;x\\u0007"]}}]}',
            "\\x1b]0;x\\x07",
        ),
    ],
    ids=["deep", "huge int", "float dealer", "control game", "control card"],
)
def test_bad_deals_files_get_one_clean_line(
    invoke: Callable[..., Result], tmp_path: Path, content: str, words: str
) -> None:
    path = tmp_path / "deals.json"
    path.write_text(content, encoding="utf-8")
    result = invoke(
        "play", "piedmont", "--deals", str(path), "--record", str(tmp_path / "out.json"), input="quit\n"
    )
    assert result.exit_code == 2
    assert "Invalid value for '--deals'" in result.output and words in result.output, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_deals_without_a_seed_shuffle_the_rest_secretly(
    invoke: Callable[..., Result], write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "one.json"
    result = invoke(
        "play", "piedmont", "--deals", str(write_deals(1)), "--record", str(record), input="quit\n"
    )
    assert result.exit_code in (0, 1), result.output
    assert "1 hands; the other 3 hands are shuffled" in result.output
