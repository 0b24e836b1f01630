"""What the server sends is the protocol's ``State``, character for character: the text it
serializes straight from plain values (``LiveTable.state_text``, without pydantic's checking)
equals the validated model's JSON, for every seat and the spectators, through whole hands of
every game, the score sheet, hints and undo included."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from eventloop import run

from tarocchi.core.registry import available_games, get_game
from tarocchi.server.messages import State
from tarocchi.server.store import Store, digest
from tarocchi.server.tables import Connection, LiveTable

HANDS = 2
"""Hands played through: the second's states carry the first's lines on the sheet, and its
deal and auction are a new hand's (the later hands' states are made the same way)."""


async def _nowhere(_text: str) -> None:
    return None


@pytest.mark.parametrize("game_id", available_games())
def test_the_text_sent_is_the_validated_state(game_id: str, tmp_path: Path) -> None:
    game = get_game(game_id)
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    kinds = ["invite"] + ["easy"] * (game.players - 1)  # seat 0 alone with computers: hints, undo
    store.create(
        "t",
        game_id,
        {},
        11,
        0,
        game.hands_per_game(),
        "c" * 64,
        [(k, digest(k) if k == "invite" else None) for k in kinds],
    )
    stored = store.load("t")
    assert stored is not None
    table = LiveTable(stored, undo_seconds=1.5)
    table.connections = [Connection(seat, _nowhere) for seat in [0, 1, None]]
    rng = random.Random(3)
    hints: set[bool] = set()
    undo: set[bool] = set()
    sheet = 0

    async def play() -> None:
        nonlocal sheet
        for step in range(400):
            if table.match.over or sheet >= HANDS:
                break
            seat = table.match.to_act()
            assert seat is not None
            for looking in [None, *range(game.players)]:
                text = table.state_text(looking)
                assert text == table.state_for(looking).model_dump_json()
                sent = json.loads(text)
                hints.add(sent["table"]["hints"])
                undo.add(sent["table"]["undo"])
                sheet = max(sheet, len(sent["sheet"]))
                if step == 0:
                    assert State.model_validate_json(text).table.seat == looking
            legal = table.match.view(seat).legal_actions
            person = table.kinds[seat] == "invite"
            await table.act(store, seat, str(rng.choice(legal)), table.version, person=person)

    try:
        run(play())
    finally:
        store.close()
    assert hints == ({True, False} if "search" in table.offered else {False})
    assert undo == {True, False}
    assert sheet >= 1  # a finished hand's lines, scores and totals were compared too
