"""A ``TAROCCHI_GAMES`` the registry cannot read, or naming a package it cannot import, stops the
commands that list the games (``games``, ``serve``) with one line and status 2 before anything
starts: no traceback, and the server creates no database. A malformed one stops every command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from serverproc import free_port


@pytest.mark.parametrize(
    ("command", "games"),
    [
        (["games"], "bad"),
        (["games"], "x=no_such_package"),
        (["serve", "--port", "free"], "bad"),
        (["serve", "--port", "free"], "x=no_such_package"),
        (["play", "piedmont"], "bad"),
    ],
)
def test_a_bad_registration_is_one_line(command: list[str], games: str, tmp_path: Path) -> None:
    command = [str(free_port()) if word == "free" else word for word in command]
    done = subprocess.run(
        [sys.executable, "-c", "from tarocchi.cli import main; main()", *command],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=os.environ | {"TAROCCHI_GAMES": games, "XDG_DATA_HOME": str(tmp_path / "data")},
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "TAROCCHI_GAMES" in done.stderr or "no_such_package" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert not (tmp_path / "data").exists()  # the server never reached its database
