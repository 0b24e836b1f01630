"""Every message on every socket is exactly what its seat may know at that moment.

Full hands of every game and option with every seat a connected person: each message a seat
received is compared with the engine's own view of that seat at that version (the engine's views
are held to secrecy by the conformance suite's swap test), and no message anywhere carries a
seed or a token."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from test_play import VARIANTS

from tarocchi.core.match import Match
from tarocchi.core.registry import get_game
from tarocchi.server.store import Store
from tarocchi.web.present import presentation


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


@pytest.mark.parametrize(
    ("game", "options"), VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v.values())
)
def test_each_connection_receives_only_its_own_seats_view(
    client: TestClient, db_url: str, game: str, options: dict[str, str]
) -> None:
    players = get_game(game, options).players
    table = create(client, game, ["invite"] * players, **options)
    tokens = [s["token"] for s in table["seats"]]
    rng = random.Random(1)  # which legal action each person picks; the deal is the server's secret
    contexts = [client.websocket_connect(f"/ws/{table['id']}") for _ in range(players + 1)]
    seats = [Seat(context.__enter__()) for context in contexts]
    try:
        for s, seat in enumerate(seats[:players]):
            seat.send({"type": "hello", "token": tokens[s]})
        seats[players].send({"type": "hello"})  # a spectator
        latest: list[dict[str, Any]] = [{} for _ in seats]
        version = 0
        while True:
            for s, seat in enumerate(seats):  # drain each socket up to the table's version
                while latest[s].get("version") != version or len(seat.received) < 1:
                    latest[s] = seat.next_state()
            first = latest[0]
            if first["sheet"]:
                break
            mover = first["view"]["to_act"]
            legal = latest[mover]["view"]["legal_actions"]
            seats[mover].send({"type": "act", "action": rng.choice(legal), "version": version})
            version += 1
    finally:
        for context in contexts:
            context.__exit__(None, None, None)

    stored = Store(db_url).load(table["id"])
    assert stored is not None
    g = get_game(game, options)
    shadow = Match(g, seed=stored.seed, first_dealer=stored.first_dealer)
    by_version: dict[int, list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for v in range(len(stored.actions) + 1):
        views = [shadow.view(s) for s in [*range(players), None]]
        by_version[v] = [(view.to_json(), presentation(g, view)) for view in views]
        if v < len(stored.actions):
            seat, text = stored.actions[v]
            shadow.submit(seat, g.parse_action(text, shadow.state))
            if shadow.hand_over and not shadow.over:
                shadow.next_hand()
    checked = 0
    for s, seat in enumerate(seats):
        for message in seat.received:
            assert not keys(message) & {"seed", "token", "creator_token", "deal"}, message.keys()
            if message["type"] != "state":
                continue
            view, present = by_version[message["version"]][s]
            assert message["view"] == view and message["present"] == present
            assert message["table"]["seat"] == (s if s < players else None)
            checked += 1
    assert checked > (players + 1) * 10
