"""Compiles the engine's hot modules with mypyc when it can; pure Python otherwise.

Everything else about the package is in pyproject.toml. The compiled modules are the same
sources (they pass the same tests); without a C compiler, with ``TAROCCHI_PURE=1``, or for an
editable install (``pip install -e .``, whose sources must run as edited) the package is the
plain ``.py`` files. ``make compiled`` builds them in place for a checkout. docs/performance.md
says more.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HOT = [
    "tarocchi/core/cards.py",
    "tarocchi/core/tricks.py",
    "tarocchi/core/trickplay.py",
    "tarocchi/core/fool.py",
    "tarocchi/core/events.py",
    "tarocchi/core/dispatch.py",
    "tarocchi/core/dealing.py",
    "tarocchi/core/positional.py",
    "tarocchi/games/piedmont/rules.py",
    "tarocchi/games/piedmont/state.py",
    "tarocchi/games/piedmont/play.py",
    "tarocchi/games/piedmont/scoring.py",
    "tarocchi/games/sicilian/rules.py",
    "tarocchi/games/sicilian/state.py",
    "tarocchi/games/sicilian/auction.py",
    "tarocchi/games/sicilian/play.py",
    "tarocchi/games/sicilian/rally.py",
    "tarocchi/games/sicilian/scoring.py",
    "tarocchi/games/taroinche/rules.py",
    "tarocchi/games/taroinche/state.py",
    "tarocchi/games/taroinche/tricks.py",
    "tarocchi/games/taroinche/auction.py",
    "tarocchi/games/taroinche/play.py",
    "tarocchi/games/taroinche/scoring.py",
    "tarocchi/games/taroux/rules.py",
    "tarocchi/games/taroux/state.py",
    "tarocchi/games/taroux/turns.py",
    "tarocchi/games/taroux/auction.py",
    "tarocchi/games/taroux/exchange.py",
    "tarocchi/games/taroux/play.py",
    "tarocchi/games/taroux/scoring.py",
]
"""The modules random play spends its time in (profiled: docs/performance.md)."""

HOT += [
    "tarocchi/core/kernel.py",
    "tarocchi/games/piedmont/kernel.py",
    "tarocchi/games/sicilian/kernel.py",
    "tarocchi/games/taroinche/kernel.py",
    "tarocchi/games/taroux/kernel.py",
]
"""The playout kernels the search player plays its worlds out in: compiled, several
times the plays per second of the same sources run pure (docs/performance.md)."""

RESEARCH = [
    "tarocchi/research/followers/base.py",
    "tarocchi/research/followers/piedmont.py",
    "tarocchi/research/followers/sicilian.py",
    "tarocchi/research/followers/taroinche.py",
    "tarocchi/research/followers/taroux.py",
    "tarocchi/research/incremental.py",
]
"""The research loop's fast path: the tensors kept from each seat's events, about
twice as fast compiled. They import numpy, an optional extra (the research one): compiled only
where the build has it (mypy checks them against it, and without it would refuse them, and so
the whole build); elsewhere they run pure, and the engine compiled."""


def has_numpy() -> bool:
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


if has_numpy():
    HOT += RESEARCH


class OptionalBuildExt(build_ext):
    """A failed compilation leaves the pure-Python package, with one line saying so."""

    failed = False

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers...
            self.announce_fallback(error)

    def build_extension(self, ext: Any) -> None:
        if self.failed:
            return  # all or none: compiled modules rely on each other
        if len(ext.sources) > 1 and self.is_gcc():
            # one C file per module: link-time optimisation inlines across them again, as one file would
            ext.extra_compile_args = [*ext.extra_compile_args, "-flto=auto"]
            ext.extra_link_args = [*ext.extra_link_args, "-flto=auto"]
        try:
            super().build_extension(ext)
        except Exception as error:
            self.announce_fallback(error)

    def build_extensions(self) -> None:
        """The C files of each extension compiled at once, one per core (setuptools compiles them
        one after another)."""
        compile_serially = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                parts = pool.map(lambda source: compile_serially([source], *args, **kwargs), sources)
                return [obj for part in parts for obj in part]

        self.compiler.compile = compile_all
        super().build_extensions()

    def is_gcc(self) -> bool:
        """Whether the C compiler is GCC: link-time optimisation is added for it alone."""
        command = getattr(self.compiler, "compiler_so", None)  # MSVC has none
        return bool(command) and Path(command[0]).name.startswith("gcc")

    def announce_fallback(self, error: Exception) -> None:
        self.failed = True
        print(f"tarocchi: not compiled ({error}); installing pure Python", file=sys.stderr)


def extensions() -> list[Any]:
    if os.environ.get("TAROCCHI_PURE", "") not in ("", "0") or "editable_wheel" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    try:
        paths = [f"src/{path}" for path in HOT]
        # no config file: pyproject says MYPYC is always false, for mypy itself
        flags = ["--config-file", os.devnull, "--always-true=MYPYC"]
        # no debugging symbols: a quarter less of the build's time, the same machine code; one C
        # file per module, compiled in parallel, less than half of gcc's time on one whole file
        compiled = list(
            mypycify([*paths, *flags], opt_level="3", debug_level="0", group_name="tarocchi", multi_file=True)
        )
        built = [Extension("tarocchi.core._rows", ["src/tarocchi/core/_rows.c"])]
        built += [Extension("tarocchi.research._tensor", ["src/tarocchi/research/_tensor.c"])]
        return [*compiled, *built]
    except BaseException as error:  # mypyc refused the sources: still a working package
        print(f"tarocchi: not compiled ({error}); installing pure Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
