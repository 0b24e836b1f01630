"""A person who says ``pace`` sees the computer players' moves spaced by that pace, a finished
trick held longer before the next lead, and each hand's end held until he says ``next``; a
connection that never says ``pace`` (a program) is not waited for."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create

from tarocchi.server.app import create_app
from tarocchi.server.pace import PACES, SCALE_VARIABLE
from tarocchi.server.tables import LiveTable

SCALE = 0.25
"""The pauses at a quarter of their length: long enough to measure, short enough for a test."""


def play_until_held(seat: Any, me: int, stamps: list[tuple[float, dict[str, Any]]]) -> dict[str, Any]:
    """Take the first legal action on each turn until a hand's end is held for ``me``, keeping
    each state with the time it arrived."""
    while True:
        state = seat.next_state()
        stamps.append((time.monotonic(), state))
        if state["table"]["waiting"]:
            return state
        view = state["view"]
        if view["to_act"] == me and view["legal_actions"]:
            seat.send({"type": "act", "action": view["legal_actions"][0], "version": state["version"]})


def test_a_paced_person_sees_computer_moves_spaced_and_the_hand_held(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCALE_VARIABLE, str(SCALE))
    normal = PACES["normal"]
    sent: dict[int, float] = {}  # each version's first state, when the server sent it
    send = LiveTable._send

    async def timed(table: LiveTable, connection: Any, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            sent.setdefault(message["version"], time.monotonic())
        await send(table, connection, text)

    monkeypatch.setattr(LiveTable, "_send", timed)
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", undo_seconds=0)) as client:
        table = create(client, "taroinche", ["invite", "easy", "easy", "easy", "easy"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            seat.send({"type": "pace", "pace": "normal"})
            stamps: list[tuple[float, dict[str, Any]]] = []
            held = play_until_held(seat, 0, stamps)
            # every computer move came a paced pause after the change before it
            gaps = []
            for (before_at, before), (at, after) in itertools.pairwise(stamps[1:]):  # from a change
                grew = len(after["view"]["events"]) > len(before["view"]["events"])
                if after["version"] == before["version"] + 1 and grew:  # one seat's move, seen
                    event = after["view"]["events"][len(before["view"]["events"])]
                    # a discard's cards come together, shown ("discard ...") or face down (B4)
                    if event["seat"] not in (0, None) and not str(event["action"]).startswith(
                        ("discard", "face down")
                    ):
                        trick = before["view"]["trick"] or {}
                        finished = before["view"]["tricks"] and not trick.get("plays")
                        wanted = normal.hold if finished else normal.card
                        told = sent[after["version"]] - sent[before["version"]]
                        gaps.append((told, at - before_at, wanted * SCALE, event))
            assert gaps, "no computer player moved"
            # the server sends each move a whole pause after it sent the one before (to the clock's
            # rounding), however long building and sending the states took on a busy machine
            assert all(told >= wanted - 0.001 for told, _, wanted, _ in gaps), gaps
            # as the test reads them, each arrival is a little late, and by a different delay: over
            # the hand they are as long as the pace (an arrival read late shortens the pause before
            # it by what it lengthens the one after)
            paced = sum(wanted for _, _, wanted, _ in gaps)
            assert sum(read for _, read, _, _ in gaps) >= 0.9 * paced, gaps
            # the hand's end stays: no next hand until this person says next
            assert held["table"]["waiting"] == [0] and held["view"]["to_act"] is None
            number = held["view"]["hand_number"]
            assert held["sheet"][-1]["number"] == number
            seat.send({"type": "act", "action": "pass", "version": held["version"]})
            assert seat.error()["code"] == "turn"  # nobody acts at a held hand's end
            seat.send({"type": "next", "hand": number + 5})  # a word for another hand is nothing:
            seat.send({"type": "next", "hand": number})  # no state comes of it, only of this one
            dealt = seat.next_state()
            if dealt["view"]["hand_number"] == number:  # first told that nobody is waited for now
                assert dealt["table"]["waiting"] == []
                dealt = seat.next_state()
            assert dealt["view"]["hand_number"] == number + 1 and dealt["table"]["waiting"] is None
            assert dealt["version"] == held["version"]  # a deal is no action: the version stands


def test_a_connection_that_never_says_pace_is_not_waited_for(tmp_path: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", undo_seconds=0)) as client:
        table = create(client, "taroinche", ["invite", "easy", "easy", "easy", "easy"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            state = seat.next_state()
            first = state["view"]["hand_number"]
            while True:  # from the first state on: South may be the first to bid
                assert state["table"]["waiting"] is None
                view = state["view"]
                if view["hand_number"] > first:
                    break
                if view["to_act"] == 0 and view["legal_actions"]:
                    action = view["legal_actions"][0]
                    seat.send({"type": "act", "action": action, "version": state["version"]})
                state = seat.next_state()


def test_pace_and_next_need_a_seat_and_a_known_pace(tmp_path: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}")) as client:
        table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat = Seat(socket)
            seat.send({"type": "pace", "pace": "normal"})
            assert seat.error()["code"] == "seat"
            seat.send({"type": "hello", "token": table["seats"][0]["token"]})
            seat.next_state()
            seat.send({"type": "pace", "pace": "glacial"})
            error = seat.next()
            while error["type"] == "state":  # the computers go on moving meanwhile
                error = seat.next()
            assert error["type"] == "error", error
            assert error["code"] == "message" and "pace" in error["message"]


def settled(person: Seat, state: dict[str, Any] | None) -> dict[str, Any]:
    """From ``state`` (None: the next one) on, the state at which the table waits for a person (to
    act, or at a hand's end): the computers' moves before it may come coalesced, as the server
    sends the newest state, but this one always comes."""
    while True:
        state = state or person.next_state()
        if state["table"]["waiting"] is not None or state["view"]["to_act"] in (0, 1):
            return state
        state = None


def test_the_next_hand_waits_for_every_person_at_the_table(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCALE_VARIABLE, "0")
    with TestClient(create_app(f"sqlite:///{tmp_path / 't.db'}", undo_seconds=0)) as client:
        table = create(client, "taroinche", ["invite", "invite", "easy", "easy", "easy"])
        with (
            client.websocket_connect(f"/ws/{table['id']}") as a,
            client.websocket_connect(f"/ws/{table['id']}") as b,
        ):
            people = [Seat(a), Seat(b)]
            people[0].send({"type": "hello", "token": table["seats"][0]["token"]})
            first = people[0].next_state()
            people[1].send({"type": "hello", "token": table["seats"][1]["token"]})
            seen: list[dict[str, Any] | None] = [first, people[1].next_state()]
            for seat in (0, 1):
                people[seat].send({"type": "pace", "pace": "fast"})
            while True:  # each acts on his own turn; between turns only the computers move
                states = [settled(person, state) for person, state in zip(people, seen, strict=True)]
                seen = [None, None]  # an action is coming: wait for what follows it
                assert states[0]["version"] == states[1]["version"]  # both see where it stopped
                if states[0]["table"]["waiting"] is not None:
                    break
                mover = states[0]["view"]["to_act"]
                action = states[mover]["view"]["legal_actions"][0]
                people[mover].send({"type": "act", "action": action, "version": states[mover]["version"]})
            number = states[0]["view"]["hand_number"]
            assert [s["table"]["waiting"] for s in states] == [[0, 1], [0, 1]]
            people[1].send({"type": "next", "hand": number})
            states = [person.next_state() for person in people]
            assert [s["table"]["waiting"] for s in states] == [[0], [0]]  # still held for South
            assert all(s["view"]["hand_number"] == number for s in states)
            people[0].send({"type": "next", "hand": number})
            for person in people:
                state = person.next_state()
                if state["view"]["hand_number"] == number:
                    state = person.next_state()
                assert state["view"]["hand_number"] == number + 1 and state["table"]["waiting"] is None
