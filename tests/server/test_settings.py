"""Every setting of ``tarocchi serve`` is a flag and a ``TAROCCHI_*`` variable, both reach the one
Settings the app is made with, a flag wins over its variable, and docs/server.md lists them all."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from serverproc import answering, free_port, http

from tarocchi.cli.serve import serve
from tarocchi.server.settings import Settings
from tarocchi.server.tables import ARCHIVE_DAYS, UNDO_SECONDS

DOCS = Path(__file__).resolve().parents[2] / "docs" / "server.md"
OPTIONS = [p for p in serve.params if p.name != "help"]


def test_each_setting_is_one_flag_and_one_variable_with_the_settings_default() -> None:
    assert sorted(p.name or "" for p in OPTIONS) == sorted(f.name for f in fields(Settings))
    for option in OPTIONS:
        assert isinstance(option.envvar, str) and option.envvar.startswith("TAROCCHI_"), option.name
        if option.name != "db_url":
            default = option.default
            if option.multiple:  # no default: click's own marker for "none given"
                default = tuple(default) if isinstance(default, list | tuple) else ()
            assert default == getattr(Settings("sqlite://"), option.name or ""), option.name
    assert Settings("sqlite://").undo_seconds == UNDO_SECONDS
    assert Settings("sqlite://").archive_after_days == ARCHIVE_DAYS


def test_docs_list_every_variable_with_its_flag() -> None:
    rows = {
        m.group(2): m.group(1)
        for m in re.finditer(r"^\| `(--[a-z-]+)[^`]*` \| `(TAROCCHI_[A-Z_]+)`", DOCS.read_text(), re.M)
    }
    for option in OPTIONS:
        assert rows.get(str(option.envvar)) in option.opts, f"docs/server.md lacks {option.envvar}"


def _settings_of(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], *flags: str
) -> Settings:
    """What ``tarocchi serve`` with ``env`` and ``flags`` would serve with (uvicorn not run)."""
    import uvicorn

    served: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: served.append(self.config.app))
    # uvicorn's logging set-up (dictConfig) closes every handler there is, the test runner's too
    monkeypatch.setattr(uvicorn.Config, "configure_logging", lambda self: None)
    env = {"TAROCCHI_DB": f"sqlite:///{tmp_path / 'tables.db'}", "TAROCCHI_PORT": str(free_port()), **env}
    done = CliRunner().invoke(serve, list(flags), env=env)
    assert done.exit_code == 0, done.output
    settings: Settings = served[0].state.settings
    return settings


def test_variables_reach_the_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env = {
        "TAROCCHI_HOST": "127.0.0.1",
        "TAROCCHI_UNDO_SECONDS": "0.25",
        "TAROCCHI_ARCHIVE_DAYS": "7.5",
        "TAROCCHI_ACCESS_LOG": "1",
        "TAROCCHI_ALLOW_ORIGIN": "https://a.example https://b.example",
        "TAROCCHI_FORWARDED_ALLOW_IPS": "10.0.0.5",
        "TAROCCHI_TABLES_PER_MINUTE": "2",
        "TAROCCHI_TABLES_PER_MINUTE_ALL": "3",
        "TAROCCHI_OPEN_TABLES_PER_ADDRESS": "4",
        "TAROCCHI_OPEN_TABLES": "5",
        "TAROCCHI_SOCKETS_PER_ADDRESS": "6",
        "TAROCCHI_SOCKETS_PER_TABLE": "7",
        "TAROCCHI_SOCKETS": "8",
    }
    settings = _settings_of(monkeypatch, tmp_path, env)
    assert settings.db_url == f"sqlite:///{tmp_path / 'tables.db'}"
    assert (settings.undo_seconds, settings.archive_after_days, settings.access_log) == (0.25, 7.5, True)
    assert settings.allow_origins == ("https://a.example", "https://b.example")
    assert settings.forwarded_allow_ips == "10.0.0.5"
    limits = (settings.tables_per_minute, settings.tables_per_minute_all, settings.open_tables_per_address)
    assert limits == (2, 3, 4)
    sockets = (
        settings.open_tables,
        settings.sockets_per_address,
        settings.sockets_per_table,
        settings.sockets,
    )
    assert sockets == (5, 6, 7, 8)


def test_a_flag_wins_over_its_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    settings = _settings_of(
        monkeypatch, tmp_path, {"TAROCCHI_ARCHIVE_DAYS": "7", "TAROCCHI_SOCKETS": "8"}, "--archive-days", "2"
    )
    assert (settings.archive_after_days, settings.sockets) == (2.0, 8)


def test_a_bad_variable_is_refused_in_one_line(tmp_path: Path) -> None:
    done = CliRunner().invoke(serve, [], env={"TAROCCHI_SOCKETS": "many", "TAROCCHI_DB": "sqlite://"})
    assert done.exit_code == 2 and "'many' is not a valid integer" in done.output


def test_a_real_server_set_by_variables_alone(tmp_path: Path) -> None:
    """Its port, database and a limit from the environment; the limit counts the address a trusted
    proxy forwards."""
    port = free_port()
    env = {
        **os.environ,
        "TAROCCHI_PORT": str(port),
        "TAROCCHI_DB": f"sqlite:///{tmp_path / 'set-by-env.db'}",
        "TAROCCHI_TABLES_PER_MINUTE": "2",
    }
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "tarocchi"), "serve"], env=env, stderr=subprocess.DEVNULL
    )
    try:
        assert answering(f"http://127.0.0.1:{port}", process), "the server did not start"
        new = {"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
        answers = [http.post(f"http://127.0.0.1:{port}/api/tables", json=new).status_code for _ in range(3)]
        assert answers == [201, 201, 429]
        forwarded = {"x-forwarded-for": "203.0.113.7"}  # from a trusted proxy (loopback by default)
        assert (
            http.post(f"http://127.0.0.1:{port}/api/tables", json=new, headers=forwarded).status_code == 201
        )
        assert (tmp_path / "set-by-env.db").exists()
    finally:
        process.terminate()
        process.wait(timeout=20)
