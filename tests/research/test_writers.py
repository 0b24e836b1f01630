"""``writers.writer(buffer)``: ``put(i, v, j, w, ...)`` sets items of a seat's float32 tensor or
an int8 legal-action mask, compiled by ``_tensor.c``'s ``Writer``, pure through the memoryview;
both write the same items, and refuse with one clear line what the memoryview would refuse (a
wrong index, an odd number of arguments, a value of the wrong type or past int8), and the C
writer a buffer that is neither a flat float32 nor a flat int8 one."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tarocchi import loading
from tarocchi.research import writers
from tarocchi.research._tensor import Writer

MAKERS: list[Callable[[memoryview], writers.Put]] = [Writer, writers.pure_writer]


@pytest.mark.parametrize("make", MAKERS, ids=["c", "pure"])
def test_put_sets_each_pair_and_nothing_else(make: Callable[[memoryview], writers.Put]) -> None:
    tensor = np.zeros(300, dtype=np.float32)
    put = make(tensor.data)
    put(0, 1.0, 299, 2.5, 257, 3)  # an int value is written as its float
    put(5, 1.0)
    put()  # no pair: nothing
    expected = np.zeros(300, dtype=np.float32)
    expected[[0, 5, 257, 299]] = [1.0, 1.0, 3.0, 2.5]
    assert np.array_equal(tensor, expected)
    put(0, 0.0, 1, 1e300)  # past float32's range: infinite, as the memoryview writes it
    assert tensor[0] == 0.0 and tensor[1] == np.inf


@pytest.mark.parametrize("make", MAKERS, ids=["c", "pure"])
def test_put_sets_the_items_of_an_int8_mask(make: Callable[[memoryview], writers.Put]) -> None:
    mask = np.zeros(249, dtype=np.int8)
    put = make(mask.data)
    put(0, 1, 248, 1, 100, -128, 101, 127)
    assert mask.nonzero()[0].tolist() == [0, 100, 101, 248]
    assert mask[100] == -128 and mask[101] == 127 and mask[0] == 1
    put(0, 0, 248, 0)
    assert mask.nonzero()[0].tolist() == [100, 101]


@pytest.mark.parametrize("make", MAKERS, ids=["c", "pure"])
@pytest.mark.parametrize(
    "pairs, error", [((3, 128), ValueError), ((3, -129), ValueError), ((3, 1.0), TypeError)]
)
def test_an_int8_mask_takes_ints_from_minus_128_to_127(
    make: Callable[[memoryview], writers.Put], pairs: tuple[Any, ...], error: type[Exception]
) -> None:
    mask = np.zeros(8, dtype=np.int8)
    with pytest.raises(error):
        make(mask.data)(*pairs)
    assert not mask.any()


@pytest.mark.parametrize("make", MAKERS, ids=["c", "pure"])
def test_put_writes_a_row_of_the_tensor_at_its_own_indices(make: Callable[[memoryview], writers.Put]) -> None:
    tensor = np.zeros(20, dtype=np.float32)
    put = make(tensor.data[10:15])
    put(0, 1.0, 4, 7.0)
    assert tensor.nonzero()[0].tolist() == [10, 14]
    assert tensor[14] == 7.0


@pytest.mark.parametrize("make", MAKERS, ids=["c", "pure"])
@pytest.mark.parametrize(
    "pairs, error, says",
    [
        ((3,), TypeError, "pairs of an index and a value"),
        ((1, 1.0, 2), TypeError, "pairs of an index and a value"),
        ((10, 1.0), IndexError, "out"),
        ((-1 - 10, 1.0), IndexError, "out"),
        ((1.5, 1.0), TypeError, None),
        ((1, "one"), TypeError, None),
    ],
)
def test_put_refuses_what_the_memoryview_refuses(
    make: Callable[[memoryview], writers.Put],
    pairs: tuple[Any, ...],
    error: type[Exception],
    says: str | None,
) -> None:
    tensor = np.zeros(10, dtype=np.float32)
    put = make(tensor.data)
    with pytest.raises(error, match=says):
        put(*pairs)


@pytest.mark.parametrize(
    "buffer, says",
    [
        (np.zeros(4, dtype=np.float64), "format 'd'"),
        (np.zeros((2, 2), dtype=np.float32), "2 dimensions"),
        (np.zeros(4, dtype=np.int32), "format 'i'"),
        (np.zeros(4, dtype=np.uint8), "format 'B'"),
    ],
)
def test_the_c_writer_takes_only_a_flat_float32_or_int8_buffer(buffer: Any, says: str) -> None:
    with pytest.raises(TypeError, match=says):
        Writer(buffer.data)


def test_the_c_writer_refuses_a_read_only_buffer() -> None:
    tensor = np.zeros(4, dtype=np.float32)
    tensor.flags.writeable = False
    with pytest.raises((BufferError, ValueError)):
        Writer(tensor.data)


def test_the_c_writer_keeps_its_tensor_alive() -> None:
    tensor = np.zeros(8, dtype=np.float32)
    alive = weakref.ref(tensor)
    put = Writer(tensor)
    del tensor
    gc.collect()
    held = alive()
    assert held is not None  # the writer holds the buffer it writes
    put(3, 1.0)
    assert held[3] == 1.0
    del put, held
    gc.collect()
    assert alive() is None


def test_compiled_research_writes_through_the_c_writer() -> None:
    """The C writer runs exactly when the engine does compiled (``make test`` runs both)."""
    assert (writers.writer is Writer) == loading.compiled()
