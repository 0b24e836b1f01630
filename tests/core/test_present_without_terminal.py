"""The server and the page's presentation import nothing of the terminal: with ``rich``, ``click``
and ``tarocchi.cli`` made unimportable (an environment without the terminal's libraries), every
module of the server, the page and the shared words imports, the app is built, and a seat's log
still reads in words. The one exception is the server's uvicorn transport, which ``tarocchi
serve`` runs it on: uvicorn itself needs click."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import tarocchi

SOURCE = str(Path(tarocchi.__file__).resolve().parent.parent)

BLOCKED = r"""
import pkgutil
import sys
from importlib.abc import MetaPathFinder

def blocked(name):
    return name.split(".")[0] in ("rich", "click") or name.startswith("tarocchi.cli")

class Blocked(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if blocked(name):
            raise ImportError(f"{name} is blocked: the server must not need it")
        return None

sys.meta_path.insert(0, Blocked())
import tarocchi.present, tarocchi.server, tarocchi.web

walked = 0
for package in (tarocchi.server, tarocchi.web, tarocchi.present):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if ".migrations" in found.name or found.name == "tarocchi.server.transport":
            continue  # Alembic's scripts, run by Alembic; uvicorn's protocol, which imports click
        __import__(found.name)
        walked += 1
assert walked >= 20, walked
from tarocchi.server.app import create_app

create_app("sqlite://")
from tarocchi import get_game
from tarocchi.core.protocol import HandContext
from tarocchi.web.present import presentation

game = get_game("piedmont")
import random

state = game.initial_state(game.deal(random.Random(1), 0), HandContext(1, 0, (0,) * game.players))
while game.to_act(state) is not None and not state.tricks:
    state = game.apply(state, game.legal_actions(state)[0])
page = presentation(game, game.view(state, 0))
assert page["log"] and all(isinstance(line, str) for line in page["log"]), page["log"]
assert any(isinstance(part, dict) for parts in page["log_parts"] for part in parts), page["log_parts"]
loaded = sorted(name for name in sys.modules if blocked(name))
assert not loaded, loaded
print("ok")
"""


def test_server_and_page_import_without_the_terminal() -> None:
    env = {**os.environ, "PYTHONPATH": SOURCE}
    run = subprocess.run(
        [sys.executable, "-c", BLOCKED], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip().endswith("ok")
