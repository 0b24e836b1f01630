"""The ``tarocchi`` command: play, simulate, replay and bench from a terminal.

click and rich are the optional ``cli`` extra, so nothing here imports them at module level:
``main`` checks for them first and says how to install them.
"""

from __future__ import annotations

import sys

MISSING_EXTRA = "the tarocchi command needs the cli extra: pip install 'tarocchi[cli]'"


def main() -> None:
    """Console entry point (``tarocchi = "tarocchi.cli:main"``)."""
    try:
        import click  # noqa: F401
        import rich  # noqa: F401
    except ImportError:
        print(MISSING_EXTRA, file=sys.stderr)
        raise SystemExit(1) from None
    from tarocchi.core.errors import UnknownGameError

    try:
        from tarocchi.cli.app import cli
        from tarocchi.cli.common import safe_streams

        safe_streams()
        cli(prog_name="tarocchi")
    except UnknownGameError as error:  # a game the registry cannot load (TAROCCHI_GAMES): one line
        print(f"tarocchi: {error.args[0] if error.args else error}", file=sys.stderr)
        raise SystemExit(2) from None
