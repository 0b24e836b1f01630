"""Each game's playout kernel (``core.kernel``), named by its manifest, for the search player.

A state a kernel does not cover (outside trick play: auctions, exchanges, declarations) is
played out by the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tarocchi.core.kernel import Kernel
from tarocchi.core.protocol import Game
from tarocchi.core.registry import manifest_of

KernelFactory = Callable[[Any], Kernel | None]
"""From an engine state, the kernel that plays the rest of the hand (None: not covered)."""


def kernel_factory(game: Game[Any]) -> KernelFactory | None:
    """``game``'s kernel factory (its manifest's ``kernel``), or None if the game has no kernel."""
    declared = manifest_of(game)
    factory = declared.part("kernel") if declared is not None else None
    return factory(game) if factory is not None else None
