"""The one mypyc marker the engine's sources need, without making ``mypy_extensions`` a
dependency of the engine: at run time the decorator does nothing, and mypyc reads it from the
source (setup.py compiles the hot modules when it can; see docs/performance.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args: object, **kwargs: object) -> object:
        return lambda cls: cls


__all__ = ["mypyc_attr"]
