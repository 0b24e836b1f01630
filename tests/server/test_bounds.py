"""What is bounded before it is parsed or read: a message's nesting depth (a clean ``json`` error,
the socket still usable), a message's size (a ``size`` error, then close 1009), a path's length
(414 at once, websocket handshake included) and a request body (413 before it is read). The
size, path and body checks against a real ``tarocchi serve``, where uvicorn reads them."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator

import pytest
import websockets
from eventloop import run
from fastapi.testclient import TestClient
from serverproc import Seat, Server, create, http, serving
from starlette.websockets import WebSocketDisconnect

from tarocchi.server.app import MAX_MESSAGE
from tarocchi.server.frames import MAX_DEPTH
from tarocchi.server.guards import DEEP_STRIKES, MAX_BODY, MAX_PATH


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("bounds")) as running:
        yield running


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3000, 5000])
def test_a_deeply_nested_message_is_refused_cleanly_and_the_socket_stays(
    client: TestClient, depth: int
) -> None:
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        for text in ("[" * depth + "]" * depth, '{"type": "ping", "x": ' + "[" * depth + "]" * depth + "}"):
            seat.send(text)
            error = seat.error()
            assert error["code"] == "json" and f"at most {MAX_DEPTH} levels" in error["message"]
        seat.send({"type": "ping"})
        assert seat.next() == {"type": "pong"}


def test_a_message_as_deep_as_allowed_is_parsed(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send('{"type": "ping", "x": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}")
        assert "unknown field 'x'" in seat.error()["message"]  # parsed, and refused for its field


def test_a_flood_of_deep_messages_closes_the_socket(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        for _ in range(DEEP_STRIKES):
            seat.send("[" * 100)
            assert seat.error()["code"] == "json"
        with pytest.raises(WebSocketDisconnect) as closed:
            seat.next()
    assert closed.value.code == 1008


def test_brackets_inside_strings_do_not_count(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": "[" * 100 + '\\"' + "{" * 50})
        seat.next_state()  # a token that opens no seat watches as a spectator, and is told so
        assert seat.error()["code"] == "token"


def _created(server: Server) -> str:
    answer = http.post(
        f"{server.base}/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    )
    assert answer.status_code == 201, answer.text
    table_id: str = answer.json()["id"]
    return table_id


@pytest.mark.parametrize("size", [MAX_MESSAGE + 1, 10 * MAX_MESSAGE])
def test_a_message_over_the_size_limit_is_told_size_then_closed_1009(server: Server, size: int) -> None:
    table = _created(server)

    async def send_large() -> tuple[dict[str, str], int | None]:
        async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws/{table}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": "x" * size}))
            error = json.loads(await asyncio.wait_for(ws.recv(), 5))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(ws.recv(), 5)
            return error, closed.value.rcvd.code if closed.value.rcvd else None

    error, code = run(send_large())
    assert error == {
        "type": "error",
        "code": "size",
        "message": f"a message may be at most {MAX_MESSAGE} bytes",
    }
    assert code == 1009


AT_ONCE = 4.0
"""Seconds within which a refusal counts as answered at once: well under the server's 5 s wait on
a quiet connection (a server waiting for what never comes answers that late, or never), with room
for a machine busy with other tests."""


def _first_answer(server: Server, request: bytes) -> tuple[bytes, float]:
    """What the server answers to ``request`` sent raw, up to its closing the connection, and how
    long its first word took."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as raw:
        started = time.monotonic()
        raw.sendall(request)
        answer = raw.recv(65536)
        took = time.monotonic() - started
        while more := raw.recv(65536):
            answer += more
        return answer, took


def _handshake(path: str, *headers: str) -> bytes:
    """A websocket handshake's request for ``path``, raw."""
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *headers, "Upgrade: websocket", "Connection: Upgrade"]
    lines += ["Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13", "", ""]
    return "\r\n".join(lines).encode()


@pytest.mark.parametrize("length", [MAX_PATH + 1, 9000, 70000])
def test_a_websocket_handshake_with_an_overlong_path_is_answered_at_once(server: Server, length: int) -> None:
    path = "/ws/abc?" + "t" * length
    answer, took = _first_answer(server, _handshake(path))
    assert answer.split(b"\r\n")[0].startswith(b"HTTP/1.1 414 ")
    assert took < AT_ONCE


def test_an_overlong_http_path_is_answered_414(server: Server) -> None:
    answer = http.get(f"{server.base}/api/tables/{'x' * (MAX_PATH + 10)}")
    assert answer.status_code == 414 and "at most" in answer.json()["detail"]


def test_a_large_body_is_refused_413_before_it_is_read(server: Server) -> None:
    head = (
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 20000000\r\n\r\n{"
    )
    answer, took = _first_answer(server, head)  # 1 byte of the 20 MB sent: the answer comes anyway
    assert answer.startswith(b"HTTP/1.1 413 ") and took < AT_ONCE
    assert f"at most {MAX_BODY} bytes".encode() in answer


def test_a_large_body_without_a_length_is_refused_413(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"], "x": "'
        for _ in range(64):
            yield b"y" * 4096
        yield b'"}'

    answer = http.post(
        f"{server.base}/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413


def test_an_ordinary_body_is_still_read(server: Server) -> None:
    assert _created(server)


def test_a_handshake_from_another_origin_is_answered_403_and_logged_without_error(server: Server) -> None:
    answer, took = _first_answer(server, _handshake("/ws/abc", "Origin: http://evil.example"))
    assert answer.startswith(b"HTTP/1.1 403 ") and b"another origin" in answer and took < AT_ONCE
    time.sleep(0.2)
    assert "ERROR" not in server.log.read_text()
