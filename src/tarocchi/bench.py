"""Random-play throughput of every registered game, through the public protocol only.

The loop is what a research adapter does: deal, initial_state, then apply a random legal
action until nobody is to act, then outcome. Nothing else runs per decision, so the figure
is the engine's own speed. Standard library only; ``tarocchi bench`` and
``benchmarks/bench_random_play.py`` print it.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from tarocchi.core.errors import ArgumentError
from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, game_info, get_game

MAX_SECONDS = 3600.0
"""The longest a benchmark may play one configuration: an hour says all a benchmark can."""


@dataclass(frozen=True)
class BenchResult:
    """Hands and decisions played by random play of one game and options in ``seconds``."""

    game: str
    options: tuple[tuple[str, str], ...]
    hands: int
    decisions: int
    seconds: float

    @property
    def options_text(self) -> str:
        return " ".join(f"{name}={value}" for name, value in self.options) or "-"

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


def configurations(game_ids: Iterable[str] | None = None) -> list[tuple[str, dict[str, str]]]:
    """Every registered game (or those named) with every combination of its options, except
    options that only set the length of a game (a hand's speed does not depend on them)."""
    result = []
    for game_id in game_ids if game_ids is not None else available_games():
        info = game_info(game_id)
        names = [spec.name for spec in info.options]
        choices = [(spec.default,) if spec.length_only else spec.choices for spec in info.options]
        for values in itertools.product(*choices):
            result.append((info.id, dict(zip(names, values, strict=True))))
    return result


def random_play(game: Game[Any], seconds: float, seed: int = 0) -> BenchResult:
    """Play random hands of ``game`` for about ``seconds`` (at least one hand)."""
    check_seconds(seconds)
    hands = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    for made in _played(game, seed):
        decisions += made
        hands += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return BenchResult(game.info.id, tuple(sorted(game.options.items())), hands, decisions, elapsed)


def play_hands(game: Game[Any], hands: int, seed: int = 0) -> int:
    """The decisions made in ``hands`` hands of ``random_play``'s random play (by count, not by
    time: ``benchmarks/instructions_per_decision.py`` counts a fixed amount of work)."""
    return sum(itertools.islice(_played(game, seed), hands))


def _played(game: Game[Any], seed: int) -> Iterator[int]:
    """Random hands of ``game`` one after another, each yielding its decisions: deal,
    ``initial_state``, a random legal action until nobody is to act, ``outcome``."""
    rng = random.Random(seed)
    choice = rng.choice
    deal, initial_state = game.deal, game.initial_state
    to_act, legal_actions, apply, outcome = game.to_act, game.legal_actions, game.apply, game.outcome
    players, per_game = game.players, game.hands_per_game()
    scores = (0,) * players
    hands = 0
    while True:
        dealer = hands % players
        state = initial_state(deal(rng, dealer), HandContext(hands % per_game + 1, dealer, scores))
        decisions = 0
        while to_act(state) is not None:
            state = apply(state, choice(legal_actions(state)))
            decisions += 1
        outcome(state)
        hands += 1
        yield decisions


def check_seconds(seconds: float) -> None:
    """ArgumentError unless ``seconds`` is a time a benchmark can end in (NaN and inf never do)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise ArgumentError(f"seconds must be a finite number of seconds, e.g. 3 (got {seconds!r})")
    if not 0 < seconds <= MAX_SECONDS:
        raise ArgumentError(f"seconds must be above 0 and at most {MAX_SECONDS:g} (got {seconds!r})")


def run(
    seconds: float,
    game_ids: Iterable[str] | None = None,
    *,
    seed: int = 0,
    on_result: Callable[[BenchResult], None] | None = None,
) -> list[BenchResult]:
    """Bench every configuration for ``seconds`` each; ``on_result`` sees each as it finishes."""
    check_seconds(seconds)
    results = []
    for game_id, options in configurations(game_ids):
        result = random_play(get_game(game_id, options), seconds, seed)
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def format_table(results: Iterable[BenchResult]) -> str:
    """A plain-text table of results, for scripts and logs."""
    header = ("game", "options", "hands", "hands/s", "decisions/s")
    rows = [
        (
            r.game,
            r.options_text,
            f"{r.hands:,}",
            f"{r.hands_per_second:,.0f}",
            f"{r.decisions_per_second:,.0f}",
        )
        for r in results
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = []
    for row in (header, *rows):
        cells = [
            cell.ljust(w) if i < 2 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
