"""The terminal takes back its seat from a computer player: a person at a real server's table by
``tarocchi play LINK`` leaves, the table's creator seats a computer player in their place, and
the same command, on their return, says so, takes the seat back at their Enter and plays on (the
next move accepted by the server). Declining leaves the computer player a friend's word seated
there; a game the computer player finished is told. Every wait is bounded."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from remoteterm import WAIT, Socket, Terminal, Watcher
from serverproc import Server, http, serving

from tarocchi.server.around import GRACE_VARIABLE
from tarocchi.server.pace import SCALE_VARIABLE


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {SCALE_VARIABLE: "0", GRACE_VARIABLE: "0"}
    with serving(tmp_path_factory.mktemp("reclaim"), env=env) as running:
        yield running


class Friend(threading.Thread):
    """The other person at the table (seat 1): plays their first legal move whenever it is theirs
    to, while ``playing`` is set; the table waits on them otherwise."""

    def __init__(self, server: Server, table: str, token: str) -> None:
        super().__init__(daemon=True)
        self.socket = Socket(server, table, {"token": token})
        self.playing = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                message = json.loads(self.socket.socket.recv(timeout=0.2))
            except TimeoutError:
                message = None
            except Exception:  # closed at the test's end
                return
            if message is not None and message["type"] == "state":
                self.socket.state = message
            state = self.socket.state
            if (
                state
                and self.playing.is_set()
                and state["view"]["to_act"] == 1
                and not state["table"]["over"]
            ):
                self.socket.send(
                    {"type": "act", "action": state["view"]["legal_actions"][0], "version": state["version"]}
                )
                self.socket.state = {}  # the next state, not this one again

    def close(self) -> None:
        self.stop.set()
        self.join(timeout=10)
        self.socket.close()


def new_table(server: Server, west: str = "invite", public: bool = False) -> tuple[dict[str, Any], str]:
    """A Piedmont table made by Anna (a player, not seated): South invited (the terminal's person),
    West ``west`` (a friend invited, or a computer player), North and East easy computer players;
    (the table, Anna's key)."""
    anna = http.post(f"{server.base}/api/players", json={"name": "Anna"}).json()["key"]
    answer = http.post(
        f"{server.base}/api/tables",
        json={
            "game": "piedmont",
            "seats": ["invite", west, "easy", "easy"],
            "player": anna,
            "public": public,
        },
    )
    assert answer.status_code == 201, answer.text
    return answer.json(), anna


def play_one_move(terminal: Terminal, server: Server, table: str, token: str) -> dict[str, Any]:
    """At the terminal's first prompt to play (the terminal answered none before), type South's
    first legal move (as the server lists it); the state in which the server took it (South's
    card or call among the events)."""
    watcher = Watcher(server, table, token)
    try:
        deadline = time.monotonic() + WAIT
        while True:
            assert time.monotonic() < deadline, (
                f"no prompt to play; the terminal said:\n{terminal.text()[-3000:]}"
            )
            assert terminal.process.poll() is None, terminal.text()[-3000:]
            state = watcher.latest()
            if "South> " in terminal.text() and state["view"]["to_act"] == 0:
                break
            time.sleep(0.05)
        move = state["view"]["legal_actions"][0]
        terminal.type(move)
        version = state["version"]
        while (taken := watcher.latest())["version"] == version:
            assert time.monotonic() < deadline, f"the move {move} was not taken:\n{terminal.text()[-3000:]}"
        assert any(e["seat"] == 0 and e["action"] == move for e in taken["view"]["events"]), (
            move,
            taken["view"],
        )
        return taken
    finally:
        watcher.opened.close()


def the_creator(server: Server, table: str, anna: str) -> Socket:
    """Anna at her table, by her player key: its creator."""
    creator = Socket(server, table, {"player": anna})
    creator.until(lambda m: m["type"] == "you" and m["creator"], "word that Anna made the table")
    return creator


def replace_south(asking: Socket) -> None:
    """A computer player at South, whose person left, at the word of ``asking`` (the table's
    creator, or at a public table the one other person there); the socket is closed after."""
    try:
        deadline = time.monotonic() + WAIT
        while True:  # the server hears the terminal's connection close a moment after it ends
            asking.send({"type": "replace", "seat": 0})
            answer = asking.until(
                lambda m: (
                    m["type"] == "error"
                    or (m["type"] == "state" and m["table"]["seats"][0]["kind"] != "invite")
                ),
                "answer to replace",
            )
            if answer["type"] == "state":
                break
            assert answer["code"] == "replace" and time.monotonic() < deadline, answer
            time.sleep(0.2)
        assert answer["table"]["seats"][0]["kind"] == "medium"
        assert answer["table"]["reclaimable"] == [0]
    finally:
        asking.close()


def test_the_terminal_takes_back_its_seat_from_the_computer_and_plays_on(server: Server) -> None:
    made, anna = new_table(server)
    table, south, west = made["id"], made["seats"][0], made["seats"][1]
    friend = Friend(server, table, west["token"])
    friend.start()
    friend.playing.set()
    terminal = Terminal(f"{server.base}{south['link']}")
    try:
        terminal.wait_for("you are South")
        play_one_move(terminal, server, table, south["token"])
        friend.playing.clear()  # the table waits on West while South is away
        terminal.type("quit")
        assert terminal.ended() == 0
        replace_south(the_creator(server, table, anna))

        back = Terminal(f"{server.base}{south['link']}")
        back.wait_for("Press Enter to take your seat back")
        said = back.text()
        assert "A computer player (medium) took your seat, South, while you were away" in said
        assert "Refused" not in said and "Traceback" not in said
        back.type("")
        back.wait_for("You took your seat back")
        back.wait_for("you are South")
        friend.playing.set()
        taken = play_one_move(back, server, table, south["token"])
        assert taken["table"]["seats"][0]["kind"] == "invite" and taken["table"]["seat"] == 0
        assert "Refused" not in back.text()
        back.type("quit")
        assert back.ended() == 0
    finally:
        friend.close()
        if terminal.process.poll() is None:
            terminal.process.kill()


def test_the_terminal_may_leave_the_computer_player_in_the_seat(server: Server) -> None:
    made, _ = new_table(server, public=True)
    table, south = made["id"], made["seats"][0]
    west = Socket(server, table, {"token": made["seats"][1]["token"]})
    west.until(lambda m: m["type"] == "state", "West's seat")
    replace_south(west)  # South's person never came; West, the one other person there, asks
    declining = Terminal("--server", server.base, "--token", south["token"])  # the token finds its table
    declining.wait_for("Press Enter to take your seat back")
    declining.type("later")  # neither Enter nor quit: asked again
    declining.wait_for('"later": press Enter to take your seat back, or type quit')
    declining.type("quit")
    assert declining.ended() == 0
    assert "You left the table" in declining.text() and "Traceback" not in declining.text()
    seats = http.get(f"{server.base}/api/tables/{table}").json()["seats"]
    assert seats[0]["kind"] == "medium"  # still the computer player's


def test_a_game_the_computer_player_finished_is_told_on_return(server: Server) -> None:
    made, anna = new_table(server, west="easy")
    table, south = made["id"], made["seats"][0]
    replace_south(the_creator(server, table, anna))  # nobody waits on a person now: the game is played out
    deadline = time.monotonic() + 4 * WAIT
    while not http.get(f"{server.base}/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the computer players did not finish the game"
        time.sleep(0.2)
    late = Terminal(f"{server.base}{south['link']}")
    assert late.ended() == 0
    assert "The game ended while a computer player held your seat (South): " in late.text()
    assert "Press Enter" not in late.text() and "Traceback" not in late.text()
