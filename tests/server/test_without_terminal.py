"""The table server and the page import nothing of the terminal: with rich and click refused by
an import finder (an environment without them), every module of the server, the page's
presentation and the shared words imports, and the app is built. The one exception is the
server's uvicorn transport, which ``tarocchi serve`` runs it on: uvicorn itself needs click."""

from __future__ import annotations

import os
import subprocess
import sys

REFUSING = """
import importlib.abc, pkgutil, sys

REFUSED = ("rich", "click")


def refused(name):
    return name.split(".")[0] in REFUSED or name.startswith("tarocchi.cli")


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if refused(name):
            raise ImportError(f"refused: {name}")
        return None


sys.meta_path.insert(0, Refuse())
import tarocchi.present, tarocchi.server, tarocchi.web

for package in (tarocchi.server, tarocchi.web, tarocchi.present):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if ".migrations" in found.name or found.name == "tarocchi.server.transport":
            continue  # Alembic's scripts, run by Alembic; uvicorn's protocol, which imports click
        __import__(found.name)
from tarocchi.server.app import create_app

create_app("sqlite://")
loaded = sorted(name for name in sys.modules if refused(name))
print("loaded:", loaded, "server modules:", sum(name.startswith("tarocchi.server.") for name in sys.modules))
"""


def test_the_server_imports_without_rich_click_or_the_terminal() -> None:
    run = subprocess.run(
        [sys.executable, "-c", REFUSING], capture_output=True, text=True, env=os.environ, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]
    words = run.stdout.split()
    assert run.stdout.startswith("loaded: [] server modules:"), run.stdout
    assert int(words[-1]) >= 10, run.stdout  # the walk imported the server's modules
