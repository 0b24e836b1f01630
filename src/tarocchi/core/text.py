"""Showing text that came from outside (typed input, record files, messages) safely.

Untrusted text is echoed in refusals and reports. It must not be able to drive the terminal
(escape sequences such as ``\\x1b]0;...`` change titles, colours, even the clipboard) and a
megabyte of it must not become a megabyte-long message. Every message that quotes outside text
goes through :func:`shown`.
"""

from __future__ import annotations

import reprlib

SHOWN_LIMIT = 40
"""How many characters of an outside text a message quotes; the rest is cut with an ellipsis."""

MESSAGE_LIMIT = 300
"""The longest message the engine gives about a refused input."""


def printable(text: str) -> str:
    """``text`` with every control or format character escaped as ``\\xNN`` / ``\\uNNNN``."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def shown(text: str, limit: int = SHOWN_LIMIT) -> str:
    """Outside text as a message may quote it: control characters escaped, at most ``limit`` long."""
    cut = len(text) > limit
    safe = printable(text[:limit] if cut else text)
    if cut or len(safe) > limit:
        safe = safe[:limit] + "…"
    return safe


def bounded(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A whole message made safe to print: control characters escaped, at most ``limit`` long."""
    return shown(message, limit)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60


def shown_value(value: object) -> str:
    """``repr(value)`` cut short and escaped: how a message names a wrong argument of any type."""
    return printable(_REPR.repr(value))
