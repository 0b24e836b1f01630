"""The registered games, imported only when asked for: each by its package, whose ``MANIFEST``
(``core.manifest``) names everything else about it.

The four games of tarocchi are built in. Another game is one package with a manifest, added by
``register`` (a program, a test: ``registered`` undoes it afterwards) or, for every command and
the table server, by the ``TAROCCHI_GAMES`` environment variable (docs/adding-a-game.md)."""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from tarocchi.core.errors import UnknownGameError
from tarocchi.core.manifest import Manifest
from tarocchi.core.protocol import Game, GameInfo
from tarocchi.core.text import shown

BUILT_IN: Mapping[str, str] = {
    "piedmont": "tarocchi.games.piedmont",
    "sicilian": "tarocchi.games.sicilian",
    "taroinche": "tarocchi.games.taroinche",
    "taroux": "tarocchi.games.taroux",
}
"""The games tarocchi ships, each by its package."""
ENVIRONMENT = "TAROCCHI_GAMES"
"""The environment variable that registers more games for every command and the server:
``id=package`` pairs separated by commas or spaces (``minchiate=tarocchi_minchiate``)."""
_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")

_GAMES: dict[str, str] = {}
"""The one table by game id: each game's package (filled on first use, ``_games``)."""


def _games() -> dict[str, str]:
    """The table, filled on first use with the built-in games and those ``TAROCCHI_GAMES``
    names (read then, once: UnknownGameError saying what is wrong with it)."""
    if not _GAMES:
        found = dict(BUILT_IN)
        for pair in os.environ.get(ENVIRONMENT, "").replace(",", " ").split():
            game_id, _, package = pair.partition("=")
            problem = _problem(game_id, package, found)
            if problem:
                raise UnknownGameError(f"{ENVIRONMENT}: '{shown(pair)}': {problem}")
            found[game_id] = package
        _GAMES.update(found)
    return _GAMES


def _problem(game_id: str, package: str, games: Mapping[str, str]) -> str | None:
    """What is wrong with registering ``package`` as ``game_id`` (None: nothing)."""
    if not _ID.fullmatch(game_id) or not _PACKAGE.fullmatch(package):
        return (
            "a game is registered as id=package, the id a lower-case word (e.g. minchiate=my_games.minchiate)"
        )
    if games.get(game_id, package) != package:
        return f"the id '{game_id}' is the game of {games[game_id]}"
    return None


def register(game_id: str, package: str) -> None:
    """Register the game whose package is ``package`` (imported when first asked for) as
    ``game_id``, which its game's ``info.id`` must be. ValueError if the id is malformed or
    another package's; registering a game again under its own id changes nothing."""
    games = _games()
    problem = _problem(game_id, package, games)
    if problem:
        raise ValueError(f"cannot register {shown(package)} as '{shown(game_id)}': {problem}")
    games[game_id] = package


def unregister(game_id: str) -> None:
    """Forget the game ``game_id`` (UnknownGameError if it is not registered); a built-in game
    cannot be forgotten (ValueError)."""
    games = _games()
    if game_id in BUILT_IN:
        raise ValueError(f"{game_id} is built in: it cannot be unregistered")
    if game_id not in games:
        raise UnknownGameError(f"unknown game '{shown(game_id)}'; the games are: {', '.join(games)}")
    del games[game_id]


@contextmanager
def registered(game_id: str, package: str) -> Iterator[Manifest]:
    """``register`` while the block runs (its manifest), then ``unregister``: a test's game is
    nobody else's. A game that was registered before stays so."""
    before = game_id in _games()
    register(game_id, package)
    try:
        yield manifest(game_id)
    finally:
        if not before:
            unregister(game_id)


def available_games() -> tuple[str, ...]:
    """The ids of every registered game."""
    return tuple(_games())


def load_games() -> tuple[str, ...]:
    """The ids of every registered game, each game's package imported now: a server says a
    registration that cannot load when it starts, not when a player first asks for that game
    (UnknownGameError naming it)."""
    games = available_games()
    for game_id in games:
        manifest(game_id)
    return games


@functools.cache
def _manifest(package: str) -> Manifest:
    """The ``MANIFEST`` of ``package``, imported now (UnknownGameError if it has none)."""
    try:
        module = importlib.import_module(package)
    except ImportError as error:
        raise UnknownGameError(f"the game package {package} cannot be imported: {error}") from error
    found = getattr(module, "MANIFEST", None)
    if not isinstance(found, Manifest):
        raise UnknownGameError(f"{package} declares no MANIFEST (a core.manifest.Manifest)")
    return found


def manifest(game_id: str) -> Manifest:
    """The manifest of the game ``game_id`` (UnknownGameError naming the games if none, or
    saying why its package declares no game of that id)."""
    wanted = game_id.strip().lower()
    package = _games().get(wanted)
    if package is None:
        raise UnknownGameError(f"unknown game '{game_id}'; the games are: {', '.join(available_games())}")
    found = _manifest(package)
    declared_id = found.part("game").info.id
    if declared_id != wanted:
        raise UnknownGameError(f"{package} declares the game '{declared_id}', registered as '{wanted}'")
    return found


def manifest_of(game: Game[Any]) -> Manifest | None:
    """The manifest of ``game``'s class, None if it is no registered game's (a program's own)."""
    return _declared(game.info.id, type(game))


def declared(cls: type[Game[Any]]) -> Manifest | None:
    """The manifest that names the game class ``cls``, None if it is no registered game's."""
    return _declared(cls.info.id, cls)


def _declared(game_id: str, cls: type[Any]) -> Manifest | None:
    package = _games().get(game_id)
    if package is None:
        return None
    found = _manifest(package)
    return found if found.part("game") is cls else None


def game_class(game_id: str) -> type[Game[Any]]:
    cls: type[Game[Any]] = manifest(game_id).part("game")
    return cls


def game_info(game_id: str) -> GameInfo:
    return game_class(game_id).info


def get_game(game_id: str, options: Mapping[str, str] | None = None) -> Game[Any]:
    """A rules object for ``game_id`` with validated ``options`` (OptionError if wrong). A game is
    a stateless rules object, and making one builds its phases' tables (milliseconds: a record's
    every replay makes its game), so one is made for each class and options and shared; options
    that are not all text go to the class, which says what is wrong with them."""
    cls = game_class(game_id)
    if options is None:
        return _made(cls, ())
    if isinstance(options, Mapping) and all(isinstance(x, str) for pair in options.items() for x in pair):
        return _made(cls, tuple(sorted(options.items())))
    return cls(options)


@functools.lru_cache(maxsize=64)
def _made(cls: type[Game[Any]], options: tuple[tuple[str, str], ...]) -> Game[Any]:
    return cls(dict(options) if options else None)
