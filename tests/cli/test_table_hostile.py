"""Hostile lines at the terminal table: each gets one clear refusal line of at most ~300 printable
characters and the prompt comes back; never a traceback, a hang, a memory blow-up or a lost game.
The end of input (even a closed stdin), Ctrl-C while a computer thinks and an unforeseen error
all save the record of the game so far."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from tarocchi.bots import Player
from tarocchi.cli.play import EXIT_ERROR, EXIT_INTERRUPTED, LINE_LIMIT, TableSession
from tarocchi.core.match import Match
from tarocchi.core.record import load, replay
from tarocchi.core.registry import available_games, get_game
from tarocchi.core.text import MESSAGE_LIMIT
from tarocchi.core.views import PlayerView

GAMES = available_games()
ESCAPES = ("\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "\x9b31m", "\x1bP+q\x1b\\", "\u202eevil", "\x00\x08\x7f")


class Terminal(io.StringIO):
    """Standard input that says it is a terminal, so the session reads with ``input()``."""

    def isatty(self) -> bool:
        return True


class Table:
    """One session of ``game_id`` at a seat, its output and record, fed ``stdin``."""

    def __init__(self, game_id: str, record: Path, stdin: Any, seat: int = 0, seed: int = 1) -> None:
        self.game = get_game(game_id)
        self.match = Match(self.game, seed=seed)
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=120, color_system=None, force_terminal=False)
        self.record = record
        self.stdin = stdin
        easy = {s: "easy" for s in range(self.game.players) if s != seat}
        with self.reading():
            self.session = TableSession(self.console, self.game, self.match, seat, seed, record, easy)

    @contextmanager
    def reading(self) -> Iterator[None]:
        with mock.patch.object(sys, "stdin", self.stdin):
            yield

    def run(self) -> int:
        with self.reading():
            return self.session.run()

    @property
    def output(self) -> str:
        return self.out.getvalue()

    def actions(self) -> int:
        return sum(len(hand.actions) for hand in self.match.hands)


def piped(lines: list[str] | bytes) -> io.TextIOWrapper:
    data = lines if isinstance(lines, bytes) else "".join(f"{line}\n" for line in lines).encode()
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def assert_safe_output(output: str) -> None:
    """No raw control character at all; no line over the limit but the full list ``legal`` asks for."""
    for line in output.splitlines():
        assert line.isprintable(), f"raw control character in {line!r}"
        if not line.startswith("Legal now:"):
            assert len(line) <= MESSAGE_LIMIT, f"{len(line)} characters: {line[:100]}…"


def assert_saved(table: Table) -> dict[str, Any]:
    """The record holds every action the match saw, and replays."""
    data = load(table.record)
    assert replay(data).actions == table.actions()
    assert f"saved to {table.record}" in table.output
    return data


# -- the property: random and malformed lines, every game -----------------------------------------
COMMANDS = ("help", "hand", "legal", "last", "score", "auto", "AUTO", "quit")
WORDS = (
    "discard", "d", "play", "p", "take", "throw", "throw for", "pay", "rally", "show", "bid",
    "capot", "with", "without", "against", "self", "pass", "ours", "yours", "confirm", "reverse",
    "silent", "hold", "prop", "cop", "coinche", "surcoinche", "contra", "recontra", "stand", "first",
    "second", "sparrow", "slam", "done", "nt", "h", "s", "north-east",
)  # fmt: skip


def tokens(game_id: str) -> st.SearchStrategy[str]:
    codes = [card.code for card in get_game(game_id).deck.cards]
    return st.one_of(
        st.sampled_from(COMMANDS),
        st.sampled_from(WORDS),
        st.sampled_from(codes),
        st.sampled_from(codes).map(str.lower),
        st.integers(-(10**4), 10**4).map(str),
        st.integers(LINE_LIMIT - 5, 6_000).map(lambda n: "9" * n),
        st.integers(LINE_LIMIT - 5, 6_000).map(lambda n: "x" * n),
        st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
        st.text(st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), min_size=1, max_size=4),
        st.sampled_from(ESCAPES),
        st.text(max_size=10),
    )


def lines(game_id: str) -> st.SearchStrategy[bytes]:
    """A line as bytes: words and tokens joined, random text, or bytes that are no UTF-8."""
    joined = st.tuples(
        st.lists(tokens(game_id), min_size=1, max_size=6), st.sampled_from([" ", "  ", "\t", ",", ""])
    ).map(lambda parts: parts[1].join(parts[0]))
    text = st.one_of(st.sampled_from(COMMANDS[:-1]), joined, st.text(max_size=40))
    return st.one_of(text.map(lambda line: line.encode("utf-8")), st.binary(max_size=20))


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_and_malformed_lines_never_crash_the_table_nor_lose_the_game(
    game_id: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    players = get_game(game_id).players
    seat = data.draw(st.integers(0, players - 1), label="seat")
    typed = data.draw(st.lists(lines(game_id), max_size=15), label="lines")
    record = tmp_path_factory.mktemp(game_id) / "record.json"
    table = Table(game_id, record, piped(b"".join(line + b"\n" for line in typed)), seat=seat)
    assert table.run() == 0  # end of input or quit; EXIT_ERROR would mean a crash was caught
    assert_safe_output(table.output)
    saved = assert_saved(table)
    assert saved["complete"] is table.match.over


# -- the reported cases, one by one ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("game_id", "line", "refusal"),
    [
        ("sicilian", "pay ²", "'pay ²': write 'pay N' with N a whole number from 1 to 63"),
        ("sicilian", "throw ٣", "'throw ٣': write 'throw N' with N a whole number from 0 to 63"),
        ("sicilian", "pay --5", "'pay --5': write 'pay N'"),
        ("sicilian", "take " + "7" * 5_000, f"at most {LINE_LIMIT} characters"),
        ("sicilian", "take " + "7" * 150, "write 'take S' with S the seat"),
        ("taroinche", "90 ² without 3", "'90 ² without 3': '²' does not fit"),
        ("taroinche", "9" * 5_000, f"at most {LINE_LIMIT} characters"),
        ("taroinche", "9" * 150, f"{'9' * 20}… is not a bid value"),
        ("taroinche", "--5", "'--5' is not a card"),
        ("piedmont", "--5", "'--5' is not a card"),
        ("taroux", "--5", "'--5' is not an action"),
    ],
)
def test_numbers_that_crashed_the_table_get_one_refusal_and_play_goes_on(
    game_id: str, line: str, refusal: str, tmp_path: Path
) -> None:
    table = Table(game_id, tmp_path / "r.json", piped([line, "auto"]))
    assert table.run() == 0
    output = table.output
    assert output.count(refusal) == 1
    assert "End of input during hand" in output  # the auto move may end the hand (an offer taken)
    assert sum([seat for seat, _ in hand.actions].count(0) for hand in table.match.hands) == 1
    assert_safe_output(output)
    assert_saved(table)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("escape", ESCAPES)
def test_escape_sequences_are_shown_escaped_in_the_echo_and_the_refusal(
    game_id: str, escape: str, tmp_path: Path
) -> None:
    table = Table(game_id, tmp_path / "r.json", piped([escape, f"play {escape}", escape * 100]))
    table.run()
    output = table.output
    visible = repr(escape[0])[1:-1]  # e.g. \x1b
    assert visible in output
    assert output.count(f"> {visible}") >= 2  # the echo of the first and the third line
    assert_safe_output(output)


def test_a_line_over_the_limit_is_refused_in_one_line_and_the_prompt_comes_back(tmp_path: Path) -> None:
    table = Table(
        "piedmont", tmp_path / "r.json", piped(["x" * (LINE_LIMIT + 1), "é" * 201, "x" * LINE_LIMIT])
    )
    table.run()
    output = table.output
    assert output.count(f"A line may hold at most {LINE_LIMIT} characters; that one was longer.") == 2
    assert f"'{'x' * 20}…' is not a card" in output  # a line of exactly the limit is read
    assert_safe_output(output)


def test_a_20_mb_line_is_never_held_in_memory(tmp_path: Path) -> None:
    stdin = piped(("T" + "x" * 20_000_000 + "\nauto\n").encode())
    table = Table("piedmont", tmp_path / "r.json", stdin)
    tracemalloc.start()
    try:
        code = table.run()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 0
    assert peak < 10_000_000, f"{peak:,} bytes to read a 20 MB line"
    assert f"at most {LINE_LIMIT} characters" in table.output
    assert [seat for seat, _ in table.match.hand.actions].count(0) == 1  # then the auto was played
    assert_safe_output(table.output)


def test_bytes_that_are_no_utf8_are_refused_like_any_text(tmp_path: Path) -> None:
    table = Table("piedmont", tmp_path / "r.json", piped(b"\xff\xfe\x80K\xc3E\n\xedauto\nauto\n"))
    assert table.run() == 0
    assert "'\ufffd\ufffd\ufffdK\ufffdE' is not a card" in table.output
    assert_safe_output(table.output)
    assert_saved(table)


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_a_missing_or_closed_stdin_is_the_end_of_input(stdin: str | None, tmp_path: Path) -> None:
    stream: Any = None
    if stdin == "closed":
        stream = piped([])
        stream.close()
    table = Table("piedmont", tmp_path / "r.json", stream)
    assert table.run() == 0
    assert "End of input during hand 1." in table.output
    assert load(table.record)["complete"] is False


def _close_stdin() -> None:
    os.close(0)


@pytest.mark.parametrize("closed", [False, True], ids=["devnull", "closed"])
def test_the_real_command_with_no_input_saves_the_record(closed: bool, tmp_path: Path) -> None:
    """``tarocchi play piedmont < /dev/null`` and ``<&-`` (sys.stdin is None): no traceback."""
    record = tmp_path / "r.json"
    command = [sys.executable, "-c", "from tarocchi.cli import main; main()", "play", "piedmont"]
    command += ["--seed", "3", "--level", "easy", "--record", str(record)]
    result = subprocess.run(
        command,
        stdin=None if closed else subprocess.DEVNULL,
        preexec_fn=_close_stdin if closed else None,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    assert "End of input during hand 1." in result.stdout
    assert f"Partial record (complete: false) saved to {record}" in result.stdout
    assert load(record)["complete"] is False


def scripted_terminal(table: Table, answer: Callable[[str], str]) -> list[str]:
    """Make ``table`` read from a terminal whose lines ``answer`` gives for each prompt."""
    prompts: list[str] = []

    def typed(prompt: Text | str = "", **_: object) -> str:
        prompts.append(str(prompt))
        return answer(str(prompt))

    table.session.ask = typed  # type: ignore[method-assign]
    return prompts


def test_end_of_input_at_the_pause_between_hands_saves_the_record(tmp_path: Path) -> None:
    table = Table("piedmont", tmp_path / "r.json", Terminal())
    assert table.session.interactive

    def answer(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            raise EOFError
        return "auto"

    prompts = scripted_terminal(table, answer)
    assert table.run() == 0
    assert prompts[-1].startswith("Press Enter")
    assert "End of input after hand 1." in table.output
    data = assert_saved(table)
    assert data["complete"] is False and "result" in data["hands"][0]


@pytest.mark.parametrize("error", [EOFError, OSError, RuntimeError])
def test_a_terminal_that_ends_or_breaks_at_the_prompt_is_the_end_of_input(
    error: type[Exception], tmp_path: Path
) -> None:
    """^D, a hung-up terminal (EIO) and ``input()`` that lost sys.stdin."""
    table = Table("taroux", tmp_path / "r.json", Terminal())

    def answer(prompt: str) -> str:
        raise error

    scripted_terminal(table, answer)
    assert table.run() == 0
    assert "End of input during hand 1." in table.output
    assert_saved(table)


def test_an_overlong_or_undecodable_line_at_a_terminal_is_refused(tmp_path: Path) -> None:
    table = Table("piedmont", tmp_path / "r.json", Terminal())
    script = iter(["x" * 5_000, "undecodable", "quit"])

    def answer(prompt: str) -> str:
        line = next(script)
        if line == "undecodable":
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return line

    scripted_terminal(table, answer)
    assert table.run() == 0
    output = table.output
    assert f"A line may hold at most {LINE_LIMIT} characters; that one has 5,000." in output
    assert "That line is not text the terminal's encoding can read; type it again." in output
    assert "You left the table during hand 1." in output
    assert_safe_output(output)


class Interrupted(Player):
    """A computer player that is interrupted (Ctrl-C) while it thinks."""

    name = "interrupted"

    def choose(self, view: PlayerView, rng: Any) -> Any:
        raise KeyboardInterrupt


class Broken(Player):
    """A computer player with a bug."""

    name = "broken"

    def choose(self, view: PlayerView, rng: Any) -> Any:
        raise ZeroDivisionError("a bug \x1b]0;in a bot\x07")


def test_ctrl_c_while_a_computer_thinks_saves_the_record(tmp_path: Path) -> None:
    table = Table("piedmont", tmp_path / "r.json", piped(["auto"] * 30))
    for seat in table.session.opponents:
        table.session.opponents[seat] = Interrupted()
    assert table.run() == EXIT_INTERRUPTED
    assert "Interrupted during hand 1." in table.output
    assert "Partial record (complete: false) saved to" in table.output
    assert_saved(table)


def test_an_unforeseen_error_saves_the_record_in_one_line_and_exits_non_zero(tmp_path: Path) -> None:
    table = Table("taroinche", tmp_path / "r.json", piped(["auto"] * 30))
    for seat in table.session.opponents:
        table.session.opponents[seat] = Broken()
    assert table.run() == EXIT_ERROR
    output = table.output
    crash = [line for line in output.splitlines() if "unexpected error" in line]
    assert crash == [
        "Stopped by an unexpected error, a bug in tarocchi: please report it "
        "(ZeroDivisionError: a bug \\x1b]0;in a bot\\x07)"
    ]
    assert "Traceback" not in output
    assert_safe_output(output)
    assert load(table.record)["complete"] is False
    assert_saved(table)


def test_an_unforeseen_error_with_a_broken_terminal_still_saves_the_record(tmp_path: Path) -> None:
    """Say the terminal itself failed (a closed pipe): nothing can be printed, the record is saved."""
    table = Table("sicilian", tmp_path / "r.json", piped(["auto"] * 30))

    def closed_pipe(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    class BreaksTheTerminal(Player):
        name = "breaks the terminal"

        def choose(self, view: PlayerView, rng: Any) -> Any:
            table.console.print = closed_pipe  # type: ignore[method-assign]
            raise BrokenPipeError(32, "Broken pipe")

    for seat in table.session.opponents:
        table.session.opponents[seat] = BreaksTheTerminal()
    assert table.run() == EXIT_ERROR
    assert replay(load(table.record)).actions == table.actions()


def test_an_unforeseen_error_in_parsing_does_not_lose_the_moves_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table("piedmont", tmp_path / "r.json", piped(["auto", "auto", "KE", "auto"]))
    game = table.game

    def broken(text: str, state: Any = None) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(game, "parse_action", broken)
    assert table.run() == EXIT_ERROR
    assert "(IndexError: list index out of range)" in table.output
    assert [seat for seat, _ in table.match.hand.actions].count(0) == 2  # both autos kept
    assert_saved(table)


def test_a_record_that_cannot_be_saved_is_one_line_too(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    table = Table("piedmont", blocker / "r.json", piped(["quit"]))
    assert table.run() == EXIT_ERROR
    assert f"could not save the record to {blocker / 'r.json'}" in table.output
    assert_safe_output(table.output)
