"""``cards.Positions`` finds a game's own action objects by identity, and nothing else."""

from __future__ import annotations

import copy
import pickle

from tarocchi.core.actions import Call, Discard, Play
from tarocchi.core.cards import Positions
from tarocchi.games.piedmont.play import DISCARDS, PLAYS


def test_every_own_object_is_found_at_its_position() -> None:
    for items in (PLAYS, DISCARDS, tuple(object() for _ in range(500)), ("one",), ()):
        positions = Positions(items)
        assert [positions.find(item) for item in items] == list(range(len(items)))


def test_equal_objects_and_strangers_are_not_found() -> None:
    positions = Positions(PLAYS)
    card = PLAYS[5].card
    for stranger in (
        Play(card),
        copy.deepcopy(PLAYS[5]),
        pickle.loads(pickle.dumps(PLAYS[5])),
        Discard(card),
        DISCARDS[5],
        None,
        5,
        "KE",
    ):
        assert positions.find(stranger) == -1


def test_index_finds_an_equal_object_where_find_does_not() -> None:
    calls = (Call("pass"), Call("take"), Call("contra"))
    positions = Positions(calls)
    twin = copy.deepcopy(calls[2])
    assert positions.find(twin) == -1
    assert positions.index(twin) == 2
    assert positions.index(calls[1]) == 1
    assert positions.index(Call("slam")) == -1
    assert positions.index(Play(PLAYS[0].card)) == -1
