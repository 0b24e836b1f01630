"""Line editing at the table's prompt: arrow keys, history and Tab completion of legal moves.

The standard library's readline does it: once imported, ``input()`` (which the table's console
reads with) edits the line and keeps the history, instead of printing raw escape codes. Tab
completes the word being typed from what could come next: the table's commands and the legal
moves' words, as ``complete`` works them out from a list of whole lines. Only at a terminal:
piped input is read without it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.text import Text

from tarocchi.core.manifest import Several
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of

REPEATED = ("discard", "d")
"""Words after which several cards may follow on one line (``discard 2E 3E``): each completes
like the first, less the ones already typed. A game adds its own (``Manifest.several``)."""


def several(game: Game[Any]) -> Several | None:
    """What besides discards ``game``'s players lay down several at a time, as its manifest
    words it (None: discards alone, or a game of a program's own)."""
    declared = manifest_of(game)
    return declared.several if declared is not None else None


def repeated_words(game: Game[Any]) -> tuple[str, ...]:
    """The words after which ``game``'s players type several cards on one line."""
    found = several(game)
    return REPEATED if found is None else (*REPEATED, *found.verbs)


def next_words(lines: Iterable[str], before: str, word: str, repeated: Iterable[str] = REPEATED) -> list[str]:
    """The words that may follow ``before`` (the line up to the word being typed) and start with
    ``word``, taken from ``lines``, the whole lines that could be typed; case-insensitive, each
    once, in the order first met; after one of the ``repeated`` words, cards not typed yet.

    ``next_words(["discard 2E", "discard 3E", "pass"], "discard ", "2")`` is ``["2E"]``.
    """
    typed = before.split()
    taken: set[str] = set()
    if len(typed) > 1 and typed[0].lower() in repeated:
        taken = {w.lower() for w in typed[1:]}
        typed = typed[:1]
    found: dict[str, None] = {}
    for line in lines:
        words = line.split()
        if len(words) <= len(typed):
            continue
        if [w.lower() for w in words[: len(typed)]] != [w.lower() for w in typed]:
            continue
        candidate = words[len(typed)]
        if candidate.lower().startswith(word.lower()) and candidate.lower() not in taken:
            found.setdefault(candidate, None)
    return list(found)


class Completer:
    """readline's completer: ``complete(text, state)`` is the state-th word that completes
    ``text``, from ``lines()`` (asked afresh at each Tab, so it follows the game); after one of
    the ``repeated`` words, card after card."""

    def __init__(
        self,
        lines: Callable[[], Iterable[str]],
        buffer: Callable[[], tuple[str, int]],
        repeated: Iterable[str] = REPEATED,
    ) -> None:
        self.lines = lines
        self.buffer = buffer  # the line typed so far and where the word being completed starts
        self.repeated = tuple(word.lower() for word in repeated)
        self.matches: list[str] = []

    def complete(self, text: str, state: int) -> str | None:
        if state == 0:
            line, start = self.buffer()
            try:
                self.matches = next_words(self.lines(), line[:start], text, self.repeated)
            except Exception:  # a completer that raises is silently dropped by readline: say nothing
                self.matches = []
        return self.matches[state] if state < len(self.matches) else None


def enable(lines: Callable[[], Iterable[str]], repeated: Iterable[str] = REPEATED) -> ModuleType | None:
    """Turn on line editing with Tab completion from ``lines()`` (card after card after one of
    the ``repeated`` words); the readline module, or None where the platform has none (the
    prompt then reads plain lines, as before)."""
    try:
        import readline
    except ImportError:
        return None

    def buffer() -> tuple[str, int]:
        return readline.get_line_buffer(), readline.get_begidx()

    readline.set_completer(Completer(lines, buffer, repeated).complete)
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):  # macOS's readline speaks another dialect
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return readline


_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


def prompt_text(console: Console, prompt: Text) -> str:
    """``prompt`` as ``input()`` should get it: in the console's colours, each colour code
    wrapped in readline's \\001 \\002 markers, so that readline knows how wide the prompt
    really is and redraws an edited or recalled line after it, not over it."""
    with console.capture() as captured:
        console.print(prompt, end="")
    text = captured.get()
    return _ESCAPE.sub("\x01\\1\x02", text) if "readline" in sys.modules else text
