"""Small helpers for the words of messages, shared by the games and the front ends."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``many``: an irregular plural, e.g. ``Honours``)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def article(noun: str) -> str:
    """``a card``, ``an int``: the indefinite article a word takes (by its first letter)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
