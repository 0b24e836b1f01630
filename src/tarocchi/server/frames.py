"""What a websocket message must be before it is parsed: not nested too deeply.

Python's JSON parser recurses once per level, so a message nested a few thousand levels deep
raises RecursionError instead of a refusal. The depth is counted first, from the brackets outside
strings, in linear time.
"""

from __future__ import annotations

import re

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a message may have (every message is one flat object)."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects, brackets inside strings skipped."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return text.count("[") + text.count("{")
    deepest = level = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        if bracket in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def too_deep(text: str) -> str | None:
    """Why ``text`` may not be parsed (one line), or None if it may."""
    found = depth(text)
    if found > MAX_DEPTH:
        return f"a message may nest arrays and objects at most {MAX_DEPTH} levels deep (this one: {found})"
    return None
