"""``LastRunning`` works a running state out again exactly when what it depends on changed: a
new tuple of finished tricks (even one equal to the last), or another value of the rest of the
key; views of one position, or of one trick's positions, share it."""

from __future__ import annotations

from tarocchi.core.running import LastRunning, frozen
from tarocchi.core.tricks import Trick


def test_the_same_tricks_and_key_are_worked_out_once() -> None:
    memo: LastRunning[int] = LastRunning()
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    tricks = (Trick(0, (1, 2, 3, 4), 2),)
    assert memo.get((tricks, "trumps"), make) == 1
    assert memo.get((tricks, "trumps"), make) == 1  # the same tuple, an equal rest: kept
    assert memo.get((tricks, "allegiance"), make) == 2  # the rest of the key changed
    assert memo.get((tuple(list(tricks)), "allegiance"), make) == 3  # another tuple, equal or not
    assert memo.get((tricks, "allegiance"), make) == 4  # only the last entry is kept
    assert len(made) == 4


def test_shared_lines_cannot_be_changed_by_one_view() -> None:
    lines, record = frozen(([("tricks won", "North-South 1, East-West 0")], 7))
    assert lines == (("tricks won", "North-South 1, East-West 0"),) and record == 7
    assert isinstance(lines, tuple)
