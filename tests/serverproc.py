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
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``tarocchi serve`` as a user starts it, on a port and database of the test's."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    str(Path(sys.executable).parent / "tarocchi"),
                    "serve",
                    "--port",
                    str(self.port),
                    "--db",
                    self.db_url,
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=20)


def create(client: TestClient, game: str, seats: list[str], **options: str) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, "options": options})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


class Seat:
    """One websocket at a table, keeping every message it received."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []

    def send(self, message: object) -> None:
        self.socket.send_text(message if isinstance(message, str) else json.dumps(message))

    def next(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.receive_text())
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
