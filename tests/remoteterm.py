"""The terminal at a server's seat, for tests: ``Terminal`` runs ``tarocchi play`` as a process and
reads what it prints; ``new_table`` makes a table with one invited seat; ``Watcher`` follows what a
seat may do, from the server; ``Socket`` is a person's or a program's connection at a table, waiting
for the message it wants. Every wait is bounded."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from serverproc import Server, http
from websockets.sync.client import connect

from tarocchi.core.registry import get_game

TAROCCHI = str(Path(sys.executable).parent / "tarocchi")
WAIT = 60.0
"""Seconds a socket waits for the message it wants, under load."""


class Terminal:
    """``tarocchi play ...`` as a process, its output gathered by a thread."""

    def __init__(self, *arguments: str) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "160", "TERM": "dumb"}
        self.process = subprocess.Popen(
            [TAROCCHI, "play", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.output = ""
        self.lock = threading.Lock()
        threading.Thread(target=self._gather, daemon=True).start()

    def _gather(self) -> None:
        assert self.process.stdout is not None
        while chunk := os.read(self.process.stdout.fileno(), 4096):
            with self.lock:
                self.output += chunk.decode("utf-8", "replace")

    def text(self) -> str:
        with self.lock:
            return self.output

    def wait_for(self, words: str, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while words not in self.text():
            if time.monotonic() > deadline or (self.process.poll() is not None and words not in self.text()):
                raise AssertionError(
                    f"no {words!r} within {seconds} s; the terminal said:\n{self.text()[-3000:]}"
                )
            time.sleep(0.05)

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def ended(self, seconds: float = 20) -> int:
        try:
            return self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError(f"the terminal did not end; it said:\n{self.text()[-3000:]}") from None


def new_table(server: Server, game: str) -> tuple[str, str, str]:
    """A table of ``game``: seat 0 invited, the others easy computer players; (id, token, link)."""
    seats = ["invite"] + ["easy"] * (get_game(game).players - 1)
    answer = http.post(f"{server.base}/api/tables", json={"game": game, "seats": seats})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    seat = created["seats"][0]
    return created["id"], seat["token"], f"{server.base}{seat['link']}"


class Watcher:
    """The test's own connection at the seat: what the seat may do now, from the server."""

    def __init__(self, server: Server, table: str, token: str) -> None:
        self.opened = contextlib.ExitStack()
        self.socket = self.opened.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10)
        )
        self.socket.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict[str, Any] = {}

    def latest(self) -> dict[str, Any]:
        """The newest state the server sent (reading what arrived, waiting briefly for more)."""
        while True:
            try:
                message = json.loads(self.socket.recv(timeout=0.3 if self.state else 10))
            except TimeoutError:
                return self.state
            if message["type"] == "state":
                self.state = message


class Socket:
    """A websocket at the table (a seat's by token, or a player's by key), its latest state kept."""

    def __init__(self, server: Server, table: str, hello: dict[str, str]) -> None:
        self.opened = contextlib.ExitStack()
        self.socket = self.opened.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=10)
        )
        self.send({"type": "hello", **hello})
        self.state: dict[str, Any] = {}

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def until(self, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        """The first message ``wanted`` takes, within WAIT seconds."""
        deadline = time.monotonic() + WAIT
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"no {what} within {WAIT} s; the last state: {self.state.get('table')}"
            try:
                message = json.loads(self.socket.recv(timeout=left))
            except TimeoutError:
                continue
            if message["type"] == "state":
                self.state = message
            if wanted(message):
                return message  # type: ignore[no-any-return]

    def close(self) -> None:
        self.opened.close()
