"""Hostile input. Random and malformed messages (hypothesis) each get one error in one
line; the table stays as it was and still plays."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from serverproc import Seat, create

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
wrong_fields = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "act", "ping", "hint", "shout", "", "ACT"])},
    optional={
        "token": st.text(max_size=300) | st.integers() | st.none(),
        "action": st.text(max_size=3000) | st.lists(st.text(max_size=3)) | st.integers(),
        "version": st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=5) | st.floats(),
        "seat": st.integers(),
        "extra": json_values,
    },
)
hostile = (
    st.text(max_size=200)  # raw text, mostly not JSON
    | json_values.map(json.dumps)
    | wrong_fields.map(json.dumps)
)


def harmless(text: str, legal: list[str], version: int, tokens: list[str]) -> bool:
    """Whether ``text`` happens to be a well-formed message the server should accept."""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    if not isinstance(data, dict):
        return False
    if data.get("type") == "ping" and set(data) == {"type"}:
        return True
    if data.get("type") == "hello" and set(data) <= {"type", "token"}:
        return data.get("token") in tokens or "token" not in data or data.get("token") is None
    return (
        data.get("type") == "act"
        and set(data) == {"type", "action", "version"}
        and data["action"] in legal
        and data["version"] == version
    )


def test_hostile_messages_are_refused_one_line_each_and_the_table_stays(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite"] * 4)
    tokens = [s["token"] for s in table["seats"]]

    def sit(socket: Any) -> tuple[Seat, dict[str, Any]]:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": tokens[0]})
        return seat, seat.next_state()

    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        _, before = sit(socket)

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(hostile, min_size=1, max_size=3))
    def attack(texts: list[str]) -> None:
        with client.websocket_connect(f"/ws/{table['id']}") as socket:
            seat, state = sit(socket)
            for text in texts:
                if harmless(text, state["view"]["legal_actions"], state["version"], tokens):
                    continue  # not hostile: a real move or greeting, tested elsewhere
                seat.send(text)
                answer = seat.next()
                assert answer["type"] == "error", (text, answer)
                assert answer["code"] and isinstance(answer["code"], str)
                message = answer["message"]
                assert message and "\n" not in message and "Traceback" not in message, message

    attack()
    after = client.get(f"/api/tables/{table['id']}").json()
    assert after["version"] == before["version"]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat, state = sit(socket)
        assert state["view"] == before["view"]
        mover = state["view"]["to_act"]  # and whoever is to act still can
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": tokens[mover]})
        state = seat.next_state()
        seat.send({"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]})
        assert seat.next_state()["version"] == state["version"] + 1


def test_a_binary_frame_is_answered_like_any_text_and_closes_nothing(client: TestClient) -> None:
    table = create(client, "taroinche", ["invite"] * 5)
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        socket.send_bytes(b"\xff\x00\xfe not utf-8")
        assert seat.error()["code"] == "json"
        seat.send({"type": "ping"})
        assert seat.next()["type"] == "pong"  # the connection survives
