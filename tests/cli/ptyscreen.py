"""A real terminal for the table's tests: ``tarocchi`` run in a pseudo-terminal, read as a person
reads the screen."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path


class Screen:
    """What a terminal shows, read in order: each ``until`` returns the text up to and including
    what it waits for, and keeps what came after it in the same read for the next call (a busy
    machine hands over the help and the next prompt in one chunk)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.rest = b""

    def until(self, wanted: bytes, seconds: float = 60) -> bytes:
        """The screen up to ``wanted`` (AssertionError with all it showed if it never comes)."""
        seen = self.rest
        end = time.monotonic() + seconds
        while wanted not in seen:
            left = end - time.monotonic()
            assert left > 0, f"{wanted!r} never came; the screen showed:\n{seen.decode(errors='replace')}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    chunk = b""
                assert chunk, f"the table closed before {wanted!r}:\n{seen.decode(errors='replace')}"
                seen += chunk
        cut = seen.index(wanted) + len(wanted)
        self.rest = seen[cut:]
        return seen[:cut]


def hangup_ends_it() -> None:
    """A hangup ends the program as it does one started at a terminal, even when the tests run
    under ``nohup`` (which would hand the program an ignored SIGHUP)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def table(args: list[str], cwd: Path, columns: int = 100) -> tuple[subprocess.Popen[bytes], Screen]:
    """``tarocchi ARGS`` at a terminal of ``columns`` columns, in ``cwd``; the process and its screen
    (the caller closes ``screen.fd`` and ends the process)."""
    fd, terminal = pty.openpty()
    command = "from tarocchi.cli import main; main()"
    env = os.environ | {"COLUMNS": str(columns), "LINES": "40", "TERM": "xterm"}
    process = subprocess.Popen(
        [sys.executable, "-c", command, *args],
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        env=env,
        cwd=cwd,
        start_new_session=True,
        preexec_fn=hangup_ends_it,
    )
    os.close(terminal)
    return process, Screen(fd)
