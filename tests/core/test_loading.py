"""The engine loads compiled only when asked and up to date: TAROCCHI_PURE=1, or a compiled
module older than its source, means every module from its .py (tarocchi.loading)."""

from __future__ import annotations

import importlib.machinery
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


def test_the_mode_names_one_of_the_two_engines() -> None:
    assert mode_in_subprocess() in ("pure Python", "compiled (mypyc)")


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
