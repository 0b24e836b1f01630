"""The README's front doors build the fast engine: `make play` and `make serve` compile the hot
modules once before starting (read from make's own plan, ``make -n``, in a copy of the Makefile)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def plan(tmp_path: Path, target: str, built: bool) -> list[str]:
    """The commands `make -n target` would run in a set-up checkout, compiled before or not."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / ".venv").mkdir()
    stamp = tmp_path / ".venv" / ".installed"
    stamp.touch()
    os.utime(stamp, (2e9, 2e9))  # newer than pyproject.toml: set up
    if built:
        (tmp_path / ".venv" / ".compiled").touch()
        os.utime(tmp_path / ".venv" / ".compiled", (2e9 + 1, 2e9 + 1))
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
