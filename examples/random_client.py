"""A program at a seat: plays random legal moves at a table of ``tarocchi serve`` until the game ends.

    python examples/random_client.py http://127.0.0.1:8000/table.html?id=TABLE#TOKEN

The link is a seat's secret link from the lobby (or from POST /api/tables). The client speaks the
websocket protocol of docs/protocol.md: ``hello`` with the token, then an ``act`` with the version
it saw whenever its seat is to act. It needs the ``websockets`` package.
"""

from __future__ import annotations

import json
import random
import sys
from urllib.parse import parse_qs, urlsplit

from websockets.sync.client import connect


def play(link: str, rng: random.Random) -> dict[str, object]:
    """Play the seat of ``link`` to the end; the last state the server sent."""
    parts = urlsplit(link)
    table = parse_qs(parts.query)["id"][0]
    token = parts.fragment
    scheme = "wss" if parts.scheme == "https" else "ws"
    with connect(f"{scheme}://{parts.netloc}/ws/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(socket.recv())
            if message["type"] == "error":
                print(f"refused: {message['message']}", file=sys.stderr)
                continue
            if message["type"] != "state":
                continue
            if message["table"]["over"]:
                return dict(message)
            view = message["view"]
            if view["to_act"] == view["seat"] and view["legal_actions"]:
                action = rng.choice(view["legal_actions"])
                socket.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    final = play(sys.argv[1], random.Random())
    table = final["table"]
    assert isinstance(table, dict)
    sheet = final["sheet"]
    assert isinstance(sheet, list)
    print(f"game over: totals {sheet[-1]['totals']}, winners (seats) {table['winners']}")


if __name__ == "__main__":
    main()
