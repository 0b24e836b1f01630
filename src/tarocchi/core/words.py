"""Small helpers for the words of messages, shared by the games and the front ends."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 cards`` (``many``: an irregular plural, e.g. ``Honours``)."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def listed(names: list[str]) -> str:
    """``South``, ``South and North``, ``South, West and North``: names as a sentence lists them."""
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"


def article(noun: str) -> str:
    """``a card``, ``an int``: the indefinite article a word takes (by its first letter)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"
