"""A live table's time limit per move. A person who lets it pass has a computer player
make that one move; a person who moves in time is never overtaken; a wrong limit is refused."""

from __future__ import annotations

from fastapi.testclient import TestClient
from serverproc import Seat
from test_play import until_my_turn


def test_a_person_out_of_time_has_that_move_made_for_them(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", json={"game": "taroinche", "seats": ["invite"] + ["easy"] * 4, "move_seconds": 1}
    )
    assert answer.status_code == 201, answer.text
    table = answer.json()
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = until_my_turn(seat, 0)
        assert state["table"]["move_seconds"] == 1
        waited_at = state["version"]
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})  # a reconnection meanwhile
        later = seat.next_state()
        while later["version"] == waited_at:  # nothing sent: the time runs out, the stand-in moves
            later = seat.next_state()
        assert later["version"] == waited_at + 1
        if later["view"]["hand_number"] == state["view"]["hand_number"]:
            new = later["view"]["events"][len(state["view"]["events"]) :]
            assert new and new[0]["seat"] == 0  # the move made was seat 0's, though none was sent
        else:  # seat 0's pass threw the hand in (B3): the sheet shows it
            assert len(later["sheet"]) == len(state["sheet"]) + 1


def test_a_person_who_moves_in_time_is_not_overtaken(client: TestClient) -> None:
    table = client.post(
        "/api/tables", json={"game": "taroinche", "seats": ["invite"] + ["easy"] * 4, "move_seconds": 30}
    ).json()
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = until_my_turn(seat, 0)
        # seat 0's first turn may come in play (a capot bid ends the auction at once) and its
        # move may end the hand: the next hand is then dealt at the same version
        action = next((a for a in state["view"]["legal_actions"] if a != "pass"), "pass")
        seat.send({"type": "act", "action": action, "version": state["version"]})
        after = seat.next_state()
        assert after["version"] == state["version"] + 1  # one move: seat 0's, none made for it
        assert after["table"]["clock_moved"] is None
        if after["view"]["hand_number"] == state["view"]["hand_number"]:
            # the move is seat 0's own (a surcoinche or a coinche may bring notes after it)
            new = after["view"]["events"][len(state["view"]["events"]) :]
            assert new[0]["seat"] == 0 and new[0]["action"] == action
        else:
            assert len(after["sheet"]) == len(state["sheet"]) + 1


def test_a_time_limit_out_of_range_is_refused_in_one_line(client: TestClient) -> None:
    for wrong in (0, -5, 100_000, "soon"):
        answer = client.post(
            "/api/tables", json={"game": "taroinche", "seats": ["invite"] * 5, "move_seconds": wrong}
        )
        assert answer.status_code == 422 and "move_seconds" in answer.json()["detail"], answer.text
