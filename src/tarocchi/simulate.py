"""Computer-vs-computer games at scale, auditing every invariant after every action.

Researchers call ``simulate`` from Python; ``tarocchi simulate`` is a thin front end over it.
Each game's seed is derived from (seed, game index) alone, so the games, their records and the
summary are the same whatever the number of worker processes. Standard library only.
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.arguments import check_count
from tarocchi.core.match import Match
from tarocchi.core.protocol import Game
from tarocchi.core.record import save
from tarocchi.core.registry import get_game
from tarocchi.spread import Spread, spread

MAX_FAILURES_PER_GAME = 10
"""A broken invariant tends to stay broken; keep the first few per game, not thousands."""


@dataclass(frozen=True)
class Failure:
    """A broken invariant (or a crash), located so that it can be reproduced."""

    game_index: int
    game_seed: int
    hand: int
    action: int
    message: str

    def __str__(self) -> str:
        return (
            f"game {self.game_index} (seed {self.game_seed}), hand {self.hand}, "
            f"action {self.action}: {self.message}"
        )


@dataclass(frozen=True)
class GameRun:
    """One simulated game: its totals, its size and what its audit found."""

    index: int
    seed: int
    totals: tuple[int, ...]
    hands: int
    actions: int
    checks: int
    failures: tuple[Failure, ...]
    record_path: str | None = None


@dataclass(frozen=True)
class SeatStats:
    """The distribution of one seat's game totals over the simulated games."""

    seat: int
    mean: float
    stdev: float
    minimum: int
    maximum: int


@dataclass(frozen=True)
class SimulationSummary:
    """Everything ``simulate`` measured; ``runs`` are in game-index order."""

    game: str
    options: tuple[tuple[str, str], ...]
    seed: int
    jobs: int
    runs: tuple[GameRun, ...]
    seconds: float
    ray: bool = False
    """Whether Ray ran the games (then ``jobs`` counts the cluster's CPUs)."""

    @property
    def games(self) -> int:
        return len(self.runs)

    @property
    def hands(self) -> int:
        return sum(run.hands for run in self.runs)

    @property
    def actions(self) -> int:
        return sum(run.actions for run in self.runs)

    @property
    def checks(self) -> int:
        return sum(run.checks for run in self.runs)

    @property
    def failures(self) -> tuple[Failure, ...]:
        return tuple(failure for run in self.runs for failure in run.failures)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else math.inf

    def seat_stats(self) -> tuple[SeatStats, ...]:
        """Mean, sample standard deviation, min and max of each seat's game totals."""
        if not self.runs:
            return ()
        result = []
        for seat in range(len(self.runs[0].totals)):
            totals = [run.totals[seat] for run in self.runs]
            stdev = statistics.stdev(totals) if len(totals) > 1 else 0.0
            result.append(SeatStats(seat, statistics.fmean(totals), stdev, min(totals), max(totals)))
        return tuple(result)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index``: a hash of (seed, index), independent of how work is split."""
    digest = hashlib.sha256(f"tarocchi/simulate/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def record_name(game_id: str, seed: int, index: int) -> str:
    """File name of a simulated game's record: ``<game>-<seed>-<index>.json``."""
    return f"{game_id}-{seed}-{index}.json"


def run_game(game: Game[Any], seed: int, index: int, records: Path | None = None) -> GameRun:
    """Play game ``index`` with random players in every seat, auditing after every action.

    A crash of the engine is reported as a failure rather than raised, so that one bad game
    does not hide the others.
    """
    this_seed = game_seed(seed, index)
    players = [RandomPlayer() for _ in range(game.players)]
    failures: list[Failure] = []
    checks = 0
    last: list[Match] = []

    def audit(match: Match) -> None:
        nonlocal checks
        if not last:
            last.append(match)
        checks += 1
        problems = game.audit(match.state)
        for problem in problems[: MAX_FAILURES_PER_GAME - len(failures)]:
            failures.append(Failure(index, this_seed, len(match.hands), len(match.hand.actions), problem))

    try:
        match = play_match(game, players, seed=this_seed, on_action=audit)
    except Exception as exc:  # an engine bug: report it with where it happened
        where = last[0] if last else None
        hand = len(where.hands) if where else 0
        action = len(where.hand.actions) + 1 if where else 0
        message = f"crashed: {type(exc).__name__}: {exc}"
        failures.append(Failure(index, this_seed, hand, action, message))
        totals = tuple(where.totals) if where else (0,) * game.players
        return GameRun(index, this_seed, totals, hand, checks, checks, tuple(failures))
    path = None
    if records is not None:
        path = str(save(match.record(), records / record_name(game.info.id, seed, index)))
    actions = sum(len(hand.actions) for hand in match.hands)
    return GameRun(
        index, this_seed, tuple(match.totals), len(match.hands), actions, checks, tuple(failures), path
    )


def _run_chunk(
    game_id: str, options: dict[str, str], seed: int, indices: list[int], records: str | None = None
) -> list[GameRun]:
    """Worker entry point: plain arguments, so that it pickles to another process."""
    game = get_game(game_id, options)
    folder = Path(records) if records is not None else None
    return [run_game(game, seed, index, folder) for index in indices]


def simulate(
    game_id: str,
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
    jobs: int = 1,
    ray: bool = False,
    ray_address: str | None = None,
    records: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` games of ``game_id`` between random players and audit every action, in
    ``jobs`` processes or on Ray (a local one, or the cluster at ``ray_address``).

    ``progress`` is called with the number of games just finished. ``records`` is a folder
    that receives every game's record (the workers write them: on a cluster, a folder that
    every machine mounts at that path). Raises UnknownGameError or OptionError up front.
    """
    check_count("games", games)
    check_count("jobs", jobs)
    game = get_game(game_id, options)
    folder = Path(records) if records is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    folder_text = str(folder.absolute()) if folder is not None else None  # a worker's cwd is its own
    task = partial(_run_chunk, game.info.id, dict(game.options), seed, records=folder_text)
    runs, workers = spread(task, games, Spread(jobs, ray, ray_address), largest=25, progress=progress)
    return SimulationSummary(
        game=game.info.id,
        options=tuple(sorted(game.options.items())),
        seed=seed,
        jobs=workers,
        ray=ray,
        runs=tuple(runs),
        seconds=time.perf_counter() - start,
    )
