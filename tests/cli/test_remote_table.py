"""The terminal at a seat of a real server's table (``tarocchi play LINK``): a hand played to its
end through the websocket, an illegal card refused in one line, and a bad token, a closed server
and Ctrl-C each ending in one clear line. Every wait is bounded."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from typing import Any

import pytest
from remoteterm import Terminal, Watcher, new_table
from serverproc import Server, free_port, serving

from tarocchi.core.registry import get_game
from tarocchi.server.pace import SCALE_VARIABLE

HAND_SECONDS = 180
"""How long one hand may take, the terminal answering each prompt, under load."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("remote"), env={SCALE_VARIABLE: "0"}) as running:
        yield running


def told(watcher: Watcher, seconds: float) -> dict[str, Any]:
    """The watcher's newest state: every message that arrived, after waiting ``seconds`` at most
    for the first (an event wait: no pause once the server has spoken)."""
    timeout = seconds
    while True:
        try:
            message = json.loads(watcher.socket.recv(timeout=timeout))
        except TimeoutError:
            return watcher.state
        if message["type"] == "state":
            watcher.state = message
        timeout = 0


@pytest.mark.parametrize("game", ["piedmont", "sicilian"])
def test_the_terminal_plays_a_hand_at_a_server_table(server: Server, game: str) -> None:
    table, token, link = new_table(server, game)
    watcher = Watcher(server, table, token)
    terminal = Terminal(link)
    name = get_game(game).seat_name(0)
    prompt = f"{name}> "
    terminal.wait_for(f"you are {name}")
    deadline = time.monotonic() + HAND_SECONDS
    answered = 0
    acted = watcher.latest()["version"] - 1  # South answers states of later versions only
    refused = False
    while "Press Enter for the next hand" not in terminal.text():
        assert time.monotonic() < deadline, (
            f"the hand did not end; the terminal said:\n{terminal.text()[-3000:]}"
        )
        assert terminal.process.poll() is None, terminal.text()[-3000:]
        if terminal.text().count(prompt) <= answered:
            time.sleep(0.05)
            continue
        state = told(watcher, 0.05)
        if state["view"]["to_act"] != 0 or state["version"] <= acted:
            continue  # the watcher is not yet told of the turn the terminal prompts for
        answered += 1
        legal = state["view"]["legal_actions"]
        held = set(state["view"]["hand"].split())
        if not refused and set(legal) <= held and held - set(legal):
            # a card held but not playable now: the server says why, and the prompt comes back
            terminal.type(sorted(held - set(legal))[0])
            refused = True
            terminal.wait_for("Refused: ", seconds=10)
            continue
        terminal.type(legal[0])
        acted = state["version"]
    text = terminal.text()
    assert "Hand 1" in text and "This hand:" in text and "Totals:" in text
    if game == "piedmont":  # no auction: the person plays cards every hand (a Sicilian hand may be thrown in)
        assert refused, "no card was refused"
    assert answered > 0
    terminal.process.stdin.close()  # type: ignore[union-attr]
    assert terminal.ended() == 0
    assert "you left the table" in terminal.text()
    watcher.opened.close()


def test_a_bad_token_a_closed_server_and_ctrl_c_end_in_one_line(server: Server) -> None:
    table, _, link = new_table(server, "piedmont")
    wrong = Terminal("--server", server.base, "--token", "not-a-token")
    assert wrong.ended() == 1
    assert "that token opens no seat" in wrong.text() and "Traceback" not in wrong.text()

    forged = Terminal(f"{server.base}/table.html?id={table}#forged")
    assert forged.ended() == 1
    assert "that link opens no seat" in forged.text() and "Traceback" not in forged.text()

    closed = Terminal("--server", f"http://127.0.0.1:{free_port()}", "--token", "x")
    assert closed.ended() == 1
    assert "cannot reach the server" in closed.text() and "Traceback" not in closed.text()

    sitting = Terminal(link)
    sitting.wait_for("you are South")
    sitting.process.send_signal(signal.SIGINT)
    assert sitting.ended() == 130
    assert "Interrupted: you left the table" in sitting.text() and "Traceback" not in sitting.text()
