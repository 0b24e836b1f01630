"""The leaderboard page after several games between the same people: each person listed once
with every game counted, partners at a fixed partnership sharing one rating, and the page's rows
in the order and with the ratings the server's ratings answer gives (what the page reads, shown
as it is, best first). What the ratings themselves should be after each game is worked out in
tests/server/test_ratings_series.py."""

from __future__ import annotations

import secrets
import time
from typing import Any

from serverproc import Server, http

GAMES = 3


def settled(base: str, key: str, table_id: str) -> None:
    """Wait (bounded) until the table's game is over and in its creator's history: counted."""
    deadline = time.monotonic() + 240
    while True:
        games = http.post(f"{base}/api/players/history", json={"player": key}).json()["games"]
        if any(game["id"] == table_id for game in games):
            return
        assert time.monotonic() < deadline, f"the game {table_id} was not played out and counted"
        time.sleep(0.2)


def test_the_leaderboard_lists_a_series_of_games(browser: Any, server: Server) -> None:
    base = server.base
    mark = secrets.token_hex(3)  # the page servers are shared: these people are this test's own
    names = [f"{name} {mark}" for name in ("Ada", "Bea", "Cleo", "Dora")]
    keys = []
    for name in names:
        made = http.post(f"{base}/api/players", json={"name": name})
        assert made.status_code == 201, made.text
        keys.append(made.json()["key"])
    for _ in range(GAMES):  # Ada and Cleo (seats 0 and 2) against Bea and Dora, by the same seats
        table = http.post(
            f"{base}/api/tables",
            json={"game": "piedmont", "seats": ["invite"] * 4, "public": True, "player": keys[0], "sit": 0},
        ).json()
        for seat, key in enumerate(keys[1:], start=1):
            joined = http.post(f"{base}/api/tables/{table['id']}/join", json={"player": key, "seat": seat})
            assert joined.status_code == 200, joined.text
        for seat in range(4):  # computer players sit for them, the seats still theirs
            given = http.post(
                f"{base}/api/tables/{table['id']}/seats/{seat}",
                json={"creator_token": table["creator_token"], "kind": "easy"},
            )
            assert given.status_code == 200, given.text
        settled(base, keys[0], table["id"])
    (answer,) = http.get(f"{base}/api/ratings", params={"game": "piedmont"}).json()
    ours = [line for line in answer["ratings"] if line["name"] in names]
    assert sorted(line["name"] for line in ours) == sorted(names)
    assert all(line["games"] == GAMES for line in ours)
    by_name = {line["name"]: line["rating"] for line in ours}
    assert by_name[names[0]] == by_name[names[2]] and by_name[names[1]] == by_name[names[3]]

    page = browser.new_page()
    page.goto(f"{base}/leaderboard.html")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#board-game", "piedmont")
    rows = page.locator("table.board[data-game='piedmont'] tbody tr")
    rows.first.wait_for()
    shown = [
        (
            row.locator("td.who").inner_text(),
            int(row.locator("td.rating").inner_text()),
            row.locator("td").nth(3).inner_text(),
        )
        for row in rows.all()
    ]
    mine = [line for line in shown if line[0] in names]
    assert mine == [(line["name"], line["rating"], str(GAMES)) for line in ours]  # the server's order
    ratings = [rating for _, rating, _ in shown]
    assert ratings == sorted(ratings, reverse=True)  # best first
    page.close()
