"""A real server's log holds no client address, path or query string (a token may be in one)
unless ``--access-log`` is given; with it, they are there (so the test can see them)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import websockets
from eventloop import run
from serverproc import http, serving

SECRET = "SECRETtoken0123456789abcdefghijklmnopqrstuvwx"


def _visit(port: int) -> None:
    """A lobby's visit with a token in query strings: the tables list and a websocket."""
    base = f"http://127.0.0.1:{port}"
    created = http.post(
        f"{base}/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    )
    table = created.json()["id"]
    assert http.get(f"{base}/api/tables", params={"token": SECRET}).status_code == 200

    async def connect() -> None:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}?token={SECRET}") as ws:
            await ws.send('{"type": "ping"}')
            assert await asyncio.wait_for(ws.recv(), 30) == '{"type":"pong"}'
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/nosuch?token={SECRET}") as ws:
            await asyncio.wait_for(ws.recv(), 30)

    run(connect())


def _log_of_a_visit(tmp_path: Path, *flags: str) -> str:
    """Start ``tarocchi serve`` with ``flags``, visit it, stop it: what it wrote."""
    with serving(tmp_path, flags=flags) as server:
        _visit(server.port)
    return server.log.read_text()


def test_no_address_path_or_query_is_logged_by_default(tmp_path: Path) -> None:
    log = _log_of_a_visit(tmp_path)
    assert "tarocchi server ready" in log
    assert SECRET not in log
    assert "127.0.0.1:" not in log.replace("http://127.0.0.1:", "")
    assert "WebSocket /ws" not in log and "connection open" not in log and "GET /" not in log


def test_the_access_log_is_there_when_asked_for(tmp_path: Path) -> None:
    log = _log_of_a_visit(tmp_path, "--access-log")
    assert "WebSocket /ws/" in log and SECRET in log
    assert '"GET /api/tables?token=' in log
