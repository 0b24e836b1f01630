"""The rules engine (core, games, bots) runs on the standard library alone (pyproject: no
dependencies); the terminal's click and rich belong to the ``cli`` extra only, the learned
levels' numpy to the ``learned`` extra (their package's ``__init__`` is the engine's, and
imports none)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = r"""
import json, pkgutil, sys
before = set(sys.modules)
import tarocchi, tarocchi.core, tarocchi.games, tarocchi.bots
from tarocchi.core.registry import available_games, get_game
names = ["tarocchi", "tarocchi.bots", "tarocchi.games"]
for package in (tarocchi.core, tarocchi.bots, tarocchi.games):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        names.append(module.name)
import importlib
for name in names:
    if not name.startswith("tarocchi.bots.learned."):  # the learned levels: the learned extra's numpy
        importlib.import_module(name)
for game_id in available_games():
    get_game(game_id)
new = sorted(set(sys.modules) - before)
print(json.dumps({"imported": names, "new": new, "stdlib": sorted(sys.stdlib_module_names)}))
"""


def test_the_engine_imports_nothing_but_the_standard_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    imported = set(report["imported"])
    assert {"tarocchi.core.cards", "tarocchi.core.record", "tarocchi.bots.random"} <= imported
    assert any(name.startswith("tarocchi.games.piedmont") for name in imported)
    stdlib = set(report["stdlib"])
    # multiprocessing registers __main__ again as __mp_main__: an alias, not a module of its own.
    # tarocchi__mypyc is the package's own compiled code (setup.py), present when compiled.
    aliases = {"tarocchi", "tarocchi__mypyc", "__main__", "__mp_main__"}
    foreign = sorted({name.split(".")[0] for name in report["new"]} - stdlib - aliases)
    assert foreign == [], f"the engine imported third-party modules: {foreign}"
    assert not {"click", "rich"} & {name.split(".")[0] for name in report["new"]}
