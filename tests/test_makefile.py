"""The README's front doors build the fast engine: `make play` and `make serve` compile the hot
modules once before starting, and `make test` whenever a source changed since the build it checked
(read from make's own plan, ``make -n``, in a copy of the Makefile)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


SET_UP = 2e9
"""When the checkout was set up (.venv installed): after its sources were written."""


def plan(
    tmp_path: Path,
    target: str,
    built: bool,
    tested: bool = False,
    edited: bool = False,
    installed: bool = True,
) -> list[str]:
    """The commands `make -n target` would run in a set-up checkout (``installed``; else one whose
    virtualenv holds only the build's tools): compiled before or not, that build checked by `make
    test` or not, a source edited after both or not."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    for source in ("pyproject.toml", "setup.py", "src/tarocchi/core/cards.py"):
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / source).write_text("")
    (tmp_path / ".venv").mkdir()
    stamps = {".build-tools": True, ".installed": installed, ".compiled": built, ".compiled-tested": tested}
    for offset, (stamp, made) in enumerate(stamps.items()):
        if made:
            (tmp_path / ".venv" / stamp).touch()
            os.utime(tmp_path / ".venv" / stamp, (SET_UP + offset, SET_UP + offset))
    if edited:
        os.utime(tmp_path / "src/tarocchi/core/cards.py", (SET_UP + 10, SET_UP + 10))
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools/system-packages").write_text("")
    done = subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout.splitlines()


@pytest.mark.parametrize("target, starts", [("play", "tarocchi play"), ("serve", "tarocchi serve")])
def test_a_first_run_compiles_before_it_starts(tmp_path: Path, target: str, starts: str) -> None:
    lines = plan(tmp_path, target, built=False)
    build = next(i for i, line in enumerate(lines) if "setup.py --quiet build_ext" in line)
    start = next(i for i, line in enumerate(lines) if starts in line)
    assert build < start
    assert any("loading.mode()" in line for line in lines[build:start])  # says what runs compiled


@pytest.mark.parametrize("target", ["play", "serve"])
def test_a_built_checkout_starts_at_once(tmp_path: Path, target: str) -> None:
    """An edit after the build is picked up by the loader (pure, with a warning), not by make."""
    assert not any("build_ext" in line for line in plan(tmp_path, target, built=True))


def test_make_test_builds_a_fresh_checkout_then_runs_the_suite_compiled(tmp_path: Path) -> None:
    lines = plan(tmp_path, "test", built=False)
    build = next(i for i, line in enumerate(lines) if "setup.py --quiet build_ext" in line)
    suite = next(i for i, line in enumerate(lines) if "pytest -n 3 --dist worksteal -q --durations" in line)
    assert build < suite
    assert any("TAROCCHI_PURE=1" in line and line.endswith("tests/golden") for line in lines)


def test_make_test_uses_the_build_it_checked_while_no_source_changed(tmp_path: Path) -> None:
    """The build is checked again before the suite (a deleted or stale module builds again)."""
    lines = plan(tmp_path, "test", built=True, tested=True)
    assert not any("build_ext" in line for line in lines)
    assert any("loading.parts()" in line for line in lines)


@pytest.mark.parametrize("tested", [False, True])
def test_make_test_builds_again_after_an_edit(tmp_path: Path, tested: bool) -> None:
    assert any("build_ext" in line for line in plan(tmp_path, "test", built=True, tested=tested, edited=True))


def test_make_tests_build_needs_only_the_build_tools(tmp_path: Path) -> None:
    """The build starts once the virtualenv holds what it needs, beside pip installing the rest:
    the package's own install is no step of it (it is one of make test's)."""
    build, whole = tmp_path / "build", tmp_path / "whole"
    build.mkdir()
    whole.mkdir()
    lines = plan(build, "test-build", built=False, installed=False)
    assert any("build_ext" in line for line in lines)
    assert not any("pip install" in line for line in lines)
    lines = plan(whole, "test", built=False, installed=False)
    assert any("pip install" in line and '-e ".[dev]"' in line for line in lines)
