"""Each game's playout kernel (``core.kernel``), found by the game's id, for the search player.

A state a kernel does not cover (outside trick play: auctions, exchanges, declarations) is
played out by the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import Game

KernelFactory = Callable[[Any], Kernel | None]
"""From an engine state, the kernel that plays the rest of the hand (None: not covered)."""


def kernel_factory(game: Game[Any]) -> KernelFactory | None:
    """``game``'s kernel factory, or None if the game has no kernel."""
    gid = game.info.id
    if gid == "piedmont":
        from tarocchi.games.piedmont.kernel import kernel as piedmont

        allegiance = game.options["good_evil"] == "allegiance"
        return lambda state: piedmont(state, allegiance)
    if gid == "sicilian":
        from tarocchi.games.sicilian.kernel import kernel as sicilian

        return sicilian
    if gid == "taroinche":
        from tarocchi.games.taroinche.kernel import kernel as taroinche

        return taroinche
    if gid == "taroux":
        from tarocchi.games.taroux.kernel import kernel as taroux

        return taroux
    return None
