"""How tarocchi's modules load: compiled by mypyc where setup.py built them, else from source.

The compiled extension of a module shadows its ``.py`` (Python prefers extensions), so an edit
to a source would silently not run. Hence, before any engine module is imported: with
``TAROCCHI_PURE=1``, or when any compiled module is older than its source, every tarocchi
module loads from its ``.py`` (all or none: compiled modules rely on each other's classes).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = Path(__file__).resolve().parent
SLACK = 2.0
"""Seconds a source may be newer than its extension (an install writes both, in any order)."""


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds tarocchi's modules as their ``.py`` files, never their compiled extensions."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("tarocchi.") or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package (its __init__.py is never compiled) or no module of ours


def stale_extensions(package: Path = PACKAGE) -> list[str]:
    """The compiled modules older than their sources (a ``.py``, or the ``.c`` of ``core/_rows``),
    as paths relative to the package."""
    stale = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for extension in package.rglob(f"*{suffix}"):
            for language in (".py", ".c"):
                source = extension.with_name(extension.name[: -len(suffix)] + language)
                if source.exists() and source.stat().st_mtime > extension.stat().st_mtime + SLACK:
                    stale.append(str(source.relative_to(package)))
    return sorted(stale)


def choose() -> None:
    """Load every tarocchi module from source if asked to, or if a compiled one is stale."""
    if running_pure():
        return
    if os.environ.get("TAROCCHI_PURE", "") not in ("", "0"):
        sys.meta_path.insert(0, SourceFirst())
        return
    stale = stale_extensions()
    if stale:
        warnings.warn(
            f"tarocchi: compiled modules are older than their sources ({', '.join(stale[:3])}"
            f"{', ...' if len(stale) > 3 else ''}): running pure Python; rebuild them with "
            "`make compiled` (or delete the .so files)",
            stacklevel=2,
        )
        sys.meta_path.insert(0, SourceFirst())


def running_pure() -> bool:
    """Whether every tarocchi module loads from its ``.py`` (``choose`` decided so)."""
    return any(isinstance(finder, SourceFirst) for finder in sys.meta_path)


def built(module: str, name: str) -> Any:
    """``name`` from one of our C modules (``core/_rows.c``, ``research/_tensor.c``), built with
    the compiled ones; None where tarocchi loads from source, or the module was not built (the
    caller falls back to its pure Python, so the pure package runs no C of ours)."""
    if running_pure():
        return None
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError:  # not built (no compiler): the package is pure Python anyway
        return None


PARTS = {
    "engine": "tarocchi.core.trickplay",
    "kernels": "tarocchi.core.kernel",
    "research": "tarocchi.research.followers.base",
}
"""A module standing for each part mypyc builds: the engine's hot modules, the search player's
playout kernels and the research fast path (built only where numpy is)."""


def part_compiled(module: str) -> bool | None:
    """Whether ``module`` runs compiled; None when it cannot be imported (the research fast path
    without numpy)."""
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    return not str(found.__file__).endswith(".py")


def parts() -> dict[str, bool | None]:
    """Each part of :data:`PARTS`: compiled, pure, or absent (None); and the C rows (``rows``),
    built beside them."""
    found = {part: part_compiled(module) for part, module in PARTS.items()}
    return {**found, "rows": built("tarocchi.core._rows", "row") is not None}


def compiled() -> bool:
    """Whether the engine's hot modules run compiled by mypyc."""
    return part_compiled(PARTS["engine"]) is True


def mode() -> str:
    """What ``tarocchi bench`` says it runs: which parts are compiled and which are pure."""
    found = {part: state for part, state in parts().items() if state is not None}
    fast = [part for part, state in found.items() if state]
    if not fast:
        return "pure Python"
    slow = [part for part, state in found.items() if not state]
    if not slow:
        return f"compiled (mypyc): {', '.join(fast)}"
    return f"compiled (mypyc): {', '.join(fast)}; pure Python: {', '.join(slow)}"
