"""Running a test's coroutine to its end, whatever else the test process holds: the page tests'
Playwright (its synchronous API) keeps an event loop marked as running in the main thread for the
whole session, so ``asyncio.run`` there fails in any later test on the same worker."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own, its value or its exception returned here."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
