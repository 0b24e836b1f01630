"""Where the browsers the page tests drive are: an environment variable, else the first of
their names on PATH. A missing one is an error that says what to install, never a skip."""

from __future__ import annotations

import os
import shutil


def installed(browser: str, variable: str, names: tuple[str, ...], package: str) -> str:
    """The executable of ``browser``: ``$variable``, else the first of ``names`` on PATH."""
    given = os.environ.get(variable)
    if given:
        return given
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(
        f"no {browser} found: install Debian's (apt-get install {package}) or set {variable}; "
        "make test installs it where it can"
    )
