"""Issue 14: against computer players a person may ask what the hard player would do, and why; at
a table with other people nobody may (a hint would help one player only)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from test_play import until_my_turn

from tarocchi.core.registry import available_games, get_game


def refusal(seat: Seat) -> dict[str, Any]:
    """The next error, past the news of other seats arriving."""
    message = seat.next()
    while message["type"] in ("state", "seats"):
        message = seat.next()
    assert message["type"] == "error", message
    return message


@pytest.mark.parametrize("game", available_games())
def test_a_hint_names_a_legal_action_of_the_seat_and_says_why(client: TestClient, game: str) -> None:
    players = get_game(game).players
    table = create(client, game, ["invite"] + ["easy"] * (players - 1))
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = until_my_turn(seat, 0)
        assert state["table"]["hints"] is True and not state["sheet"]
        seat.send({"type": "hint"})
        answer = seat.next()
        while answer["type"] == "state":  # news of the others' moves cannot come now, but be fair
            answer = seat.next()
        assert answer["type"] == "hint", answer
        assert answer["version"] == state["version"]
        assert answer["actions"] and answer["actions"][0] in state["view"]["legal_actions"]
        assert answer["text"].startswith(answer["actions"][0])  # "KE: ..." or "discard 4E 5E: ..."
        assert "\n" not in answer["text"] and len(answer["text"]) > len(answer["actions"][0])
        seat.send({"type": "act", "action": answer["actions"][0], "version": state["version"]})
        assert seat.next_state()["version"] == state["version"] + 1  # the hint is taken as it stands


def test_no_hint_for_a_spectator_out_of_turn_or_at_a_table_with_other_people(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite", "invite", "easy", "easy"])
    tokens = [s["token"] for s in table["seats"][:2]]
    with client.websocket_connect(f"/ws/{table['id']}") as watching:
        spectator = Seat(watching)
        spectator.send({"type": "hello"})
        spectator.next_state()
        spectator.send({"type": "hint"})
        assert refusal(spectator)["code"] == "seat"
    with (
        client.websocket_connect(f"/ws/{table['id']}") as a,
        client.websocket_connect(f"/ws/{table['id']}") as b,
    ):
        first, second = Seat(a), Seat(b)
        first.send({"type": "hello", "token": tokens[0]})
        state = first.next_state()
        while state["view"]["to_act"] not in (0, 1):  # the computers play until a person's turn
            state = first.next_state()
        mover, bystander = (first, second) if state["view"]["to_act"] == 0 else (second, first)
        second.send({"type": "hello", "token": tokens[1]})
        second.next_state()
        assert state["table"]["hints"] is False
        bystander.send({"type": "hint"})
        error = refusal(bystander)
        assert error["code"] == "turn" and "not yours" in error["message"]
        mover.send({"type": "hint"})
        error = refusal(mover)
        assert error["code"] == "hint" and "everyone else is a computer player" in error["message"]
