"""Strict types: a message with a value of the wrong type is refused, never converted; and the
OpenAPI spec the app publishes describes the answers it really gives."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create


@pytest.mark.parametrize("wrong", ["0", True, 0.0, None, [0]])
def test_a_version_of_the_wrong_type_is_refused_and_nothing_is_taken(client: TestClient, wrong: Any) -> None:
    table = create(client, "sicilian", ["invite"] * 4)
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        watching = Seat(socket)
        watching.send({"type": "hello"})
        mover = watching.next_state()["view"]["to_act"]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][mover]["token"]})
        state = seat.next_state()
        assert state["version"] == 0
        legal = state["view"]["legal_actions"][0]
        for message in (
            {"type": "act", "action": legal, "version": wrong},
            {"type": "undo", "version": wrong},
            {"type": "act", "action": 17, "version": 0},
        ):
            seat.send(message)
            error = seat.error()
            assert error["code"] == "message", (message, error)
        seat.send({"type": "hello", "token": 5})
        assert seat.error()["code"] == "message"
    assert client.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_table_with_a_time_limit_given_as_text_is_refused(client: TestClient) -> None:
    for wrong in ("60", True, 60.0):
        answer = client.post(
            "/api/tables", json={"game": "taroinche", "seats": ["invite"] * 5, "move_seconds": wrong}
        )
        assert answer.status_code == 422 and "move_seconds" in answer.json()["detail"], answer.text


def schema_of(spec: dict[str, Any], path: str, method: str, status: int) -> dict[str, Any]:
    """The JSON schema the spec gives for that answer, with the spec's components to refer to."""
    answer = spec["paths"][path][method]["responses"][str(status)]
    return {**answer["content"]["application/json"]["schema"], "components": spec["components"]}


def test_the_openapi_spec_describes_the_real_answers(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    cases = [
        ("/api/tables", "post", client.post("/api/tables", json={"game": "nosuch", "seats": []})),
        ("/api/tables", "post", client.post("/api/tables", json={"game": "sicilian", "seats": ["invite"]})),
        ("/api/tables", "get", client.get("/api/tables", params={"token": ""})),
        ("/api/tables/{table_id}", "get", client.get("/api/tables/nosuch")),
        ("/api/tables/{table_id}/record", "get", client.get("/api/tables/nosuch/record")),
    ]
    created = client.post(
        "/api/tables", json={"game": "sicilian", "seats": ["invite", "hard", "invite", "easy"]}
    )
    table = created.json()
    seat_change = f"/api/tables/{table['id']}/seats/1"
    cases += [
        ("/api/tables", "post", created),
        ("/api/tables/{table_id}", "get", client.get(f"/api/tables/{table['id']}")),
        ("/api/tables/{table_id}/record", "get", client.get(f"/api/tables/{table['id']}/record")),
        (
            "/api/tables/{table_id}/seats/{seat}",
            "post",
            client.post(seat_change, json={"creator_token": "wrong", "kind": "invite"}),
        ),
        (
            "/api/tables/{table_id}/seats/{seat}",
            "post",
            client.post(seat_change, json={"creator_token": table["creator_token"], "kind": 3}),
        ),
        (
            "/api/tables/{table_id}/seats/{seat}",
            "post",
            client.post(seat_change, json={"creator_token": table["creator_token"], "kind": "invite"}),
        ),
    ]
    statuses = set()
    for path, method, answer in cases:
        statuses.add(answer.status_code)
        jsonschema.validate(answer.json(), schema_of(spec, path, method, answer.status_code))
    assert statuses == {200, 201, 403, 404, 409, 422}
    assert "HTTPValidationError" not in spec["components"]["schemas"]
