"""What every command shares: the console, plain messages, and turning engine errors into
click usage errors (exit code 2) so that a typo never shows a traceback."""

from __future__ import annotations

import random
import sys
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from tarocchi.core.errors import OptionError, TarocchiError
from tarocchi.core.protocol import Game, parse_option_pairs
from tarocchi.core.registry import get_game

OPTION_HELP = "A game option as name=value (repeatable); `tarocchi games` lists them."


def make_console() -> Console:
    """A console on the current stdout (created per command, so test runners can capture it).
    Piped into a file or a log, it is 120 columns wide, so tables are not cut to 80."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else 120)


def say(console: Console, message: str, style: str = "") -> None:
    """Print ``message`` as it is: no markup parsing (engine messages may hold brackets) and no
    wrapping (the terminal wraps, and a message stays one line in a log)."""
    console.print(Text(message, style=style), soft_wrap=True)


def load_game(
    game_id: str, option_pairs: tuple[str, ...] | list[str], game_hint: str = "'GAME'"
) -> Game[Any]:
    """The rules object for ``game_id`` with validated options, or a click usage error."""
    try:
        options = parse_option_pairs(list(option_pairs))
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--option'") from None
    try:
        return get_game(game_id, options)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint="'--option'") from None
    except TarocchiError as exc:
        raise click.BadParameter(str(exc), param_hint=game_hint) from None


def fresh_seed() -> int:
    """A seed for when none is given, printed so that the game can be played again."""
    return random.SystemRandom().randrange(1, 10**6)


def options_text(options: dict[str, str] | tuple[tuple[str, str], ...]) -> str:
    items = options.items() if isinstance(options, dict) else options
    return " ".join(f"{name}={value}" for name, value in items) or "-"
