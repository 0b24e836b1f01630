"""A computer player whose move fails (the database refused the write, say) tries again after a
pause that doubles: the table goes on by itself, and a failure that lasts neither spins the
processor nor floods the log."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create

from tarocchi.server import tables
from tarocchi.server.store import Appended, StaleAction, Store


def test_a_failed_computer_move_is_tried_again_and_the_table_goes_on(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "RETRY_SECONDS", 0.05)
    original = Store.append_all
    failed: list[int] = []

    def flaky(self: Store, batch: Sequence[Appended]) -> list[StaleAction | None]:
        if (
            any(item.seat != 0 for item in batch) and len(failed) < 3
        ):  # the computers' first three writes fail
            failed.append(batch[0].seq)
            raise RuntimeError("database is locked")
        return original(self, batch)

    monkeypatch.setattr(Store, "append_all", flaky)
    table = create(client, "piedmont", ["invite", "easy", "easy", "easy"])
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        seat = Seat(socket)
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        state = seat.next_state()
        computer_moves = 0
        while computer_moves < 6:  # the computers move on past their failed writes
            if state["view"]["to_act"] == 0 and not state["sheet"]:
                action = state["view"]["legal_actions"][0]
                seat.send({"type": "act", "action": action, "version": state["version"]})
            previous = state["version"]
            state = seat.next_state()
            if state["version"] > previous and state["view"]["events"]:
                computer_moves += state["view"]["events"][-1]["seat"] not in (0, None)
    assert len(failed) == 3


def test_a_lasting_failure_waits_longer_each_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "RETRY_SECONDS", 0.1)
    tries: list[float] = []

    def broken(self: Any, view: Any, rng: Any) -> Any:
        tries.append(time.monotonic())
        raise RuntimeError("a computer player that always fails")

    table = create(client, "piedmont", ["easy", "easy", "easy", "easy"])
    live = client.app.state.tables.get(table["id"])  # type: ignore[attr-defined]
    for player_seat in range(4):
        monkeypatch.setattr(live.computer(player_seat), "choose", broken.__get__(live.computer(player_seat)))
    with client.websocket_connect(f"/ws/{table['id']}") as socket:
        Seat(socket).send({"type": "hello"})  # a spectator: its hello wakes the table
        time.sleep(1.0)
    gaps = [b - a for a, b in itertools.pairwise(tries)]
    assert 2 <= len(tries) <= 5, tries  # 0.1 + 0.2 + 0.4 s... : a handful in a second, not thousands
    assert all(later > earlier for earlier, later in itertools.pairwise(gaps))
