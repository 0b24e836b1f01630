"""The checks in front of the app (an ASGI middleware): what every request and websocket passes
before a route sees it.

HTTP: a path over MAX_PATH is answered 414 and a body over MAX_BODY 413, before either is read;
table creation is limited per client address and in all (429 with Retry-After); every answer
gets the security headers. Websockets: a page of another origin is refused at the handshake (403);
connections past the limits get a ``busy`` error and close 1013; a message nested too deeply is
refused with a ``json`` error before it is parsed, and the socket stays open (the third such
message closes it).
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tarocchi.server.frames import too_deep
from tarocchi.server.headers import security_headers
from tarocchi.server.limits import SocketLimits, TableLimits
from tarocchi.server.messages import Error
from tarocchi.server.settings import Settings

log = logging.getLogger("tarocchi.server")

MAX_PATH = 8000
"""The longest path with its query string (bytes) answered; a seat's link is under 100."""
MAX_BODY = 64 * 1024
"""The largest request body read (bytes); a table's creation is a few hundred."""
DEEP_STRIKES = 3
"""Messages refused for their nesting after which a connection is closed (1008): they are refused
before the app's rate limit sees them."""
BUSY = 1013
"""The close code of a websocket past the connection limits (RFC 6455: try again later)."""


def address(scope: Scope) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def same_origin(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a page of ``origin`` may open a websocket on the server reached as ``host``."""
    origin = origin.strip().rstrip("/").lower()
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == host.strip().lower()


class Guards:
    """The middleware; ``settings`` give the limits and the allowed origins."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings
        self.origins = tuple(o.strip().rstrip("/").lower() for o in settings.allow_origins)
        self.tables = TableLimits(settings)
        self.sockets = SocketLimits(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        extra = security_headers(scope["path"], headers.get("host", ""))
        started = False

        async def guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        send_guarded: Send = guarded

        async def answer(status: int, detail: str, retry_after: int | None = None) -> None:
            more = {"connection": "close"} if status == 413 else {}
            if retry_after is not None:
                more["retry-after"] = str(retry_after)
            await JSONResponse({"detail": detail}, status, more)(scope, receive, send_guarded)

        if len(scope.get("raw_path", b"")) + len(scope["query_string"]) > MAX_PATH:
            await answer(414, f"the path is too long: at most {MAX_PATH} bytes with its query string")
            return
        length = headers.get("content-length", "0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await answer(413, f"a request body may be at most {MAX_BODY} bytes")
            return
        if scope["method"] == "POST" and scope["path"] == "/api/tables":
            refused = self.tables.refusal(address(scope), scope["app"].state.tables.live, time.monotonic())
            if refused is not None:
                await answer(429, refused.reason, refused.retry_after)
                return
            send_guarded = self._counting(scope, send_guarded)
        read = 0
        too_large = False

        async def receive_guarded() -> Message:
            nonlocal read, too_large
            message = await receive()
            read += len(message.get("body", b""))
            if read > MAX_BODY and not too_large:
                too_large = True
                if not started:
                    await answer(413, f"a request body may be at most {MAX_BODY} bytes")
                return {"type": "http.disconnect"}
            return message

        async def send_unless_refused(message: Message) -> None:
            if not too_large:
                await send_guarded(message)

        await self.app(scope, receive_guarded, send_unless_refused)

    def _counting(self, scope: Scope, send: Send) -> Send:
        """``send`` that counts the table a 201 answer created against the client's address."""
        status = 0

        async def send_counted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            elif message["type"] == "http.response.body" and status == 201:
                try:
                    table_id = json.loads(message.get("body", b"")).get("id")
                except (ValueError, AttributeError):
                    table_id = None
                self.tables.add(address(scope), table_id, time.monotonic())
            await send(message)

        return send_counted

    async def websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, headers.get("host", ""), self.origins):
            log.warning(
                "websocket refused: a page of origin %s is not allowed (--allow-origin)", origin[:100]
            )
            await _deny(scope, send, 403, "a page of another origin may not open this server's websocket")
            return
        if len(scope.get("raw_path", b"")) + len(scope["query_string"]) > MAX_PATH:
            await _deny(
                scope, send, 414, f"the path is too long: at most {MAX_PATH} bytes with its query string"
            )
            return
        client = address(scope)
        table_id = scope["path"].removeprefix("/ws/")[:32]
        refused = self.sockets.enter(client, table_id)
        if refused is not None:
            await send({"type": "websocket.accept"})
            await _error(send, "busy", refused)
            await send({"type": "websocket.close", "code": BUSY})
            return

        strikes = 0

        async def receive_guarded() -> Message:
            nonlocal strikes
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return message
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
                why = too_deep(text)
                if why is None:
                    return message
                await _error(send, "json", why)
                strikes += 1
                if strikes >= DEEP_STRIKES:  # no client means it: a flood the rate limit would not see
                    await send({"type": "websocket.close", "code": 1008})
                    return {"type": "websocket.disconnect", "code": 1008}

        try:
            await self.app(scope, receive_guarded, send)
        finally:
            self.sockets.leave(client, table_id)


async def _error(send: Send, code: str, message: str) -> None:
    text: Any = Error(code=code, message=message).model_dump_json()
    await send({"type": "websocket.send", "text": text})


async def _deny(scope: Scope, send: Send, status: int, detail: str) -> None:
    """Refuse a websocket handshake with an HTTP answer (a 403 where the server cannot say more)."""
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 1008})
        return
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body})
