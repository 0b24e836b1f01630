"""The call a page test's person makes so that a hand is played whatever the deal: the tests want
tricks, and a hand thrown in before its first card (or a whole game of them) would leave them
waiting for a trick that never comes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

REAL_BIDS = ("take", "without", "against")
"""Taroux's real bids, lowest first: one standing at the auction's end plays the hand (T3)."""


def keeping_call(game: str, view: dict[str, Any], legal: Sequence[str]) -> str | None:
    """The call (its notation) that keeps this hand in play, or None where any action does.

    Sicilian: a hold plays the hand whatever offers are taken (S3), and a Solo plays it (S4) where
    a Prop might never come (S5). Taroux: six passes, or a Prop or Stand left highest, throw the
    hand in (T3); a real bid plays it, so the person makes the lowest while none stands, and
    passes once one does. Taroinche: five passes and no bid are a redeal (B3); the person bids the
    lowest while none stands, and passes once one does (a Coinche is no bid)."""
    phase = view["phase"]
    facts = view.get("facts") or {}
    if game == "sicilian":
        return next((word for word in ("hold", "solo") if word in legal), None)
    if game == "taroux" and phase == "auction":
        standing = (facts.get("high_bid") or "").lower()
        if any(word in standing for word in ("take", "without", "against")):
            return "pass"
        return next((word for word in REAL_BIDS if word in legal), None)
    if game == "taroinche" and phase in ("auction", "surcoinche"):
        if facts.get("contract") is not None:
            return "pass" if "pass" in legal else None
        return next((action for action in legal if action[:1].isdigit()), None)
    return None
