"""Independent numbered pieces of work (games, deals) played in this process, in local worker
processes, or on Ray, with the same results whichever: each piece draws its randomness from its
own index, and the results come back in index order, however the chunks were split among
workers and whatever order they finished in.

Standard library only; Ray is imported by tarocchi.ray_workers when asked for.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TypeVar

from tarocchi.core.arguments import check_count

T = TypeVar("T")

ChunkTask = Callable[[list[int]], list[T]]
"""Plays the pieces of one chunk (their indices), returning one result per index, in order.
It must pickle (a module-level function or a functools.partial of one) to reach a worker."""


@dataclass(frozen=True)
class Spread:
    """Where the work runs: ``jobs`` local processes, or Ray when ``ray`` is true (at
    ``ray_address``, a local Ray of this machine's CPUs when it is None)."""

    jobs: int = 1
    ray: bool = False
    ray_address: str | None = None


def chunks(count: int, workers: int, largest: int) -> list[list[int]]:
    """Indices ``0..count-1`` cut into about four chunks per worker, none over ``largest``: small
    enough to keep every worker busy and the progress bar moving, big enough to pay for a task."""
    size = max(1, min(largest, math.ceil(count / (workers * 4))))
    return [list(range(start, min(count, start + size))) for start in range(0, count, size)]


def spread(
    task: ChunkTask[T],
    count: int,
    where: Spread,
    *,
    largest: int,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[T], int]:
    """Run ``task`` over the indices ``0..count-1``; ``progress`` hears how many just finished.

    Returns every result in index order and the number of workers used.
    """
    check_count("jobs", where.jobs)
    if where.ray:
        from tarocchi import ray_workers

        return ray_workers.run(task, count, where.ray_address, largest=largest, progress=progress)
    pieces = chunks(count, where.jobs, largest)
    jobs = min(where.jobs, len(pieces))  # a process per chunk at most
    if jobs <= 1:
        results: list[T] = []
        for index in range(count):
            results.extend(task([index]))
            if progress is not None:
                progress(1)
        return results, 1
    done: dict[int, list[T]] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(task, piece): number for number, piece in enumerate(pieces)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress is not None:
                progress(len(done[futures[future]]))
    return in_order(done, len(pieces)), jobs


def in_order(done: dict[int, list[T]], pieces: int) -> list[T]:
    """The chunks' results joined in chunk order, not in the order they finished."""
    return [result for number in range(pieces) for result in done[number]]
