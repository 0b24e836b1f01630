"""A hand's result may give its score sheet as a ``Sheet``: the lines are worded the first time
they are read and kept, and every way a result is compared, copied or sent reads the same lines."""

from __future__ import annotations

import copy
import pickle

import pytest

from tarocchi.core.protocol import HandResult, ScoreLine

LINES = (ScoreLine("card points won in play", 40, 0), ScoreLine("total", 40, 0))


class CountingSheet:
    """A sheet that counts how often it was asked to word its lines."""

    def __init__(self) -> None:
        self.worded = 0

    def lines(self) -> tuple[ScoreLine, ...]:
        self.worded += 1
        return LINES


def result(sheet: CountingSheet) -> HandResult:
    return HandResult(((0, 2), (1, 3)), (40, 0), (1, 0), (5, -5, 5, -5), sheet=sheet)


def test_lines_are_worded_only_when_read_and_then_kept():
    sheet = CountingSheet()
    hand = result(sheet)
    assert hand.scores == (5, -5, 5, -5) and sheet.worded == 0
    assert hand.lines == LINES and hand.lines is hand.lines
    assert sheet.worded == 1


def test_a_worded_sheet_equals_the_same_lines_given_as_they_are():
    given = HandResult(((0, 2), (1, 3)), (40, 0), (1, 0), (5, -5, 5, -5), LINES)
    assert result(CountingSheet()) == given
    assert hash(result(CountingSheet())) == hash(given)
    assert result(CountingSheet()).to_json() == given.to_json()


def test_copies_and_pickles_hold_the_lines_not_the_sheet():
    for copied in (
        pickle.loads(pickle.dumps(result(CountingSheet()))),
        copy.deepcopy(result(CountingSheet())),
    ):
        assert copied.lines == LINES
        assert "_sheet" not in vars(copied)


def test_another_missing_attribute_is_an_attribute_error():
    with pytest.raises(AttributeError, match="sheet_lines"):
        result(CountingSheet()).sheet_lines  # type: ignore[attr-defined]  # noqa: B018
