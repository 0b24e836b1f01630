"""The learned policy: a small numpy network trained on the research encoding (docs/bots.md).

``learned`` plays the network's most probable legal action; ``expert`` is the hard level's search
with the network as its prior. numpy is an optional dependency (the ``learned`` extra, also in
``research``): this module does not import it, so the engine and the other players work
without it, and asking for a learned player without it says which extra to install.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from tarocchi.core.protocol import Game

WEIGHTS = Path(__file__).resolve().parent / "weights"
"""The shipped weights: ``<game>.npz``, and ``<game>-<option>-<value>.npz`` for an option
whose play differs enough to have its own (Piedmont's Allegiance)."""
INSTALL = "pip install 'tarocchi[learned]'"
KINDS = ("learned", "expert")
"""The kinds of player that need the weights (and numpy)."""


class MissingNumpyError(ValueError):
    """A learned player was asked for without numpy installed."""


def has_numpy() -> bool:
    return importlib.util.find_spec("numpy") is not None


def require_numpy(kind: str) -> None:
    """MissingNumpyError saying which extra to install, if numpy is missing."""
    if not has_numpy():
        raise MissingNumpyError(f"the {kind} player needs numpy, which is not installed; {INSTALL}")


def weights_path(game: Game[Any]) -> Path:
    """Where the weights trained for ``game`` and exactly its options are (or would be) written:
    ``<game>.npz`` for the defaults, else the options that differ from them in the name."""
    defaults = {spec.name: spec.default for spec in game.info.options}
    changed = sorted((name, value) for name, value in game.options.items() if defaults.get(name) != value)
    own = "".join(f"-{name}-{value}" for name, value in changed)
    return WEIGHTS / f"{game.info.id}{own}.npz"


def shipped_weights(game: Game[Any]) -> Path | None:
    """The weights ``game`` is played with: those for its options, else its defaults' (the
    features are the same for every option), else None."""
    for path in (weights_path(game), WEIGHTS / f"{game.info.id}.npz"):
        if path.is_file():
            return path
    return None
