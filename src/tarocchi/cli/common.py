"""What every command shares: the console, plain messages, and turning engine errors into
click usage errors (exit code 2) so that a typo never shows a traceback."""

from __future__ import annotations

import codecs
import io
import os
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from tarocchi.core.errors import OptionError, TarocchiError
from tarocchi.core.protocol import Game, parse_option_pairs
from tarocchi.core.registry import game_info, get_game
from tarocchi.core.text import shown

OPTION_HELP = "A game option as name=value (repeatable); `tarocchi games` lists them."


if TYPE_CHECKING:  # generic only in newer click; the runtime base works with every version
    _IntParam = click.ParamType[int, Any]
else:
    _IntParam = click.ParamType


class WholeNumber(_IntParam):
    """A whole number in ``low..high``, in ASCII digits. Unlike click's IntRange it never echoes
    a megabyte of input nor meets Python's 4,300-digit limit: the error quotes the text cut short."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if type(value) is int:
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] == "-" else text
            if not (digits.isascii() and digits.isdigit() and len(digits) <= len(str(self.high))):
                self.fail(f"must be a whole number from {self.range} (got '{shown(text)}')", param, ctx)
            number = int(text)
        if not self.low <= number <= self.high:
            self.fail(f"must be a whole number from {self.range} (got {shown(str(number))})", param, ctx)
        return number

    @property
    def range(self) -> str:
        return f"{self.low} to {self.high:,}" if self.high < 2**63 else f"{self.low} to 2^64 - 1"


SEED = WholeNumber(0, 2**64 - 1)
MAX_COUNT = 10**7
"""The most games or deals one command plays: days of work even for the fastest game."""


ASCII_FALLBACK = {
    "—": "-", "\u2013": "-", "━": "-", "─": "-", "·": ".", "…": "...", "\u00d7": "x", "→": "->", "←": "<-",
    "≥": ">=", "≤": "<=", "♠": "^", "♥": "=", "♦": "+", "♣": "&", "\u2018": "'", "\u2019": "'", "\u201c": '"',
    "\u201d": '"', "±": "+/-", "é": "e", "è": "e", "à": "a", "ò": "o", "ù": "u", "ì": "i",
}  # fmt: skip
"""What a terminal that cannot show a character gets instead; anything else becomes '?'. A suit's
mark becomes a sign no card code holds (S, H, D and C name suits or ranks in some game)."""


def _ascii_fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(ASCII_FALLBACK.get(char, "?") for char in bad), error.end


codecs.register_error("tarocchi-fallback", _ascii_fallback)


def safe_streams() -> None:
    """Let stdout and stderr write what their encoding lacks as ASCII look-alikes instead of
    raising UnicodeEncodeError (``PYTHONIOENCODING=ascii``, a C locale, an old terminal)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and not _encodes(stream.encoding, "—♣━…"):
            stream.reconfigure(errors="tarocchi-fallback")


def _encodes(encoding: str, sample: str) -> bool:
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def make_console() -> Console:
    """A console on the current stdout (created per command, so test runners can capture it).
    Piped into a file or a log, it is 120 columns wide, so tables are not cut to 80."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else 120)


def say(console: Console, message: str, style: str = "", indent: int = 0) -> None:
    """Print ``message`` as it is, with no markup parsing (engine messages may hold brackets): at a
    terminal wrapped between words at its width (the terminal would cut words in two), every line
    ``indent`` spaces in; else on one line (a message stays one line in a log)."""
    if console.is_terminal:
        text = Text(message, style=style, overflow="fold")
        console.print(Padding(text, (0, 0, 0, indent), expand=False) if indent else text)
    else:
        console.print(Text(" " * indent + message, style=style), soft_wrap=True)


def say_path(console: Console, before: str, path: str, after: str = "", style: str = "") -> None:
    """``before path after`` on one line if it fits the terminal's width (or goes to a log); else
    the path whole on a line of its own (never cut, so that it can be copied), the words before
    and after it wrapped."""
    whole = f"{before} {path}{after}"
    if not console.is_terminal or cell_len(whole) <= console.width:
        say(console, whole, style)
        return
    say(console, before, style)
    console.print(Text(path, style=style), soft_wrap=True)
    if after.strip():
        say(console, after.strip(), style)


def load_game(
    game_id: str, option_pairs: tuple[str, ...] | list[str], game_hint: str = "'GAME'"
) -> Game[Any]:
    """The rules object for ``game_id`` with validated options, or a click usage error."""
    try:
        options = parse_option_pairs(list(option_pairs))
    except OptionError as exc:
        raise click.BadParameter(_with_own_example(game_id, str(exc)), param_hint="'--option'") from None
    try:
        return get_game(game_id, options)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--option'") from None
    except TarocchiError as exc:
        raise click.BadParameter(str(exc), param_hint=game_hint) from None


def _with_own_example(game_id: str, message: str) -> str:
    """``message`` with its example option taken from the game at hand (``hands=9`` for
    Taroux, not Piedmont's ``good_evil=trumps``), or saying that the game has none."""
    try:
        specs = game_info(game_id).options
    except TarocchiError:
        return message
    head, _, got = message.partition(", e.g. ")
    got = got[got.find(" (got") :] if " (got" in got else ""
    if not specs:
        return f"{game_id} has no options{got}"
    spec = specs[0]
    example = next((c for c in spec.choices if c != spec.default), spec.default)
    return f"{head}, e.g. {spec.name}={example}{got}"


def fresh_seed() -> int:
    """A seed for computer-only runs when none is given, printed so that they can be run again.

    Never for a game with a human at the table: a printed seed would reveal every hidden card.
    """
    return secrets.randbelow(2**32)


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def bounded_jobs(console: Console, jobs: int) -> int:
    """``jobs``, or the number of CPUs if that is fewer: more processes than CPUs only wait."""
    limit = cpus()
    if jobs <= limit:
        return jobs
    say(console, f"Using {limit} jobs, not {jobs}: this machine has {limit} CPUs.", "dim")
    return limit


def writable_file(path: Path, hint: str) -> Path:
    """``path`` if a file can be written there (its folder is made now); else a usage error."""
    if path.is_dir():
        raise click.BadParameter(
            f"{path} is a folder; give a file name, e.g. {path / 'game.json'}", param_hint=hint
        )
    writable_dir(path.parent, hint)
    return path


def writable_dir(path: Path, hint: str) -> Path:
    """``path`` as a folder that files can be written in (made now if missing); else a usage error."""
    blocker = next((p for p in (path, *path.parents) if p.exists() and not p.is_dir()), None)
    if blocker is not None:
        why = f"{blocker} is a file, not a folder"
        raise click.BadParameter(f"cannot write in {path}: {why}", param_hint=hint)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with open(path / f".tarocchi-{secrets.token_hex(4)}.tmp", "wb") as probe:
            pass
        os.unlink(probe.name)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise click.BadParameter(f"cannot write in {path}: {why}", param_hint=hint) from None
    return path


def options_text(options: dict[str, str] | tuple[tuple[str, str], ...]) -> str:
    """``name=value ...``, or ``-`` for a game without options (a table cell is never empty)."""
    items = options.items() if isinstance(options, dict) else options
    return " ".join(f"{name}={value}" for name, value in items) or "-"


def titled(name: str, options: dict[str, str] | tuple[tuple[str, str], ...]) -> str:
    """A game's name with its options, ``Taroinche (hands=5)``; just the name without any."""
    return f"{name} ({options_text(options)})" if options else name
