"""What keeps ``tarocchi serve`` from starting is said in one line on standard error, with a
non-zero exit: a bad database URL, a database that does not answer, a database of a newer schema
than this version knows, a port in use. Each with a real process."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from serverproc import free_port

from tarocchi.server.store import migrate


def serve(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "tarocchi"), "serve", "--port", str(free_port()), *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The only line the failed start printed (alembic's migration notes aside)."""
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if "alembic.runtime.migration" not in line]
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    return lines[0]


@pytest.mark.parametrize(
    "url",
    ["postgresql://tarocchi@localhost:notaport/db", "sqlite:relative.db", "mysql://root@localhost/tables"],
)
def test_a_bad_database_url(url: str) -> None:
    line = one_line(serve("--db", url))
    assert line.startswith("Error: --db '") and "is no database URL" in line


def test_an_unreachable_database() -> None:
    port = free_port()
    line = one_line(serve("--db", f"postgresql://tarocchi:PASSWORD@127.0.0.1:{port}/tables"))
    assert line.startswith(f"Error: cannot open the database postgresql://tarocchi@127.0.0.1:{port}/tables: ")
    assert "refused" in line.lower() and "PASSWORD" not in line


def test_an_sqlite_file_in_no_folder() -> None:
    line = one_line(serve("--db", "sqlite:////nonexistent/folder/tables.db"))
    assert line.startswith("Error: cannot open the database sqlite:////nonexistent/folder/tables.db")


def test_a_database_of_a_newer_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    migrate(url)
    with sqlite3.connect(tmp_path / "tables.db") as db:
        db.execute("UPDATE alembic_version SET version_num = '9001'")
    line = one_line(serve("--db", url))
    assert "has schema revision 9001, newer than this tarocchi knows" in line and "upgrade tarocchi" in line


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [str(Path(sys.executable).parent / "tarocchi"), "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "TAROCCHI_DB": f"sqlite:///{tmp_path / 'tables.db'}"},
        )
    line = one_line(done)
    assert line == f"Error: cannot listen on 127.0.0.1:{port}: address already in use"


@pytest.mark.parametrize("origin", ["tables.example.org", "https://tables.example.org/lobby", "*"])
def test_an_allowed_origin_that_is_no_origin(origin: str) -> None:
    line = one_line(serve("--db", "sqlite://", "--allow-origin", origin))
    assert line.startswith(f"Error: --allow-origin '{origin}' is no origin")
