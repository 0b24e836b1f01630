"""The engine loads compiled only when asked and up to date: TAROCCHI_PURE=1, or a compiled
module older than its source, means every module from its .py (tarocchi.loading)."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tarocchi import loading

SRC = Path(loading.__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def mode_in_subprocess(**env: str) -> str:
    code = "import tarocchi, tarocchi.loading as l; print(l.mode())"
    environ = {**os.environ, "PYTHONPATH": str(SRC), **env}
    done = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_tarocchi_pure_loads_every_module_from_its_source() -> None:
    assert mode_in_subprocess(TAROCCHI_PURE="1") == "pure Python"


def test_the_mode_names_each_part_as_it_runs() -> None:
    """Every part the build makes is named, compiled or pure as its module was loaded."""
    code = "import tarocchi.loading as l, json; print(json.dumps(l.parts()))"
    environ = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, check=True
    )
    found = json.loads(done.stdout)
    assert set(found) == {*loading.PARTS, "rows"}
    said = mode_in_subprocess()
    fast = [part for part, state in found.items() if state]
    slow = [part for part, state in found.items() if state is False]
    if not fast:
        assert said == "pure Python"
    else:
        assert said.startswith("compiled (mypyc): " + ", ".join(fast))
        assert all(part in said.partition("pure Python: ")[2] for part in slow)


def test_the_parts_are_built_together() -> None:
    """setup.py builds all or none (numpy present here, as in every dev environment): a mode
    naming the engine compiled names the kernels, the research fast path and the rows too."""
    found = loading.parts()
    assert None not in found.values()
    assert len(set(found.values())) == 1, found


@pytest.mark.parametrize("leaf, language", [("cards", ".py"), ("_rows", ".c")])
def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path, leaf: str, language: str) -> None:
    """A mypyc module against its ``.py``, the C builder against its ``.c``."""
    (tmp_path / "core").mkdir()
    source, extension = tmp_path / "core" / f"{leaf}{language}", tmp_path / "core" / f"{leaf}{SUFFIX}"
    source.write_text("")
    extension.write_bytes(b"")
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (1_000_000 + loading.SLACK + 1, 1_000_000 + loading.SLACK + 1))
    assert loading.stale_extensions(tmp_path) == [f"core/{leaf}{language}"]


def test_a_source_written_with_its_extension_is_not_stale(tmp_path: Path) -> None:
    source, extension = tmp_path / "tricks.py", tmp_path / f"tricks{SUFFIX}"
    source.write_text("")
    extension.write_bytes(b"")
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (1_000_000 + loading.SLACK - 1, 1_000_000 + loading.SLACK - 1))
    assert loading.stale_extensions(tmp_path) == []


def test_the_shared_library_without_a_source_is_never_stale(tmp_path: Path) -> None:
    (tmp_path / f"tarocchi__mypyc{SUFFIX}").write_bytes(b"")
    assert loading.stale_extensions(tmp_path) == []
