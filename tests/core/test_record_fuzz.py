"""Property: whatever is done to a valid record — a value of another type anywhere, a key removed
or added, a list doubled or cut, a huge number, deep nesting, bytes changed or the text cut —
``load`` and ``replay`` either accept it or raise RecordError with one short, printable line.
Never any other exception.

The valid records come from seeded matches between random players: the seed only gives *some*
record to mutate; nothing here depends on which deal it produced.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tarocchi.bots import RandomPlayer, play_match
from tarocchi.core.errors import RecordError
from tarocchi.core.record import load, replay
from tarocchi.core.registry import available_games, get_game

Json = Any
JsonPath = tuple[str | int, ...]
HOLE = "\x00hole\x00"
"""A string no record holds: the text mutations put their raw JSON where it is dumped."""

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def record_text(game_id: str) -> str:
    """A valid record of ``game_id`` as JSON text (a short game where the game allows one)."""
    game = get_game(game_id, {"hands": "5"} if game_id == "taroinche" else None)
    match = play_match(game, [RandomPlayer(f"random {s}") for s in range(game.players)], seed=5)
    text = json.dumps(match.record())
    replay(json.loads(text))
    return text


def paths(value: Json, prefix: JsonPath = ()) -> list[JsonPath]:
    """Every path into ``value`` (the whole document is the empty path)."""
    found = [prefix]
    stack = [(value, prefix)]
    while stack:
        node, at = stack.pop()
        items: list[tuple[str | int, Json]] = []
        if isinstance(node, dict):
            items = list(node.items())
        elif isinstance(node, list):
            items = list(enumerate(node))
        for key, item in items:
            found.append((*at, key))
            stack.append((item, (*at, key)))
    return found


def get(value: Json, path: JsonPath) -> Json:
    for key in path:
        value = value[key]
    return value


def put(document: Json, path: JsonPath, value: Json) -> Json:
    """``document`` with the value at ``path`` replaced (the document itself if the path is empty)."""
    if not path:
        return value
    get(document, path[:-1])[path[-1]] = value
    return document


def nested(depth: int) -> Json:
    """A list nested ``depth`` deep, built without recursion."""
    value: Json = []
    for _ in range(depth):
        value = [value]
    return value


def checked(call: Callable[..., object], *args: object) -> None:
    """Run ``call``; it may succeed or refuse with a clean RecordError, and do nothing else."""
    try:
        call(*args)
    except RecordError as error:
        message = str(error)
        assert "\n" not in message and message.isprintable(), repr(message[:500])
        assert len(message) <= 400, repr(message[:500])


def replay_of(document: Json) -> None:
    replay(document)


def load_and_replay(path: Path) -> None:
    replay(load(path))


scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["", "KE", "T21", "pass", "pay 5", "\x1b]0;pwn\x07", "²", "piedmont", "trumps"])
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=10,
)
raw_values = st.sampled_from(
    [
        "NaN",
        "-Infinity",
        "1e999",
        "-0",
        "1.0",
        "9" * 4301,
        "-" + "1" * 20_000,
        "0." + "5" * 10_000,
        '"\\ud800"',
        '"\\u001b[2J"',
        '{"a": 1, "a": 2}',
        '{"format": "tarocchi-record", "format": "tarocchi-record"}',
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 50_000 + "0" + "}" * 50_000,
    ]
)


@st.composite
def mutated(draw: st.DrawFn) -> Json:
    """A valid record with one or two structural mutations."""
    game_id = draw(st.sampled_from(available_games()))
    document: Json = json.loads(record_text(game_id))
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(paths(document)))
        target = get(document, path)
        kind = draw(st.sampled_from(["replace", "delete", "add", "double", "cut", "huge", "deep", "float"]))
        if kind == "replace":
            document = put(document, path, draw(json_values))
        elif kind == "delete" and path:
            parent = get(document, path[:-1])
            del parent[path[-1]]
        elif kind == "add" and isinstance(target, dict):
            target[draw(st.text(max_size=10))] = draw(json_values)
        elif kind == "double" and isinstance(target, list):
            target.extend(list(target))
        elif kind == "cut" and isinstance(target, list):
            del target[draw(st.integers(0, len(target))) :]
        elif kind == "huge":
            document = put(document, path, draw(st.sampled_from([10**30, -(10**5000), 2**64])))
        elif kind == "deep":
            document = put(document, path, nested(draw(st.sampled_from([3, 50, 5000]))))
        elif kind == "float" and type(target) is int and abs(target) < 2**53:
            document = put(document, path, float(target))
    return document


@FUZZ
@given(document=mutated())
def test_a_mutated_record_replays_or_is_refused_cleanly(document: Json) -> None:
    checked(replay_of, document)


@pytest.fixture(scope="module")
def fuzz_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz") / "record.json"


@FUZZ
@given(data=st.data())
def test_a_mutated_record_file_loads_or_is_refused_cleanly(fuzz_file: Path, data: st.DataObject) -> None:
    game_id = data.draw(st.sampled_from(available_games()))
    text = record_text(game_id)
    kind = data.draw(st.sampled_from(["raw", "cut", "bytes", "insert"]))
    if kind == "raw":
        document = json.loads(text)
        path = data.draw(st.sampled_from(paths(document)))
        content = json.dumps(put(document, path, HOLE)).replace(json.dumps(HOLE), data.draw(raw_values), 1)
        raw = content.encode("utf-8")
    else:
        raw = text.encode("utf-8")
        at = data.draw(st.integers(0, len(raw)))
        if kind == "cut":
            raw = raw[:at]
        elif kind == "bytes":
            junk = data.draw(st.binary(min_size=1, max_size=8))
            raw = raw[:at] + junk + raw[at + len(junk) :]
        else:
            raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    fuzz_file.write_bytes(raw)
    checked(load_and_replay, fuzz_file)


def test_the_unmutated_records_replay() -> None:
    # The property above is only worth something if its starting points are good records.
    for game_id in available_games():
        assert replay(json.loads(record_text(game_id))).game == game_id
