"""The table server for tests: a real ``tarocchi serve`` process as a user starts it, and a seat's
websocket on the app (``Seat``) keeping every message it received."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
from fastapi.testclient import TestClient

http = httpx.Client()
"""The tests' one HTTP client for the servers they start: making a client costs some 50 ms of CPU
(its TLS context, which requests to http://127.0.0.1 never use), and a server's start alone is
asked whether it answers every tenth of a second."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def answering(base: str, process: subprocess.Popen[bytes], seconds: float = 120) -> bool:
    """Whether the server ``process`` started answers at ``base`` within ``seconds`` (its imports
    alone take half a minute on a loaded machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if http.get(f"{base}/api/games", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    return False


class Server:
    """``tarocchi serve`` as a user starts it, on a port and database of the test's, with the
    test's environment and ``env`` on top of it (a ``TAROCCHI_*`` setting) and ``flags`` after
    its own."""

    def __init__(
        self,
        db_url: str,
        log: Path,
        undo_seconds: float = 0.0,
        env: Mapping[str, str] | None = None,
        flags: Sequence[str] = (),
    ) -> None:
        """``undo_seconds`` 0 by default: computer players act at once, so tests of whole hands
        do not wait for an undo window after each of the person's moves."""
        self.db_url = db_url
        self.undo_seconds = undo_seconds
        self.env = dict(env or {})
        self.flags = list(flags)
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [str(Path(sys.executable).parent / "tarocchi"), "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, "--undo-seconds", str(self.undo_seconds), *self.flags]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **self.env}
            )
        if not answering(self.base, self.process):
            self.stop()
            raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def alone_with_computers(self, game: str, **options: str) -> str:
        """The link of seat 0 at a new table of ``game`` where every other seat is an easy
        computer player: a person alone with computer players."""
        from tarocchi.core.registry import get_game

        others = ["easy"] * (get_game(game, options).players - 1)
        answer = http.post(
            f"{self.base}/api/tables", json={"game": game, "options": options, "seats": ["invite", *others]}
        )
        assert answer.status_code == 201, answer.text
        return f"{self.base}{answer.json()['seats'][0]['link']}"

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
                log = self.log.read_text()[-2000:]
                raise AssertionError(f"the server did not stop in 20 s: {log}") from None


@contextmanager
def serving(
    folder: Path,
    db_url: str | None = None,
    undo_seconds: float = 0.0,
    env: Mapping[str, str] | None = None,
    flags: Sequence[str] = (),
) -> Iterator[Server]:
    """A started :class:`Server`, stopped when the block ends: on ``db_url``, else an SQLite file
    in ``folder``, where its log is kept too (``server.log``)."""
    running = Server(
        db_url or f"sqlite:///{folder / 'tables.db'}", folder / "server.log", undo_seconds, env, flags
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()


def create(client: TestClient, game: str, seats: list[str], **options: str) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _brief(state: dict[str, Any]) -> dict[str, Any]:
    """What a failed wait says of a state: where the table stood."""
    view, table = state.get("view", {}), state.get("table", {})
    keep = ("hand_number", "phase", "to_act", "legal_actions")
    return {
        "version": state.get("version"),
        "waiting": table.get("waiting"),
        **{k: view.get(k) for k in keep},
    }


WAIT = 60.0
"""Seconds a seat waits for the server's next message before the test fails (never hangs)."""


class Seat:
    """One websocket at a table, keeping every message it received. Each wait is bounded: the
    socket is read by one helper thread, so that a message that never comes fails the test with
    what came before it."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []
        self.reader = ThreadPoolExecutor(max_workers=1)

    def send(self, message: object) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def next(self, seconds: float = WAIT) -> dict[str, Any]:
        waiting = self.reader.submit(self.socket.receive_text)
        try:
            text = waiting.result(timeout=seconds)
        except FuturesTimeout:
            self.reader.shutdown(wait=False)  # its thread ends when the test's client closes
            last = [m if m.get("type") != "state" else _brief(m) for m in self.received[-5:]]
            raise AssertionError(
                f"no message from the server in {seconds} s (the last ones: {last})"
            ) from None
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        return message

    def next_state(self) -> dict[str, Any]:
        while True:
            message = self.next()
            if message["type"] == "state":
                return message

    def error(self) -> dict[str, Any]:
        message = self.next()
        assert message["type"] == "error", message
        return message


class Postgres:
    """A throwaway PostgreSQL server from Debian's packages: initdb in a temporary folder, listening
    on loopback only, stopped at the end. As root it runs as the ``postgres`` user (PostgreSQL
    refuses to run as root). Missing PostgreSQL is an error, never a skip: make test installs it."""

    def __init__(self, folder: Path) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        if not found:
            raise RuntimeError(
                "PostgreSQL is not installed: apt-get install postgresql (make test installs it where it can)"
            )
        self.bin = found[-1].parent
        self.folder = folder
        self.port = free_port()
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            os.chown(folder, _uid("postgres"), -1)

    def run(self, *command: str) -> None:
        subprocess.run([*self.as_user, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        data = self.folder / "data"
        self.run(str(self.bin / "initdb"), "-D", str(data), "-A", "trust", "-U", "tarocchi", "--no-sync")
        self.resume()

    def resume(self) -> None:
        """Start the server (again) on its data folder, on its port."""
        data = self.folder / "data"
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self.run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(self.folder / "log"),
            "-w",
            "start",
        )

    def database(self, name: str) -> str:
        """A new, empty database; its URL."""
        self.run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "tarocchi", name)
        return f"postgresql://tarocchi@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop")


def _uid(user: str) -> int:
    import pwd

    return pwd.getpwnam(user).pw_uid
