"""Ratings over a series of games with the same people, checked after each game against what the
standings imply, worked out by hand from openskill's Bradley-Terry full-pairing model
(docs/server.md "Ratings"): partners move together, and the leaderboard follows.

What the model gives, by hand: each side meets every other; against side q, side i won (s = 1),
drew on an equal total (s = 1/2) or lost (s = 0), where the model expected it to win with
p = 1 / (1 + exp((mu_q - mu_i) / c)), c = sqrt(sigma_i^2 + sigma_q^2 + 2 beta^2) over the sides'
summed mus and variances; each of its players' mu moves by sigma^2 / c x (s - p) summed over the
pairs, and every pair narrows sigma by an amount that grows with p (1 - p), whatever its result.
- Partners at a fixed partnership start equal and always share a team and its result, so their
  ratings stay equal.
- Two teams (Piedmont), from newcomers: the pair's p and 1 - p make the winner's gain the loser's
  loss and narrow both sigmas alike, so after every game both teams have the same sigma and their
  mus sit either side of a newcomer's 25; with equal sigmas the higher mu is the higher rating.
  The winning team always gains (s = 1 > p), the losing team always loses; a tie (s = 1/2) pulls
  the two together without passing 25 (it closes at most sigma^2 / c^2 < 1/4 of the gap).
- Three teams of newcomers (Taroux): every pair is even (p = 1/2), so each team's mu moves by
  (teams below it - teams above it) / 2 steps of sigma^2 / c: ranked 1, 2, 3, by +1, 0 and -1
  step; tied first, +1/2 each and the last -1; and every sigma narrows alike, so the ratings
  follow the standings, teams tied on total tied in rating. In any later game the team strictly
  first gains (s = 1 > p against every other) and the one strictly last loses.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_player_names import player, public_table
from test_ratings import board, finish, hand_over_to_computers

from tarocchi.server.app import create_app

PIEDMONT_GAMES = 3
TAROUX_GAMES = 2
NEWCOMER = 25.0


def play_game(client: TestClient, game: str, keys: list[str]) -> list[int]:
    """A public table of ``game``: the first player made it and sits at seat 0, each other player
    joins the seat of their place in ``keys``; every seat is handed to an easy computer player (the
    seats stay bound to their players) and the game played out at full speed. The game's totals,
    as the first player's history shows them."""
    made = public_table(client, keys[0], ["invite"] * len(keys), game)
    for seat, key in enumerate(keys[1:], start=1):
        joined = client.post(f"/api/tables/{made['id']}/join", json={"player": key, "seat": seat})
        assert joined.status_code == 200, joined.text
    hand_over_to_computers(client, made, list(range(len(keys))))
    finish(client, made["id"])
    history = client.post("/api/players/history", json={"player": keys[0]}).json()
    latest = history["games"][0]
    assert latest["id"] == made["id"]
    return [standing["total"] for standing in latest["standings"]]


def expected_order(teams: list[tuple[str, str]], ratings: dict[str, int]) -> list[str]:
    """The leaderboard's order: by rating, best first, and by name among equal ratings (each
    player has played as many games here)."""
    names = [name for team in teams for name in team]
    return sorted(names, key=lambda name: (-ratings[name], name))


def check_board(client: TestClient, game: str, teams: list[tuple[str, str]], played: int) -> dict[str, Any]:
    """The leaderboard after ``played`` games: every player counted each game, partners equal,
    the places in order; the lines by name."""
    lines = board(client, game)
    names = [name for team in teams for name in team]
    assert set(lines) == set(names), lines  # computer players seated for people are rated as them
    for name in names:
        assert lines[name]["games"] == played
        rating = 1000 + 40 * (lines[name]["mu"] - 3 * lines[name]["sigma"])  # mu and sigma shown rounded
        assert abs(lines[name]["rating"] - rating) <= 1
    for first, second in teams:
        assert (lines[first]["mu"], lines[first]["sigma"]) == (lines[second]["mu"], lines[second]["sigma"])
    shown = client.get("/api/ratings", params={"game": game}).json()[0]["ratings"]
    assert [line["place"] for line in shown] == list(range(1, len(names) + 1))
    return lines


def test_a_piedmont_series_between_two_partnerships(db_url: str) -> None:
    """Anna and Cara (South and North) against Bruno and Dario (West and East), game after game."""
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        keys = [player(client, name) for name in ("Anna", "Bruno", "Cara", "Dario")]
        teams = [("Anna", "Cara"), ("Bruno", "Dario")]
        before = NEWCOMER
        winners: set[str] = set()
        for played in range(1, PIEDMONT_GAMES + 1):
            totals = play_game(client, "piedmont", keys)
            ours, theirs = totals[0] + totals[2], totals[1] + totals[3]
            lines = check_board(client, "piedmont", teams, played)
            anna, bruno = lines["Anna"], lines["Bruno"]
            assert anna["sigma"] == pytest.approx(bruno["sigma"], abs=0.002)
            assert anna["mu"] + bruno["mu"] == pytest.approx(2 * NEWCOMER, abs=0.002)
            if ours > theirs:
                assert anna["mu"] > before, (totals, lines)
                winners.add("Anna")
            elif ours < theirs:
                assert anna["mu"] < before, (totals, lines)
                winners.add("Bruno")
            else:  # a tie pulls the two teams together
                assert abs(anna["mu"] - NEWCOMER) <= abs(before - NEWCOMER) + 0.001, (totals, lines)
            before = anna["mu"]
            if winners == {"Anna"}:  # every game so far theirs: ahead
                assert anna["rating"] > bruno["rating"]
            elif winners == {"Bruno"}:
                assert anna["rating"] < bruno["rating"]
            # equal sigmas: the higher mu is the higher rating
            assert (anna["rating"] > bruno["rating"]) <= (anna["mu"] > bruno["mu"])
            assert (anna["rating"] < bruno["rating"]) <= (anna["mu"] < bruno["mu"])
            order = [
                line["name"]
                for line in client.get("/api/ratings", params={"game": "piedmont"}).json()[0]["ratings"]
            ]
            assert order == expected_order(teams, {name: line["rating"] for name, line in lines.items()})
            if anna["rating"] != bruno["rating"]:
                assert order in (["Anna", "Cara", "Bruno", "Dario"], ["Bruno", "Dario", "Anna", "Cara"])
        history = client.post("/api/players/history", json={"player": keys[1]}).json()
        assert len(history["games"]) == PIEDMONT_GAMES
        assert history["ratings"]["piedmont"] == {"rating": lines["Bruno"]["rating"], "games": PIEDMONT_GAMES}


def test_a_taroux_series_between_three_partnerships(db_url: str) -> None:
    """Six people in Taroux's fixed partnerships: Anna and Dario, Bruno and Elena, Cara and Fabio."""
    with TestClient(create_app(db_url, undo_seconds=0)) as client:
        names = ("Anna", "Bruno", "Cara", "Dario", "Elena", "Fabio")
        keys = [player(client, name) for name in names]
        teams = [(names[seat], names[seat + 3]) for seat in range(3)]
        before = {first: NEWCOMER for first, _ in teams}
        for played in range(1, TAROUX_GAMES + 1):
            totals = play_game(client, "taroux", keys)
            team_totals = {first: totals[seat] + totals[seat + 3] for seat, (first, _) in enumerate(teams)}
            lines = check_board(client, "taroux", teams, played)
            best, worst = max(team_totals.values()), min(team_totals.values())
            if played == 1:  # from newcomers: the ratings follow the standings
                for one in team_totals:
                    for other in team_totals:
                        if team_totals[one] > team_totals[other]:
                            assert lines[one]["rating"] > lines[other]["rating"], (totals, lines)
                        elif team_totals[one] == team_totals[other]:
                            assert lines[one]["rating"] == lines[other]["rating"], (totals, lines)
            for first, total in team_totals.items():
                alone = list(team_totals.values()).count(total) == 1
                if alone and total == best and best != worst:
                    assert lines[first]["mu"] > before[first], (totals, lines)
                if alone and total == worst and best != worst:
                    assert lines[first]["mu"] < before[first], (totals, lines)
            order = [
                line["name"]
                for line in client.get("/api/ratings", params={"game": "taroux"}).json()[0]["ratings"]
            ]
            assert order == expected_order(teams, {name: line["rating"] for name, line in lines.items()})
            before = {first: lines[first]["mu"] for first in before}
