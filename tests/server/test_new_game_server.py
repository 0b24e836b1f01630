"""Trio (``tests/fixture_game``) at a real ``tarocchi serve``, with nothing of the server written
for it: the operator names the game's package in ``TAROCCHI_GAMES``, and the server lists it,
deals it, lets a person play it through the websocket against a hard and a medium computer
player, scores it and replays the finished game."""

from __future__ import annotations

import json
import random
from typing import Any

from serverproc import Server, http
from websockets.sync.client import connect


def test_a_person_plays_a_whole_game_of_a_new_game_against_computer_players(trio_server: Server) -> None:
    games = {game["id"]: game for game in http.get(f"{trio_server.base}/api/games").json()}
    assert games["trio"]["players"] == 3 and games["trio"]["seat_names"] == ["South", "West", "East"]
    assert games["trio"]["levels"] == ["easy", "medium", "hard"]
    assert any(deck["name"] == "trio15" for deck in http.get(f"{trio_server.base}/api/decks").json())
    created = http.post(
        f"{trio_server.base}/api/tables", json={"game": "trio", "seats": ["invite", "hard", "medium"]}
    )
    assert created.status_code == 201, created.text
    table, token = created.json()["id"], created.json()["seats"][0]["token"]
    rng = random.Random(3)  # which legal action the person picks; the deal is the server's secret
    acted = 0
    with connect(f"ws://127.0.0.1:{trio_server.port}/ws/{table}", open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        refused = False
        refusals: list[str] = []
        while True:
            message: dict[str, Any] = json.loads(socket.recv(timeout=60))
            if message["type"] == "error":
                refusals.append(message["message"])
                continue
            if message["type"] != "state":
                continue
            if message["table"]["over"]:
                break
            view = message["view"]
            if view["to_act"] != 0:
                continue
            assert view["hand_sizes"][0] == len(view["hand"].split())
            if not refused and view["phase"] == "play":  # a card not held: refused, nothing changes
                missing = next(c for c in ("KC", "QC", "KS", "T6", "FOOL") if c not in view["hand"].split())
                socket.send(json.dumps({"type": "act", "action": missing, "version": message["version"]}))
                refused = True
            action = rng.choice(view["legal_actions"])
            socket.send(json.dumps({"type": "act", "action": action, "version": message["version"]}))
            acted += 1
    assert refused and acted >= 5
    assert len(refusals) == 1 and refusals[0].endswith("is not in your hand"), refusals
    sheets = message["sheet"]
    assert len(sheets) == 3 and all(sum(sheet["scores"]) == 0 for sheet in sheets)
    assert sum(sheets[-1]["totals"]) == 0
    replay = http.get(f"{trio_server.base}/api/tables/{table}/replay")
    assert replay.status_code == 200, replay.text
    assert "trio" in replay.text
