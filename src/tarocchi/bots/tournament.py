"""Duplicate tournaments: every deal is played once per seating rotation, so that each player
holds the same cards in the same seats, and luck of the deal cancels out.

With k players, rotation r seats player ``(p + r) mod k`` on partnership p (games with fixed
partnerships keep partners of one kind), or on seat p (games without). Each player's figure for
a deal is its mean game points per hand over every seat it held in every rotation; the mean of
those over the deals, with a 95% normal interval, is its strength. Reproducible from the seed.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from tarocchi.bots.base import Player, player_rng, players_turn
from tarocchi.bots.players import make_player
from tarocchi.core.arguments import check_count
from tarocchi.core.match import Match, dealer_of, play_out
from tarocchi.core.protocol import Deal, Game
from tarocchi.core.registry import get_game
from tarocchi.spread import Spread, spread

Z95 = 1.959964
"""Two-sided 95% quantile of the normal distribution."""


def seating(game: Game[Any], kinds: int, rotation: int) -> tuple[int, ...]:
    """Which player (index) sits in each seat in ``rotation``."""
    groups = game.info.partnerships or tuple((seat,) for seat in range(game.players))
    seats = [0] * game.players
    for group_index, group in enumerate(groups):
        for seat in group:
            seats[seat] = (group_index + rotation) % kinds
    return tuple(seats)


def _seed(*parts: object) -> int:
    digest = hashlib.sha256("/".join(map(str, ("tarocchi", "tournament", *parts))).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and 95% normal confidence interval of ``values`` (a point if there is one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class GameScores:
    """One game (a set of deals) played in every rotation."""

    per_deal: tuple[tuple[float, ...], ...]
    """For each deal, each player's mean game points per hand over the seats it held."""
    wins: tuple[float, ...]
    """Each player's share of wins, summed over the rotations it played."""
    played: tuple[int, ...]
    """How many rotations each player took part in."""
    times: tuple[tuple[float, ...], ...]
    """Each player's decision times, in seconds (decisions with more than one legal action)."""


class _Timed:
    """Wraps a player to time its decisions: those with a choice (a forced move is no decision)."""

    def __init__(self, player: Player, times: list[float]) -> None:
        self.player = player
        self.name = player.name
        self.times = times

    def choose(self, view: Any, rng: random.Random) -> Any:
        start = time.perf_counter()
        action = self.player.choose(view, rng)
        if len(view.legal_actions) > 1:
            self.times.append(time.perf_counter() - start)
        return action


PlayerMaker = Callable[[str, Game[Any]], Player]
"""Makes a fresh player of a kind for a game (``make_player``, or a benchmark's own)."""


def rotations(game: Game[Any], kinds: int) -> tuple[tuple[int, ...], ...]:
    """Every rotation's seating of ``kinds`` players (``seating``): the duplicate of a tournament."""
    return tuple(seating(game, kinds, rotation) for rotation in range(kinds))


def play_game(
    game: Game[Any],
    kinds: Sequence[str],
    seed: int,
    index: int,
    hand_played: Callable[[], None] | None = None,
    *,
    seatings: Sequence[Sequence[int]] | None = None,
    make: PlayerMaker = make_player,
) -> GameScores:
    """Game ``index``: deal its hands once, then play them in every seating (by default every
    rotation, ``rotations``; each seating names the player, an index of ``kinds``, in each seat);
    ``hand_played`` is told after each hand of each seating (a progress bar). Each seat's player
    draws from the same generator in every seating, so a seat's randomness is part of the deal."""
    rng = random.Random(_seed(seed, index, "deals"))
    first_dealer = rng.randrange(game.players)
    deals: list[Deal] = [
        game.deal(rng, dealer_of(game, first_dealer, number))
        for number in range(1, game.hands_per_game() + 1)
    ]
    k = len(kinds)
    sums = [[0.0] * k for _ in deals]
    counts = [[0] * k for _ in deals]
    wins = [0.0] * k
    played = [0] * k
    times: list[list[float]] = [[] for _ in kinds]
    for seats in rotations(game, k) if seatings is None else seatings:
        players = [_Timed(make(kinds[p], game), times[p]) for p in seats]
        match = Match(
            game, seed=None, first_dealer=first_dealer, deals=deals, players=[p.name for p in players]
        )
        rngs = [player_rng(_seed(seed, index, "players"), s) for s in range(game.players)]
        play_out(match, players_turn(match, players, rngs), hand_over=hand_played)
        for hand_index, hand in enumerate(match.hands):
            assert hand.result is not None
            for seat, points in enumerate(hand.result.scores):
                sums[hand_index][seats[seat]] += points
                counts[hand_index][seats[seat]] += 1
        winners = match.winners()
        for p in set(seats):
            played[p] += 1
            wins[p] += sum(1 for s in winners if seats[s] == p) / len(winners)
    per_deal = tuple(
        tuple(s / c if c else math.nan for s, c in zip(row_sums, row_counts, strict=True))
        for row_sums, row_counts in zip(sums, counts, strict=True)
    )
    return GameScores(per_deal, tuple(wins), tuple(played), tuple(tuple(t) for t in times))


@dataclass(frozen=True)
class Standing:
    """One player's result in a tournament."""

    kind: str
    mean: float
    low: float
    high: float
    win_rate: float
    decisions: int
    mean_ms: float
    median_ms: float


@dataclass(frozen=True)
class TournamentResult:
    game: str
    options: tuple[tuple[str, str], ...]
    seed: int
    games: int
    deals: int
    rotations: int
    seconds: float
    standings: tuple[Standing, ...]


def play_chunk(
    game_id: str,
    options: dict[str, str],
    kinds: list[str],
    seed: int,
    indices: list[int],
    seatings: Sequence[Sequence[int]] | None = None,
    make: PlayerMaker = make_player,
) -> list[GameScores]:
    """Worker entry point: plain arguments (``make`` a module-level function), so that it pickles
    to another process or machine."""
    game = get_game(game_id, options)
    return [play_game(game, kinds, seed, index, seatings=seatings, make=make) for index in indices]


def paired(per_deal: Sequence[Sequence[float]], first: int, second: int) -> tuple[float, float, float]:
    """The mean of ``first``'s figure minus ``second``'s, deal by deal, with its 95% interval: the
    luck of the cards is the same for both, so their difference measures their play alone."""
    return interval([row[first] - row[second] for row in per_deal])


def percentile(times: Sequence[float], share: float) -> float:
    """The smallest of ``times`` that at least ``share`` of them do not exceed (nearest rank)."""
    ordered = sorted(times)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def tournament(
    game_id: str,
    kinds: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    options: Mapping[str, str] | None = None,
    jobs: int = 1,
    ray: bool = False,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play at least ``deals`` deals (whole games of them) between players of ``kinds``, in
    ``jobs`` processes or on Ray (a local one, or the cluster at ``ray_address``); the results
    are the same for a seed whichever. ``progress`` hears how many hands were just played (a deal
    is played once per seating)."""
    check_count("deals", deals)
    check_count("jobs", jobs)
    game = get_game(game_id, options)
    if len(kinds) < 2:
        raise ValueError("a tournament needs at least two players")
    for kind in kinds:
        make_player(kind, game)  # ValueError now, not in a worker
    per_game = game.hands_per_game()
    games = max(1, math.ceil(deals / per_game))
    start = time.perf_counter()
    if jobs == 1 and not ray and ray_address is None and progress is not None:
        # In this process the bar can move hand by hand.
        results = [play_game(game, kinds, seed, index, lambda: progress(1)) for index in range(games)]
    else:
        task = partial(play_chunk, game.info.id, dict(game.options), list(kinds), seed)
        results, _ = spread(
            task,
            games,
            Spread(jobs, ray, ray_address),
            largest=10,
            progress=None if progress is None else lambda done: progress(per_game * len(kinds) * done),
        )
    standings = []
    for p, kind in enumerate(kinds):
        values = [row[p] for result in results for row in result.per_deal if not math.isnan(row[p])]
        mean, low, high = interval(values)
        played = sum(r.played[p] for r in results)
        win_rate = sum(r.wins[p] for r in results) / played if played else 0.0
        times = [t for r in results for t in r.times[p]]
        standings.append(
            Standing(
                kind,
                mean,
                low,
                high,
                win_rate,
                len(times),
                1000 * statistics.fmean(times) if times else 0.0,
                1000 * statistics.median(times) if times else 0.0,
            )
        )
    return TournamentResult(
        game.info.id,
        tuple(sorted(game.options.items())),
        seed,
        games,
        games * per_game,
        len(kinds),
        time.perf_counter() - start,
        tuple(standings),
    )
