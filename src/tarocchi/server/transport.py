"""uvicorn's websocket protocol, amended where it fails a client, and its log kept free of
addresses and query strings.

- A handshake the parser refuses (a request line over 8 KiB: 414; headers too large: 431): uvicorn
  leaves the refusal in the parser's buffer and the socket open; here it is written and the
  socket closed.
- A message over the size limit: uvicorn closes with 1009 and no word; here a ``size`` error
  frame comes first.
- A handshake refused with an HTTP answer (the Origin check's 403): uvicorn logs it as an error,
  as if the app had never answered; here it is not.
- uvicorn logs each websocket's address, path and query string (where a token may be), and the
  websocket library "connection open/closed": dropped unless ``--access-log`` asks for them.
"""

from __future__ import annotations

import logging
import sys

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CloseCode, Frame, Opcode

from tarocchi.server.app import MAX_MESSAGE
from tarocchi.server.messages import Error

ACCESS_LINES = (
    '%s - "WebSocket %s" [accepted]',
    '%s - "WebSocket %s" 403',
    '%s - "WebSocket %s" %d',
    "connection open",
    "connection closed",
)
"""uvicorn's websocket access lines (client address, path and query string) and the websocket
library's per-connection lines, by their format."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol that answers a refused handshake and explains a 1009."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if not self.handshake_initiated and self.conn.handshake_exc is not None and not self.close_sent:
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            self.transport.close()

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body", False):
            self.handshake_complete = True  # answered: uvicorn would log it as never completed

    def handle_parser_exception(self) -> None:
        closing = self.conn.close_sent
        if closing is not None and closing.code == CloseCode.MESSAGE_TOO_BIG:
            error = Error(code="size", message=f"a message may be at most {MAX_MESSAGE} bytes")
            frame = Frame(Opcode.TEXT, error.model_dump_json().encode())
            self.transport.write(frame.serialize(mask=False))
        super().handle_parser_exception()


class NoAccessLines(logging.Filter):
    """Drops the access lines (ACCESS_LINES) from uvicorn's error log."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg not in ACCESS_LINES


def quiet(access_log: bool) -> None:
    """Keep addresses, paths and query strings out of the log unless ``access_log``; when asked
    for, the access lines go to standard error with the rest of the log (uvicorn's go to stdout)."""
    for handler in logging.getLogger("uvicorn.access").handlers:
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(sys.stderr)
    logger = logging.getLogger("uvicorn.error")
    for old in [f for f in logger.filters if isinstance(f, NoAccessLines)]:
        logger.removeFilter(old)
    if not access_log:
        logger.addFilter(NoAccessLines())
