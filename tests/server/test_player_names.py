"""Players and the lobby over HTTP: names checked as untrusted text, keys that stay secret, public
tables listed and joined, a player's tables on any device."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tarocchi.server.players import NAME_MOST, NameRefused, clean_name, fold, imitation


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "x" * (NAME_MOST + 1),
        "Anna\u202eevil",  # right-to-left override: reorders what follows
        "An\u200bna",  # zero-width space
        "Bob\x07",
        "North",
        " n o r t h ",
        "N\u043erth",  # a Cyrillic o
        "Seat 3",
        "computer",
        "HARD",
        "Anna (East)",  # a seat's label, faked
        "a\u0301\u0302\u0303\u0304",  # accents stacked
        "...",
    ],
)
def test_a_name_that_hides_text_or_reads_as_a_seat_label_is_refused(raw: str) -> None:
    with pytest.raises(NameRefused):
        clean_name(raw)


def test_a_name_is_cleaned_and_may_hold_markup_as_text() -> None:
    assert clean_name("  Anna   Maria ") == "Anna Maria"
    assert clean_name("<b>Bo</b>") == "<b>Bo</b>"  # shown as text, never as markup
    assert clean_name("\uff21nna") == "Anna"  # a fullwidth A is an A
    assert clean_name("Zoë") == "Zoë"


def test_names_that_read_alike_are_one_name_at_a_table() -> None:
    assert fold("Anna") == fold(" ANNA ") == fold("\u0410nn\u0430") == fold("Ánna") == fold("an-na")
    assert fold("Bill") == fold("B1ll") == fold("BILL")
    assert imitation("anna", ["Bob", "Anna"]) is not None
    assert imitation("Anne", ["Bob", "Anna", None]) is None


def player(client: TestClient, name: str) -> str:
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    key: str = answer.json()["key"]
    assert len(key) >= 43  # 256 bits, URL-safe base64
    return key


def public_table(client: TestClient, key: str, seats: list[str], game: str = "sicilian") -> dict[str, Any]:
    answer = client.post(
        "/api/tables", json={"game": game, "seats": seats, "public": True, "player": key, "sit": 0}
    )
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def test_a_player_is_a_name_and_a_secret_key(client: TestClient) -> None:
    key = player(client, "Anna")
    assert client.post("/api/players/me", json={"player": key}).json() == {"name": "Anna", "key": None}
    assert client.post("/api/players/name", json={"player": key, "name": "Anna B"}).json()["name"] == "Anna B"
    assert client.post("/api/players/me", json={"player": key}).json()["name"] == "Anna B"
    unknown = client.post("/api/players/me", json={"player": "nobody's key"})
    assert unknown.status_code == 404 and "lobby" in unknown.json()["detail"]
    refused = client.post("/api/players", json={"name": "West"})
    assert refused.status_code == 422 and "seat's label" in refused.json()["detail"]
    assert client.post("/api/players", json={"name": "x" * 5000}).status_code == 422
    assert client.post("/api/players", json={"name": 7}).status_code == 422


def test_players_made_from_one_address_are_limited(client: TestClient) -> None:
    codes = [client.post("/api/players", json={"name": f"P{n}"}).status_code for n in range(21)]
    assert codes[:20] == [201] * 20 and codes[20] == 429


def test_the_lobby_lists_public_tables_with_free_seats_and_a_player_joins_one(client: TestClient) -> None:
    anna, bruno, cara = player(client, "Anna"), player(client, "Bruno"), player(client, "ANNA")
    table = public_table(client, anna, ["invite", "invite", "medium", "hard"])
    hidden = client.post(
        "/api/tables", json={"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    )
    listed = client.get("/api/lobby").json()
    assert [t["id"] for t in listed] == [table["id"]]  # the invite-only table is not listed
    seats = listed[0]["seats"]
    assert [(s["kind"], s["name"], s["free"]) for s in seats] == [
        ("invite", "Anna", False),
        ("invite", None, True),
        ("medium", None, False),
        ("hard", None, False),
    ]
    assert listed[0]["watch"] == f"/table.html?id={table['id']}" and listed[0]["game_name"]
    text = str(listed)
    assert anna not in text and table["creator_token"] not in text
    assert all(s["token"] not in text for s in table["seats"] if s["token"])

    url = f"/api/tables/{table['id']}/join"
    assert client.post(url, json={"player": cara, "seat": 1}).status_code == 409  # reads as Anna
    assert client.post(url, json={"player": bruno, "seat": 0}).status_code == 409  # taken
    assert client.post(url, json={"player": bruno, "seat": 2}).status_code == 409  # a computer's
    assert client.post(url, json={"player": bruno, "seat": 9}).status_code == 422
    joined = client.post(url, json={"player": bruno, "seat": 1})
    assert joined.status_code == 200 and joined.json()["link"] == f"/table.html?id={table['id']}"
    assert client.post(url, json={"player": bruno, "seat": 1}).status_code == 409
    assert client.get("/api/lobby").json() == []  # no free seat left
    assert (
        client.post(f"/api/tables/{hidden.json()['id']}/join", json={"player": bruno, "seat": 0}).status_code
        == 403
    )

    mine = client.post("/api/players/tables", json={"player": bruno}).json()
    assert [(t["id"], t["seat"], t["status"] in ("waiting", "playing")) for t in mine] == [
        (table["id"], 1, True)
    ]
    made = client.post("/api/players/tables", json={"player": anna}).json()
    assert [(t["id"], t["seat"]) for t in made] == [(table["id"], 0)]
    assert client.post("/api/players/tables", json={"player": "x"}).status_code == 404


def test_creating_a_table_with_an_unknown_player_or_a_computers_seat_to_sit_is_refused(
    client: TestClient,
) -> None:
    key = player(client, "Anna")
    base = {"game": "sicilian", "seats": ["invite", "easy", "easy", "easy"]}
    assert client.post("/api/tables", json={**base, "player": "unknown", "sit": 0}).status_code == 404
    assert client.post("/api/tables", json={**base, "player": key, "sit": 1}).status_code == 422
    assert client.post("/api/tables", json={**base, "sit": 0}).status_code == 422
    assert client.post("/api/tables", json={**base, "public": "yes"}).status_code == 422
