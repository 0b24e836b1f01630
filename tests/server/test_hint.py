"""Against computer players a person may ask what the hard player would do, and why; at
a table with other people nobody may (a hint would help one player only). A hint comes within the
hard player's time, a whole discard's too, however busy the computer players are."""

from __future__ import annotations

import random
import threading
import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from test_play import until_my_turn

from tarocchi.bots.hint import SMALLEST_SEARCH, hint
from tarocchi.bots.search import SearchPlayer
from tarocchi.core.actions import Discard
from tarocchi.core.match import Match
from tarocchi.core.registry import available_games, get_game
from tarocchi.server.tables import HARD_SECONDS


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


def discard_to_hint(game_id: str) -> tuple[Any, int]:
    """A state of ``game_id`` where a seat is to lay cards aside, reached by random legal play
    (whatever the deals: hands are played until one comes to a discard)."""
    game = get_game(game_id)
    rng = random.Random(0)  # which legal action is picked; any deal comes to a discard in time
    for _ in range(200):
        match = Match(game, seed=rng.randrange(2**62), first_dealer=0)
        while (seat := match.to_act()) is not None:
            legal = match.view(seat).legal_actions
            if len(legal) > 1 and all(isinstance(a, Discard) for a in legal):
                return match.state, seat
            match.submit(seat, rng.choice(legal))
    raise AssertionError(f"no {game_id} hand came to a discard")


@pytest.mark.parametrize("game_id", ["piedmont", "sicilian"])
def test_a_whole_discard_is_hinted_within_the_hard_players_time(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A discard hint names every card at once, its searches sharing the hard player's time for
    one decision (searching each card for the whole time took several times as long): the times
    the searches are given, not a busy machine's clock."""
    state, seat = discard_to_hint(game_id)
    given: list[float | None] = []
    evaluate = SearchPlayer.evaluate

    def timed(player: SearchPlayer, view: Any, rng: random.Random) -> Any:
        given.append(player.seconds)
        return evaluate(player, view, rng)

    monkeypatch.setattr(SearchPlayer, "evaluate", timed)
    found = hint(get_game(game_id), state, seat, random.Random(0), HARD_SECONDS)
    assert len(found.actions) > 1 and all(isinstance(a, Discard) for a in found.actions)
    assert given and all(seconds is not None and seconds > 0 for seconds in given), given
    assert sum(s for s in given if s is not None) <= HARD_SECONDS + SMALLEST_SEARCH * len(given), given


def test_a_hint_does_not_wait_behind_busy_computer_players(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tables of hard computer players keep every worker thinking; a hint is still answered, as
    it thinks in threads of its own (a hint queued behind the computer players waited for several
    of their decisions; a busy machine's clock only bounds it loosely)."""
    threads: list[str] = []

    def hinted(*arguments: Any) -> Any:
        threads.append(threading.current_thread().name)
        return hint(*arguments)

    monkeypatch.setattr("tarocchi.server.tables.hint", hinted)
    busy = [create(client, "sicilian", ["hard"] * 4) for _ in range(6)]
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    with ExitStack() as stack:
        for other in busy:  # a spectator's hello sets each table going
            watching = Seat(stack.enter_context(client.websocket_connect(f"/ws/{other['id']}")))
            watching.send({"type": "hello"})
            watching.next_state()
        seat = Seat(stack.enter_context(client.websocket_connect(f"/ws/{table['id']}")))
        seat.send({"type": "hello", "token": table["seats"][0]["token"]})
        until_my_turn(seat, 0)
        time.sleep(1.5)  # the hard players are all thinking by now
        took = []
        for _ in range(3):
            start = time.perf_counter()
            seat.send({"type": "hint"})
            while seat.next()["type"] != "hint":
                pass
            took.append(time.perf_counter() - start)
    assert len(threads) == 3 and all(name.startswith("tarocchi-hints") for name in threads), threads
    assert max(took) < 3 * HARD_SECONDS, took
