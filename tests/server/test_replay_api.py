"""The replay endpoints: a record replayed through the engine, step by step, every hand face up;
a record that is not one refused in one line; a game not yet over refused (its cards are hidden)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from recorded import engine_record
from serverproc import create

from tarocchi.core.registry import available_games, get_game


def unfolded(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """Each step whole: the first as sent, the others folded from their changes (as the page does)."""
    steps = [hand["steps"][0]]
    for change in hand["steps"][1:]:
        hands = list(steps[-1]["hands"])
        for seat, cards in change["hands"].items():
            hands[int(seat)] = cards
        steps.append({**steps[-1], **change, "hands": hands})
    return steps


@pytest.mark.parametrize("game_id", available_games())
def test_every_action_of_a_record_is_a_step(client: TestClient, game_id: str) -> None:
    record = engine_record(game_id)
    answer = client.post("/api/replay", content=json.dumps(record))
    assert answer.status_code == 200, answer.text
    replay = answer.json()
    assert replay["game"] == game_id and replay["complete"] is True
    assert replay["totals"] == record["totals"]
    assert len(replay["hands"]) == len(record["hands"])
    size = len(get_game(game_id).deck.cards)
    totals = [0] * len(record["players"])
    for hand, recorded in zip(replay["hands"], record["hands"], strict=True):
        steps = unfolded(hand)
        assert [step["action"] for step in steps[1:]] == recorded["actions"]
        assert steps[0]["action"] is None
        dealt = {
            code
            for cards in (*recorded["deal"]["hands"], recorded["deal"]["stock"])
            for code in cards.split()
        }
        for i, step in enumerate(steps):
            held = [code for cards in step["hands"] for code in cards]
            aside = [code for place in step["places"] for code in place["cards"]]
            playing = [code for _, code in (step["trick"] or {"plays": []})["plays"]]
            won = [code for trick in hand["tricks"][: step["tricks"]] for _, code in trick["plays"]]
            every = held + aside + playing + won
            assert len(every) == size == len(set(every)), (
                f"hand {hand['number']} step {i}: a card twice or lost"
            )
            assert set(every) == dealt
        for seat, cards in enumerate(recorded["deal"]["hands"]):
            assert set(cards.split()) <= set(steps[0]["hands"][seat])
        assert steps[-1]["to_act"] is None and all(step["to_act"] is not None for step in steps[:-1])
        totals = [t + s for t, s in zip(totals, recorded["result"]["scores"], strict=True)]
        assert hand["sheet"]["scores"] == recorded["result"]["scores"]
        assert hand["sheet"]["totals"] == totals


def test_a_record_that_is_no_record_is_refused_in_one_line(client: TestClient) -> None:
    record = engine_record("sicilian")
    tampered = json.loads(json.dumps(record))
    seat, _ = tampered["hands"][0]["actions"][0]
    tampered["hands"][0]["actions"][0] = [seat, "play T99"]
    foreign = {"format": "another-program", "moves": []}
    bad = {
        b"{not json": "not JSON",
        b"\xff\xfe": "not UTF-8",
        b"[" * 5000 + b"]" * 5000: "at most 32 levels",
        b"9" * 5000: "not JSON",
        json.dumps(foreign).encode(): "not a tarocchi record",
        json.dumps({**record, "hands": [], "totals": [0] * 4, "complete": False}).encode(): "holds no hand",
        json.dumps(tampered).encode(): "hand 1, action 1",
        json.dumps({**record, "rules_version": "0"}).encode(): "rules version",
    }
    for body, words in bad.items():
        answer = client.post("/api/replay", content=body)
        assert answer.status_code == 422, (body[:40], answer.text)
        detail = answer.json()["detail"]
        assert words in detail and "\n" not in detail, (body[:40], detail)


def test_a_table_is_replayed_only_when_its_game_is_over(client: TestClient) -> None:
    table = create(client, "piedmont", ["invite", "easy", "easy", "easy"])
    answer = client.get(f"/api/tables/{table['id']}/replay")
    assert answer.status_code == 409 and "hidden cards" in answer.json()["detail"]
    assert client.get("/api/tables/nosuchtable/replay").status_code == 404
