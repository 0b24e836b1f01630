"""Reading a record file that is hostile: too deep, too big, not a file at all, not quite JSON.

``load`` must answer each with a one-line RecordError naming the file, never another exception,
a hang on a FIFO or a read of a device that never ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.errors import RecordError
from tarocchi.core.record import MAX_RECORD_BYTES, load, replay, save
from tarocchi.core.registry import get_game

HEADER = '{"format": "tarocchi-record", "seed": '


def refusal(path: Path) -> str:
    with pytest.raises(RecordError) as error:
        load(path)
    message = str(error.value)
    assert "\n" not in message and message.isprintable(), message
    prefix = f"{path}: "
    assert message.startswith(prefix) or not str(path).isprintable(), message
    assert len(message) <= len(prefix) + 320, message
    return message.removeprefix(prefix)  # the rest must not find the words it checks in tmp_path


def written(tmp_path: Path, content: str | bytes, name: str = "record.json") -> Path:
    path = tmp_path / name
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("opening", ["[", '{"a": ', '[{"a": '])
def test_deeply_nested_json_is_refused(tmp_path: Path, opening: str) -> None:
    message = refusal(written(tmp_path, opening * 200_000))
    assert "deep" in message, message


def test_nesting_that_json_can_read_is_still_no_record(tmp_path: Path) -> None:
    message = refusal(written(tmp_path, "[" * 500 + "]" * 500))
    assert "not a tarocchi record" in message


@pytest.mark.parametrize("digits", [4301, 100_000])
def test_a_huge_integer_is_refused(tmp_path: Path, digits: int) -> None:
    message = refusal(written(tmp_path, HEADER + "7" * digits + "}"))
    assert "digits" in message, message


def test_a_huge_float_literal_is_refused(tmp_path: Path) -> None:
    message = refusal(written(tmp_path, HEADER + "1." + "7" * 100_000 + "}"))
    assert "digits" in message, message


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_json_constants_are_refused(tmp_path: Path, constant: str) -> None:
    message = refusal(written(tmp_path, HEADER + constant + "}"))
    assert constant in message, message


@pytest.mark.parametrize(
    "content",
    [b"\xef\xbb\xbf{}", b'{"format": "tarocchi-record", "game": "\xc3"}', b"\x00" * 100, "{\u2028}".encode()],
    ids=["bom", "cut utf-8", "nul bytes", "line separator"],
)
def test_text_that_is_not_json_is_one_line(tmp_path: Path, content: bytes) -> None:
    assert "JSON" in refusal(written(tmp_path, content))


def test_an_oversize_file_is_refused_by_its_size(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.truncate(300 * 1024 * 1024)  # sparse: costs no disk, and must cost no memory either
    message = refusal(path)
    assert "10 MB" in message, message


def test_a_file_one_byte_over_the_limit_is_refused_and_one_at_it_is_read(tmp_path: Path) -> None:
    at = tmp_path / "at.json"
    over = tmp_path / "over.json"
    text = HEADER + "null}"
    at.write_text(text + " " * (MAX_RECORD_BYTES - len(text)), encoding="utf-8")
    over.write_text(text + " " * (MAX_RECORD_BYTES - len(text) + 1), encoding="utf-8")
    assert load(at)["seed"] is None
    assert "10 MB" in refusal(over)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "x.json"
    folder.mkdir()
    message = refusal(folder)
    assert "directory" in message and "regular file" in message, message


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_without_reading_it() -> None:
    message = refusal(Path("/dev/zero"))
    assert "device" in message and "regular file" in message, message


# A FIFO with no writer blocks an ordinary open() for ever: the test runs load in a child with a
# timeout, so that a regression fails instead of hanging the suite.
LOAD_IN_CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))
from tarocchi.core.errors import RecordError
from tarocchi.core.record import load
try:
    load(sys.argv[1])
except RecordError as error:
    print("refused:", error)
else:
    print("loaded")
"""


def load_in_child(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", LOAD_IN_CHILD, str(path)],
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    output = load_in_child(fifo)
    assert output.startswith("refused:") and "FIFO" in output and "regular file" in output, output


def test_running_out_of_memory_while_decoding_is_a_record_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_memory(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError

    path = written(tmp_path, HEADER + "null}")
    monkeypatch.setattr("tarocchi.core.record.json.loads", no_memory)
    assert "memory" in refusal(path)


def test_a_missing_file_and_one_under_a_file_say_cannot_read(tmp_path: Path) -> None:
    assert "cannot read" in refusal(tmp_path / "nowhere.json")
    path = written(tmp_path, HEADER + "null}")
    assert "cannot read" in refusal(path / "inside.json")  # NotADirectoryError, an OSError


def test_a_file_name_with_control_characters_is_shown_escaped(tmp_path: Path) -> None:
    path = written(tmp_path, "[1, 2", name="\x1b]0;pwn\x07.json")
    message = refusal(path)
    assert "\\x1b]0;pwn\\x07.json" in message, message


def test_a_saved_record_still_loads_and_replays(tmp_path: Path) -> None:
    game = get_game("taroinche")
    data = play_match(game, [RandomPlayer() for _ in range(game.players)], seed=3).record()
    path = save(data, tmp_path / "good.json")
    assert load(path) == json.loads(path.read_text(encoding="utf-8"))
    assert replay(load(path)).complete
