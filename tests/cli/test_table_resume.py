"""The table as players expect it: resume a saved game, forced moves played for you,
discards checked as a whole, undo, every trick on request, a whole discard in one hint, and the
question before leaving at a terminal. Deals come from notation (conftest), never from a seed."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from click.testing import Result
from rich.console import Console
from rich.text import Text

from tarocchi.cli.play import TableSession, table_seats
from tarocchi.core.match import Match
from tarocchi.core.protocol import Deal
from tarocchi.core.record import load, replay
from tarocchi.core.registry import get_game

Invoke = Callable[..., Result]


def autos(count: int = 120) -> str:
    return "auto\n" * count


def start(
    invoke: Invoke, write_deals: Callable[[int], Path], record: Path, lines: str, *extra: str
) -> Result:
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seed", "3", "--record", str(record))
    return invoke(*args, *extra, input=lines)


# -- resume -------------------------------------------------------------------------------
def test_quit_mid_hand_then_resume_goes_on_with_the_same_cards_and_the_record_replays_complete(
    invoke: Invoke, write_deals: Callable[[int], Path], deal: Deal, tmp_path: Path
) -> None:
    record = tmp_path / "game.json"
    first = start(invoke, write_deals, record, "discard 2E 3E\n5E 4E\nauto\nquit\n")
    assert first.exit_code == 0, first.output
    assert "You left the table during hand 1." in first.output
    assert f"Resume it with: tarocchi play --resume {record}" in first.output
    saved = load(record)
    stopped = saved["hands"][0]["actions"]
    assert stopped[:4] == [[0, "discard 2E"], [0, "discard 3E"], [0, "discard 5E"], [0, "discard 4E"]]
    assert replay(saved).complete is False

    second = invoke("play", "--resume", str(record), input=autos())
    out = second.output
    assert second.exit_code == 0, out
    assert f"resumed from {record} in hand 1 of 4. You are South." in out
    assert "Computer players: medium." in out
    assert "  ♣ Earth   KE 8E 7E 6E AE" in out  # the same cards: the discard is done
    assert "Game over" in out and f"Record saved to {record}" in out
    data = load(record)
    hand = data["hands"][0]
    assert hand["deal"] == deal.to_json() and hand["actions"][: len(stopped)] == stopped
    assert data["players"] == saved["players"] and data["seed"] == 3
    summary = replay(data)
    assert summary.complete and summary.hands == 4


def test_resume_keeps_the_seat_and_the_levels_and_may_save_elsewhere(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record, other = tmp_path / "north.json", tmp_path / "other.json"
    args = ("play", "piedmont", "--deals", str(write_deals(4)), "--seat", "2", "--level", "easy,hard,medium")
    invoke(*args, "--record", str(record), input="quit\n")
    before = load(record)
    assert before["players"] == ["easy (random)", "hard (search)", "human", "medium (heuristic)"]
    result = invoke("play", "--resume", str(record), "--record", str(other), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "You are North." in result.output
    assert "Computer players: South easy, West hard, East medium." in result.output
    assert f"Resume it with: tarocchi play --resume {other}" in result.output
    assert load(other)["hands"] == before["hands"] and load(record) == before


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("finished", "cannot resume: the game of this record is over (complete: true): there is nothing"),
        ("totals", "cannot resume: record: totals are"),
        ("players", 'cannot resume: no single seat is "human" in its players'),
        ("level", 'cannot resume: seat 1 is "grandmaster", which names no computer level'),
        ("json", "not a JSON file"),
    ],
)
def test_a_record_that_cannot_be_resumed_gives_one_clear_line(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path, change: str, message: str
) -> None:
    record = tmp_path / "r.json"
    lines = autos(200) if change == "finished" else "quit\n"
    start(invoke, write_deals, record, lines)
    data = load(record)
    if change == "totals":
        data["totals"][0] += 1
    elif change == "players":
        data["players"] = ["a", "b", "c", "d"]
    elif change == "level":
        data["players"][1] = "grandmaster"
    record.write_text("{" if change == "json" else json.dumps(data), encoding="utf-8")
    result = invoke("play", "--resume", str(record), input="quit\n")
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.strip()]
    assert len(errors) == 1 and errors[0].startswith(f"Error: {record}"), result.output
    assert message in errors[0]


def test_resume_takes_everything_from_the_record(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("play", "piedmont", "--seat", "1", "--resume", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "drop GAME, --seat" in result.output
    assert "Missing argument 'GAME' (or --resume FILE)" in invoke("play").output


def test_ctrl_c_prints_the_resume_command(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(self: Console, *args: object, **kwargs: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "input", interrupted)
    record = tmp_path / "int.json"
    result = start(invoke, write_deals, record, "")
    assert result.exit_code == 130
    assert f"Resume it with: tarocchi play --resume {record}" in result.output


def test_table_seats_read_the_names_tarocchi_play_writes() -> None:
    game = get_game("piedmont")
    names = ["medium (heuristic)", "human", "easy (random)", "hard (search)"]
    assert table_seats(game, names) == (1, {0: "medium", 2: "easy", 3: "hard"})
    with pytest.raises(ValueError, match="no single seat"):
        table_seats(game, ["human", "human", "easy (random)", "easy (random)"])


# -- leaving at a terminal -----------------------------------------------------------------
class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def terminal_session(
    tmp_path: Path, deal: Deal, answers: list[str]
) -> tuple[TableSession, list[str], io.StringIO]:
    game = get_game("piedmont")
    match = Match(game, first_dealer=0, deals=[deal] * 4, players=["human", "a", "b", "c"])
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, force_terminal=False)
    with mock.patch.object(sys, "stdin", Terminal()):
        session = TableSession(
            console, game, match, 0, 1, tmp_path / "t.json", {1: "easy", 2: "easy", 3: "easy"}, True, True
        )
    prompts: list[str] = []
    script = iter(answers)

    def typed(prompt: Text | str = "", **_: object) -> str:
        prompts.append(str(prompt))
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    session.ask = typed  # type: ignore[method-assign]
    return session, prompts, out


def test_quit_at_a_terminal_asks_first_and_no_keeps_playing(tmp_path: Path, deal: Deal) -> None:
    session, prompts, out = terminal_session(tmp_path, deal, ["quit", "n", "discard 2E", "quit", "y"])
    assert session.run() == 0
    command = f"tarocchi play --resume {tmp_path / 't.json'}"
    assert prompts.count("Leave the table? [y/N] ") == 2
    assert out.getvalue().count(f"The game is saved and can be resumed with: {command}\n") == 2
    assert session.match.hand.actions and str(session.match.hand.actions[0][1]) == "discard 2E"
    assert "You left the table during hand 1." in out.getvalue()


def test_ctrl_d_at_a_terminal_asks_too(tmp_path: Path, deal: Deal) -> None:
    session, prompts, out = terminal_session(tmp_path, deal, [])  # end of input at once, and again
    assert session.run() == 0
    assert sum(p.startswith("Leave the table?") for p in prompts) == 1
    assert "End of input during hand 1." in out.getvalue() and "Resume it with" in out.getvalue()


def test_at_every_prompt_the_record_on_disk_holds_every_action_so_far(tmp_path: Path, deal: Deal) -> None:
    """A kill at the prompt loses nothing: what was saved last is the game as it stands, the
    computer players' actions since the human's last one included."""
    session, _, _ = terminal_session(tmp_path, deal, [])
    lines = iter(["discard 2E 3E 4E 5E", *["auto"] * 30])
    saved: list[bool] = []

    def typed(prompt: Text | str = "", **_: object) -> str:
        data = load(tmp_path / "t.json")
        played = [[seat, str(action)] for seat, action in session.match.hand.actions]
        saved.append(
            len(data["hands"]) == len(session.match.hands) and data["hands"][-1]["actions"] == played
        )
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    session.ask = typed  # type: ignore[method-assign]
    assert session.run() == 0
    assert len(session.match.hands) > 1  # the prompts of a second hand too
    assert len(saved) > 30 and all(saved)


# -- forced moves, undo, tricks, hint -----------------------------------------------------
def test_forced_moves_play_themselves_unless_autoplay_is_off(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    on = start(invoke, write_deals, tmp_path / "on.json", autos(200))
    forced = re.findall(r"forced: (\S+) \(your only legal card\)", on.output)
    assert len(forced) >= 4  # at least each hand's last card
    assert replay(load(tmp_path / "on.json")).complete
    off = start(invoke, write_deals, tmp_path / "off.json", autos(200), "--no-autoplay")
    assert "forced:" not in off.output
    toggled = start(invoke, write_deals, tmp_path / "t.json", "autoplay off\nautoplay maybe\n" + autos(200))
    assert "autoplay off: your only legal move is left to you" in toggled.output
    assert "autoplay on or autoplay off (it is off)" in toggled.output
    assert "forced:" not in toggled.output


def test_undo_takes_back_ones_own_discards_and_the_record_forgets_them(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    record = tmp_path / "undo.json"
    lines = "undo\n5E 4E\nundo\n3E 2E 4E\nundo\n"
    result = start(invoke, write_deals, record, lines)
    out = result.output
    assert "Cannot undo: nothing has been played in this hand yet" in out
    assert "undone: discard 4E" in out
    assert "Cannot undo: the last action (" in out and "was East's: only your own latest actions" in out
    actions = load(record)["hands"][0]["actions"]
    assert actions[:4] == [[0, "discard 5E"], [0, "discard 3E"], [0, "discard 2E"], [0, "discard 4E"]]
    assert [seat for seat, _ in actions[4:]] == [1, 2, 3]
    assert replay(load(record)).actions == len(actions)


def test_tricks_shows_every_completed_trick_of_the_hand(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path
) -> None:
    result = start(invoke, write_deals, tmp_path / "tricks.json", "tricks\n" + "auto\n" * 7 + "tricks\n")
    out = result.output
    assert "No trick has been completed in this hand yet." in out
    lines = [line for line in out.splitlines() if line.startswith("Trick ") and "(led by " in line]
    numbers = [int(line.split()[1].rstrip(":")) for line in lines]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 2
    assert all("won by" in line for line in lines)
    assert lines[0].endswith("(led by West)")  # West (Eldest) leads the first trick


def test_hint_suggests_the_whole_discard(
    invoke: Invoke, write_deals: Callable[[int], Path], tmp_path: Path, full_hints: None
) -> None:
    """South deals, so the first decision is a discard: the hint names the whole of it and the
    average the hard player's search expects, and applies nothing (quit then saves a record with
    no action for South). The whole search of a discard is the costliest hint: the table tests
    ask it here and in test_table_wrapping.py only."""
    result = start(invoke, write_deals, tmp_path / "hint.json", "hint\nquit\n")
    assert result.exit_code == 0, result.output
    hint = [line for line in result.output.splitlines() if line.startswith("hint: ")]
    assert len(hint) == 1, result.output
    words = hint[0].split(":")[1].split()
    assert words[0] == "discard" and len(words) == 5  # hint: discard C1 C2 C3 C4: why
    assert "game points for you over 20 deals of the unseen cards" in hint[0]
    assert re.search(r"; it (voids|shortens) ", hint[0])
    assert "You left the table during hand 1." in result.output
    assert load(tmp_path / "hint.json")["hands"][0]["actions"] == []  # a hint applies nothing


# -- Taroux: an Abundance in one line ------------------------------------------------------
ABUNDANT = """
0: T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 KE
1: T12 T13 T14 T15 T16 T17 T18 T19 KA QA CA JA
2: T20 T21 FOOL QE CE JE 10E 9E 8E 7E 6E 5E
3: KF QF CF JF 10F 9F 8F 7F 6F 5F 4F 3F
4: KW QW CW JW 10W 9W 8W 7W 6W 5W 4W 3W
5: 4E 3E 2E AE 10A 9A 8A 7A 6A 5A 4A 3A
stock: 2A AA 2F AF 2W AW
"""
"""Seat 0 holds eleven trumps: after 'without' and five passes it declares first (T6)."""


def declaring(tmp_path: Path, stdin: io.StringIO) -> tuple[TableSession, io.StringIO]:
    game = get_game("taroux")
    deal = Deal.parse(game.deck, ABUNDANT)
    match = Match(game, first_dealer=5, deals=[deal] * game.hands_per_game())
    for seat, call in enumerate(["without", "pass", "pass", "pass", "pass", "pass"]):
        match.submit(seat, game.parse_action(call, match.state))
    assert match.to_act() == 0 and match.view(0).phase_name == "declare"
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None, force_terminal=False)
    easy = {s: "easy" for s in range(1, 6)}
    with mock.patch.object(sys, "stdin", stdin):
        session = TableSession(console, game, match, 0, 1, tmp_path / "x.json", easy, True, True)
    return session, out


def shows(session: TableSession) -> list[str]:
    return [str(a) for seat, a in session.match.hand.actions if seat == 0 and str(a).startswith("show")]


def test_an_abundance_is_shown_in_one_line_checked_as_a_whole(tmp_path: Path) -> None:
    lines = ["show T3 T4 FOOL", "show T3 T4 T4", "show T3 T4 T5 T6 T7 T8", "done"]
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    session, out = declaring(tmp_path, stdin)
    with mock.patch.object(sys, "stdin", stdin):
        assert session.run() == 0
    text = out.getvalue()
    assert "show FOOL: FOOL is not in your hand. Nothing applied (show T3 T4 FOOL)." in text
    assert "show T4: T4 is already shown. Nothing applied (show T3 T4 T4)." in text
    assert shows(session) == [f"show T{n}" for n in range(3, 9)]
    assert "Small Abundance of 6 trumps" in text


def test_done_before_any_show_asks_first_at_a_terminal(tmp_path: Path) -> None:
    session, out = declaring(tmp_path, Terminal())
    answers = iter(["done", "n", "show T1 T2 T3 T4 T5 T6 T7", "done"])
    prompts: list[str] = []

    def typed(prompt: Text | str = "", **_: object) -> str:
        prompts.append(str(prompt))
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    session.ask = typed  # type: ignore[method-assign]
    with mock.patch.object(sys, "stdin", Terminal()):
        session.run()
    assert "done all the same? [y/N] " in prompts
    assert "Done gives up your Abundance: you have shown no trump." in out.getvalue()
    assert "Not taken: done." in out.getvalue()
    assert shows(session) == [f"show T{n}" for n in range(1, 8)]
