"""A real browser for the page tests: Playwright driving Debian's Chromium by its executable path
(no browser can be downloaded here). Under CI a missing browser fails the tests, never skips them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from browsers import installed
from firefox import Firefox
from serverproc import Server, serving

from tarocchi.server.pace import SCALE_VARIABLE

os.environ.setdefault(SCALE_VARIABLE, "0")
"""The servers the page tests start play computer players at full speed (the page still asks for
its pace, and each hand's end still waits for "Next hand"); test_pace_page.py starts its own at
the real pace."""
for _limit in ("TABLES_PER_MINUTE", "TABLES_PER_MINUTE_ALL", "OPEN_TABLES_PER_ADDRESS"):
    os.environ.setdefault(f"TAROCCHI_{_limit}", "100000")
"""Every page test's table is made from this machine's one address: the servers they start lift
the creation limits (tests/server/test_limits.py holds the limits themselves)."""

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_FLAGS = (
    "--no-sandbox",  # the tests may run as root
    "--disable-gpu",
    "--no-first-run",
    # this machine's network is closed: without these Chromium keeps trying to reach Google
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium_path() -> str:
    """The Chromium to drive: $TAROCCHI_CHROMIUM, else the first on PATH."""
    return installed("Chromium", "TAROCCHI_CHROMIUM", CHROMIUM_NAMES, "chromium")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_FLAGS))
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def firefox() -> Iterator[Firefox]:
    browser = Firefox()
    yield browser
    browser.close()


class Servers:
    """The page tests' servers of one test worker, one per undo window, each started when a test
    first needs it: starting ``tarocchi serve`` takes seconds (half a minute on a loaded
    machine), and the page tests' tables never meet (each test makes its own, by its link)."""

    def __init__(self, folders: pytest.TempPathFactory, running: ExitStack) -> None:
        self.folders = folders
        self.running = running
        self.started: dict[float, Server] = {}

    def get(self, undo_seconds: float) -> Server:
        if undo_seconds not in self.started:
            folder = self.folders.mktemp("server")
            self.started[undo_seconds] = self.running.enter_context(
                serving(folder, undo_seconds=undo_seconds)
            )
        return self.started[undo_seconds]


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with ExitStack() as running:
        yield Servers(tmp_path_factory, running)


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, servers: Servers) -> Server:
    """A real ``tarocchi serve`` on an SQLite file of its own, shared by the worker's page tests.
    No undo window unless the module sets ``UNDO_SECONDS``: computer players act at once, so whole
    hands play quickly."""
    return servers.get(getattr(request.module, "UNDO_SECONDS", 0.0))


@pytest.fixture(scope="module")
def paced_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server at the real pace (the other page tests' servers play at full speed)."""
    with serving(tmp_path_factory.mktemp("paced"), env={SCALE_VARIABLE: "1"}) as running:
        yield running


@pytest.fixture
def screenshots() -> Path:
    """Where page tests leave their screenshots for a person to look at."""
    folder = Path(os.environ.get("TAROCCHI_SCREENSHOTS", "/tmp/tarocchi-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
