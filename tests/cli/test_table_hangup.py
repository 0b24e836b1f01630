"""A table whose window is closed loses nothing but the action being typed: the record is saved
after every action, and ``tarocchi play --resume`` with no file finds the latest unfinished game
and offers the same decision with the same hand. Run for real: ``tarocchi play`` in a
pseudo-terminal, hung up with SIGHUP. The deal comes from notation (conftest)."""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from ptyscreen import table

from tarocchi.core.record import load, replay

COLOURS = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|[\x01\x02\r]")


def plain(shown: bytes) -> str:
    return COLOURS.sub(b"", shown).decode()


def decision(shown: str) -> str:
    """The last decision a screen offers: the lines from the last hand shown to its prompt."""
    return shown[shown.rindex("Your hand") :].strip()


def test_a_hangup_mid_hand_loses_nothing_and_resume_offers_the_same_decision(
    tmp_path: Path, write_deals: Callable[[int], Path]
) -> None:
    deals = write_deals(4)
    first, screen = table(["play", "piedmont", "--deals", str(deals), "--seed", "3"], tmp_path)
    try:
        screen.until(b"South> ")
        os.write(screen.fd, b"discard 2E 3E\r")
        screen.until(b"South> ")
        os.write(screen.fd, b"5E 4E\r")
        before = plain(screen.until(b"South> "))
        first.send_signal(signal.SIGHUP)
        assert first.wait(timeout=60) == -signal.SIGHUP  # no handler: the process just dies
    finally:
        os.close(screen.fd)
    (record,) = (tmp_path / "records").glob("*.json")
    saved = load(record)
    actions = saved["hands"][0]["actions"]
    assert actions[:4] == [[0, "discard 2E"], [0, "discard 3E"], [0, "discard 5E"], [0, "discard 4E"]]
    assert replay(saved).complete is False
    assert not [p for p in record.parent.iterdir() if p != record]  # no temporary file left behind

    (tmp_path / "records" / "other.json").write_text(json.dumps({"no": "record"}), encoding="utf-8")
    second, screen = table(["play", "--resume"], tmp_path)
    try:
        after = plain(screen.until(b"South> "))
        os.write(screen.fd, b"quit\r")
        screen.until(b"[y/N]")
        os.write(screen.fd, b"y\r")
        screen.until(b"Resume it with")
    finally:
        os.close(screen.fd)
        second.wait(timeout=60)
    assert "the latest unfinished game, resumed from" in after
    assert f"\nrecords/{record.name}\n" in after  # the path whole on its own line (100 columns)
    assert "in hand 1 of 4" in after
    assert decision(after) == decision(before)
    assert load(record)["hands"][0]["actions"] == actions


def test_resume_without_a_file_says_so_when_no_game_is_unfinished(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, invoke: Callable[..., Result]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "--resume")
    assert result.exit_code == 1
    assert "no unfinished game in records/" in result.output
