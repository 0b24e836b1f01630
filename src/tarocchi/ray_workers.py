"""Chunks of work as Ray tasks, on a local Ray or a cluster (the optional ``scale`` extra).

Ray is imported only here and only when asked for, so that tarocchi works without it. A task
whose worker process or machine dies is run again by Ray (``RETRIES`` times); as every chunk
draws its randomness from its pieces' indices, a rerun gives the same results. An exception
that a chunk raises is not retried: it would only be raised again.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, TypeVar

from tarocchi.core.errors import TarocchiError
from tarocchi.spread import ChunkTask, chunks, in_order

T = TypeVar("T")

INSTALL = "pip install 'tarocchi[scale]'"
RETRIES = 3
"""How many times Ray reruns a chunk whose worker died before giving up."""


class RayError(TarocchiError):
    """Ray is missing, cannot be reached, or lost a chunk more than ``RETRIES`` times."""


def load_ray() -> ModuleType:
    """The ray module, or RayError saying how to install it. Usage statistics stay off: Ray
    would otherwise try to report them over the network."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise RayError(f"Ray is not installed; {INSTALL}") from None
    return ray


@contextmanager
def connected(address: str | None) -> Iterator[ModuleType]:
    """Ray, ready: the instance this process already joined (left running), else the cluster at
    ``address``, else a new local Ray of this machine's CPUs (both shut down after)."""
    ray = load_ray()
    if ray.is_initialized():
        yield ray
        return
    if address is not None:
        knock(address)
    try:
        if address is None:
            ray.init(address="local", include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = f"at {address}" if address else "on this machine"
        raise RayError(f"cannot start or reach Ray {where}: {first_line(exc)}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def knock(address: str, seconds: float = 5.0) -> None:
    """RayError now if nothing answers at ``host:port``, where ray.init would wait for minutes.
    Other addresses (``auto``) are left to Ray."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise RayError(
            f"cannot reach Ray at {address}: {why}; is its head started (ray start --head)?"
        ) from None


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _play(task: ChunkTask[T], piece: list[int]) -> list[T]:
    """The Ray task: one chunk (a module-level function, so that every worker can import it)."""
    return task(piece)


def run(
    task: ChunkTask[T],
    count: int,
    address: str | None,
    *,
    largest: int,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[T], int]:
    """``task`` over the indices ``0..count-1`` on Ray: the results in index order and the CPUs
    of the cluster, over which the chunks were cut."""
    with connected(address) as ray:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        pieces = chunks(count, workers, largest)
        remote: Any = ray.remote(max_retries=RETRIES)(_play)
        shared = ray.put(task)
        pending = {remote.remote(shared, piece): number for number, piece in enumerate(pieces)}
        done: dict[int, list[T]] = {}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    number = pending.pop(ref)
                    done[number] = ray.get(ref)
                    if progress is not None:
                        progress(len(done[number]))
        except BaseException as exc:  # an error or Ctrl-C: the other chunks are not wanted now
            for ref in pending:
                ray.cancel(ref)
            if isinstance(exc, ray.exceptions.WorkerCrashedError | ray.exceptions.NodeDiedError):
                why = f"a chunk's worker died {RETRIES + 1} times: {first_line(exc)}"
                raise RayError(f"Ray gave up: {why}") from None
            raise
        return in_order(done, len(pieces)), workers
