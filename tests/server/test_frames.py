"""Each connection gets the state once per change: a connection's coming or going re-sends the
state to nobody (a seat coming online or going away is a small ``seats`` message), and no
connection is sent the same version twice. Counted frame by frame on every connection."""

from __future__ import annotations

from collections import Counter
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient
from serverproc import Seat, create

SPECTATORS = 12


def drained(seat: Seat) -> list[dict[str, Any]]:
    """Everything sent to ``seat`` before the server answers a ping (the pong left out)."""
    start = len(seat.received)
    seat.send({"type": "ping"})
    while seat.next()["type"] != "pong":
        pass
    return seat.received[start:-1]


def kinds(frames: list[dict[str, Any]]) -> Counter[str]:
    return Counter(frame["type"] for frame in frames)


def test_a_state_goes_to_each_connection_once_per_change(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite"] * 4)
    tokens = [s["token"] for s in table["seats"]]
    with ExitStack() as stack:

        def connect(token: str | None) -> Seat:
            """A connection that said hello, and was answered (so the others were told of it)."""
            seat = Seat(stack.enter_context(client.websocket_connect(f"/ws/{table['id']}")))
            seat.send({"type": "hello"} | ({"token": token} if token else {}))
            assert kinds(drained(seat)) == {"state": 1}
            return seat

        spectators = [connect(None) for _ in range(SPECTATORS)]
        for spectator in spectators:
            assert not drained(spectator)  # another spectator's coming is news to nobody
        people = [connect(token) for token in tokens]
        for number, person in enumerate(people):
            frames = drained(person)  # a seats message for each person after it
            assert [frame["type"] for frame in frames] == ["seats"] * (3 - number)
        for spectator in spectators:
            frames = drained(spectator)
            assert kinds(frames) == {"seats": 4}  # each person coming online: no state again
            assert [sum(s["connected"] for s in frame["seats"]) for frame in frames] == [1, 2, 3, 4]
            assert {frame["version"] for frame in frames} == {0}
        extra = connect(tokens[0])  # a seat's second connection: the seat was online already
        assert all(not drained(seat) for seat in spectators + people)

        mover = people[0].received[0]["view"]["to_act"]
        legal = people[mover].received[0]["view"]["legal_actions"]
        people[mover].send({"type": "act", "action": legal[0], "version": 0})
        others = [seat for seat in [*spectators, *people, extra] if seat is not people[mover]]
        for seat in [people[mover], *others]:  # the mover answered first: all were told by then
            frames = drained(seat)
            assert [(f["type"], f["version"]) for f in frames] == [("state", 1)]

        stack.pop_all()  # the sockets are closed one by one below
        for spectator in spectators[:3]:
            spectator.socket.__exit__(None, None, None)
        extra.socket.__exit__(None, None, None)  # seat 0 is still online through its first
        for seat in spectators[3:] + people:
            assert not drained(seat)
        people[1].socket.__exit__(None, None, None)
        for seat in [*spectators[3:], people[0], people[2], people[3]]:
            gone = seat.next()  # the news that seat 1 went away, and nothing more
            assert gone["type"] == "seats" and gone["seats"][1]["connected"] is False
            assert not drained(seat)
        for seat in [*spectators[3:], people[0], people[2], people[3]]:
            seat.socket.__exit__(None, None, None)

    for seat in [*spectators, *people, extra]:
        versions = [m["version"] for m in seat.received if m["type"] == "state"]
        assert len(versions) == len(set(versions)), versions  # never the same version twice
