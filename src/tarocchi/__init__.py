"""tarocchi: rules-exact engines for four tarot-family card games.

The rules engine (``tarocchi.core`` and ``tarocchi.games``) uses the standard library only;
the terminal front end lives behind the ``cli`` extra.
"""

from tarocchi import loading

loading.choose()  # before any engine module: compiled, or from source (TAROCCHI_PURE=1, stale)

from tarocchi.core.registry import available_games, get_game  # noqa: E402

__all__ = ["available_games", "get_game"]
__version__ = "0.1.0"
