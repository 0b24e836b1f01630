"""Rich output of the batch commands: games list, simulate summary, replay lines, bench and
tournament tables."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from tarocchi.bench import BenchResult
from tarocchi.bots.players import player_names
from tarocchi.bots.tournament import TournamentResult
from tarocchi.cli.common import options_text, say
from tarocchi.core.errors import RecordError
from tarocchi.core.protocol import Game
from tarocchi.core.record import ReplaySummary, load, path_text, replay
from tarocchi.core.words import plural
from tarocchi.simulate import SimulationSummary

MAX_FAILURES_SHOWN = 20


def print_games(console: Console, games: list[Game[Any]]) -> None:
    """Every registered game with its options, choices, defaults, help and computer players."""
    for game in games:
        info = game.info
        title = Text(info.id, style="bold")
        title.append(f" — {info.name}")
        console.print(title, soft_wrap=True)
        say(console, f"  {info.players} players, {info.hands_per_game} hands per game")
        say(console, f"  {info.summary}")
        say(console, f"  computer players (--level or --players): {player_names(game)}")
        if not info.options:
            say(console, "  no options")
        for spec in info.options:
            choices = " | ".join(f"{c} (default)" if c == spec.default else c for c in spec.choices)
            say(console, f"  --option {spec.name}=…  {choices}")
            say(console, f"      {spec.help}", "dim")
        console.print()


@contextmanager
def progress_bar(console: Console, total: int, what: str) -> Iterator[Callable[[int], None]]:
    """A progress bar; yields the callback that advances it."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(what, total=total)
        yield lambda n: progress.advance(task, n)


def print_simulation(console: Console, summary: SimulationSummary, players: list[str]) -> None:
    """Size, speed, the per-seat distribution of totals, and the invariant audit."""
    plural = "s" if summary.jobs > 1 else ""
    workers = f"on Ray, {summary.jobs} CPU{plural}" if summary.ray else f"{summary.jobs} job{plural}"
    say(console, f"{summary.game} ({options_text(summary.options)}), seed {summary.seed}, {workers}", "bold")
    size = Table(show_header=True)
    for column in ("games", "hands", "actions", "wall time", "games/s", "actions/s"):
        size.add_column(column, justify="right")
    size.add_row(
        f"{summary.games:,}",
        f"{summary.hands:,}",
        f"{summary.actions:,}",
        f"{summary.seconds:.2f} s",
        f"{summary.games_per_second:,.1f}",
        f"{summary.actions_per_second:,.0f}",
    )
    console.print(size)
    seats = Table(title="Game totals per seat", title_justify="left")
    for column in ("seat", "mean", "std dev", "min", "max"):
        seats.add_column(column, justify="left" if column == "seat" else "right")
    for stats in summary.seat_stats():
        seats.add_row(
            players[stats.seat],
            f"{stats.mean:+.2f}",
            f"{stats.stdev:.2f}",
            str(stats.minimum),
            str(stats.maximum),
        )
    console.print(seats)
    failures = summary.failures
    if not failures:
        say(console, f"Invariants: all held ({summary.checks:,} audits, one after every action).", "green")
        return
    say(console, f"Invariants: {len(failures)} broken ({summary.checks:,} audits):", "bold red")
    for failure in failures[:MAX_FAILURES_SHOWN]:
        say(console, f"  {failure}", "red")
    if len(failures) > MAX_FAILURES_SHOWN:
        say(console, f"  … and {len(failures) - MAX_FAILURES_SHOWN} more", "red")


def replay_file(path: Path) -> ReplaySummary:
    """Load and replay one record file (RecordError says what is wrong)."""
    return replay(load(path))


def replay_line(console: Console, path: Path, shown: str) -> bool:
    """Replay ``path`` and print one line about it; True if it is good.

    A file name may hold any character, so ``shown`` is printed escaped; the error already is.
    """
    name = path_text(shown)
    try:
        summary = replay_file(path)
    except RecordError as exc:
        message = str(exc).removeprefix(f"{path_text(path)}: ")
        line = Text(f"{name}: ", style="bold")
        line.append(f"bad: {message}", style="red")
        console.print(line, soft_wrap=True)
        return False
    state = "" if summary.complete else " (incomplete game)"
    line = Text(f"{name}: ", style="bold")
    line.append("ok", style="green")
    line.append(
        f": {summary.game}, {plural(summary.hands, 'hand')}, {plural(summary.actions, 'action')}, "
        f"totals {' '.join(str(t) for t in summary.totals)}{state}"
    )
    console.print(line, soft_wrap=True)
    return True


def bench_table(results: list[BenchResult]) -> Table:
    table = Table(title="Random play, single process", title_justify="left")
    table.add_column("game")
    table.add_column("options")
    for column in ("hands", "hands/s", "decisions/s"):
        table.add_column(column, justify="right")
    for r in results:
        table.add_row(
            r.game,
            r.options_text,
            f"{r.hands:,}",
            f"{r.hands_per_second:,.0f}",
            f"{r.decisions_per_second:,.0f}",
        )
    return table


def tournament_table(result: TournamentResult) -> Table:
    """Each player's mean game points per hand with its 95% interval, win rate, decision time."""
    options = " ".join(f"{k}={v}" for k, v in result.options) or "no options"
    # Light rules and two-line headings: every figure whole at 80 columns (boxes cut them short).
    table = Table(
        title=f"{result.game} ({options}): {result.deals} deals x {result.rotations} seatings, "
        f"seed {result.seed}, {result.seconds:.1f} s",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 0),
    )
    columns = ("player", "points\nper hand", "95% interval", "won", "decisions", "ms\nmean", "ms\nmedian")
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right", no_wrap=True)
    for s in result.standings:
        table.add_row(
            s.kind,
            f"{s.mean:+.2f}",
            f"{s.low:+.2f}..{s.high:+.2f}",
            f"{100 * s.win_rate:.1f}%",
            f"{s.decisions:,}",
            f"{s.mean_ms:.3f}",
            f"{s.median_ms:.3f}",
        )
    return table
