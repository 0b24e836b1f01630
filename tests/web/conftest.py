"""A real browser for the page tests: Playwright driving Debian's Chromium by its executable path
(no browser can be downloaded here). Under CI a missing browser fails the tests, never skips them."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server

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
    given = os.environ.get("TAROCCHI_CHROMIUM")
    if given:
        return given
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(
        "no Chromium found: install Debian's (apt-get install chromium) or set TAROCCHI_CHROMIUM; "
        "make test installs it where it can"
    )


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_FLAGS))
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real ``tarocchi serve`` for a test module, on its own SQLite file (no undo window:
    computer players act at once, so whole hands play quickly)."""
    folder = tmp_path_factory.mktemp("server")
    running = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def screenshots() -> Path:
    """Where page tests leave their screenshots for a person to look at."""
    folder = Path(os.environ.get("TAROCCHI_SCREENSHOTS", "/tmp/tarocchi-screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder
