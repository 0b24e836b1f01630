"""What a websocket message must be before it is parsed: not nested too deeply.

Python's JSON parser recurses once per level, so a message nested a few thousand levels deep
raises RecursionError instead of a refusal. The depth is bounded first, from the brackets outside
strings, by regular expressions (a hostile message costs about what parsing it would).
"""

from __future__ import annotations

import re

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a message may have (every message is one flat object)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_INNERMOST = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")


def _openers(text: str) -> int:
    return text.count("[") + text.count("{")


def nests_within(text: str, most: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects at most ``most`` deep (brackets inside strings
    skipped), or, malformed, has no more than ``most`` unclosed ones for a parser to recurse into.

    Innermost pairs are removed a layer at a time (each pass one regular expression): after
    ``peeled`` passes, what is left nests at most as deep as it has opening brackets.
    """
    left = _STRING.sub("", text)
    peeled = 0
    while peeled + _openers(left) > most:
        if peeled == most:
            return False
        shorter = _INNERMOST.sub("", left)
        if shorter == left:
            return False
        left = shorter
        peeled += 1
    return True


def too_deep(text: str) -> str | None:
    """Why ``text`` may not be parsed (one line), or None if it may."""
    if not nests_within(text):
        return f"a message may nest arrays and objects at most {MAX_DEPTH} levels deep"
    return None
