"""Every registered game's manifest names every part, each of the kind its users expect, so
that no game is found by a convention or a table of its own anywhere else."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest
from configs import TEST_GAMES, playing

import tarocchi
from tarocchi.bots.registry import GamePlayers
from tarocchi.core.kernel import Kernel
from tarocchi.core.manifest import PARTS, Manifest
from tarocchi.core.protocol import Game, HandContext
from tarocchi.core.registry import available_games, declared, get_game, manifest, manifest_of
from tarocchi.research.followers.base import Follower


@pytest.mark.parametrize("game_id", [*available_games(), *TEST_GAMES])
def test_every_registered_game_declares_every_part(game_id: str) -> None:
    with playing(game_id):
        declares_every_part(game_id)


def declares_every_part(game_id: str) -> None:
    found = manifest(game_id)
    for part in PARTS:
        assert found.part(part) is not None, f"{game_id} declares no {part}"
    cls = found.part("game")
    assert issubclass(cls, Game) and cls.info.id == game_id
    game = get_game(game_id)
    assert manifest_of(game) is found and declared(cls) is found
    players = found.part("players")
    assert isinstance(players, GamePlayers)
    assert issubclass(found.part("follower"), Follower)
    assert callable(found.part("facts"))
    assert found.call_slots > 0
    factory = found.part("kernel")(game)
    rng = random.Random(5)
    state = game.initial_state(game.deal(rng, 0), HandContext(1, 0, (0,) * game.players))
    while game.to_act(state) is not None and factory(state) is None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    if game.to_act(state) is not None:  # reached trick play (not thrown in): the kernel takes it
        assert isinstance(factory(state), Kernel)
    view = game.view(state, 0)
    assert found.part("placer") is not None and game.place(view, rng) is not None


def test_a_part_is_named_module_colon_name_and_only_a_part_is_asked_for() -> None:
    with pytest.raises(ValueError, match="module:name"):
        Manifest(game="tarocchi.games.taroux.game.TarouxGame")
    with pytest.raises(ValueError, match="no manifest part 'heuristic'"):
        manifest("taroux").part("heuristic")
    assert Manifest(game="tarocchi.games.taroux.game:TarouxGame").part("kernel") is None


def test_a_game_class_of_a_program_own_has_no_manifest() -> None:
    base: Any = manifest("taroux").part("game")

    class Variant(base):  # type: ignore[misc,valid-type]
        pass

    assert declared(Variant) is None and manifest_of(get_game("taroux")) is not None


DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (a module's, a class's, a function's,
    or an attribute's, the string right after an assignment)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for k, statement in enumerate(body):
            first = k == 0 and isinstance(
                node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
            )
            after = k > 0 and isinstance(body[k - 1], ast.Assign | ast.AnnAssign)
            if (
                (first or after)
                and isinstance(statement, ast.Expr)
                and isinstance(statement.value, ast.Constant)
            ):
                found.add(id(statement.value))
    return found


def test_no_game_id_is_named_outside_the_games_and_the_registry() -> None:
    """Per-game values are declared by the games (manifest, rules, players' records) and read
    through the registry: no string in the code outside ``games/`` and ``core/registry.py`` is a
    game's id (docstrings may name a game in an example)."""
    package = Path(tarocchi.__file__).parent
    ids = set(available_games())
    named: list[str] = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where.startswith("games/") or where == "core/registry.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in ids and id(node) not in docstrings:
                named.append(f"{where}:{node.lineno} {node.value!r}")
    assert named == []
