"""A real browser for the page tests: Playwright driving Debian's Chromium by its executable path
(no browser can be downloaded here). Under CI a missing browser fails the tests, never skips them."""

from __future__ import annotations

import os
from collections.abc import Iterator
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


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``tarocchi serve`` for a test module, on its own SQLite file. No undo window unless
    the module sets ``UNDO_SECONDS``: computer players act at once, so whole hands play quickly."""
    undo_seconds = getattr(request.module, "UNDO_SECONDS", 0.0)
    with serving(tmp_path_factory.mktemp("server"), undo_seconds=undo_seconds) as running:
        yield running


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
