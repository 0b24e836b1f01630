"""Deep copies and pickles of the environments, without what cannot be copied.

An environment's ``IncrementalEncoder`` keeps its tensors in preallocated buffers written
through memoryviews and writers, which neither pickle nor deep-copy; a Gymnasium environment's
computer players hold closures. Rather than make every step pay for copyable buffers, a copy
leaves them out and builds them afresh (``rebuild``): an encoder started anew writes each seat's
next tensor from the state, bit for bit the one the original would write.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar


class Rebuilt:
    """Deep-copies and pickles all of an object's attributes but the ``REBUILT`` ones, which
    ``rebuild`` makes again; a deep copy shares ``game`` (the rules never change)."""

    REBUILT: ClassVar[tuple[str, ...]] = ()
    game: Any

    def rebuild(self) -> None:
        """Make the ``REBUILT`` attributes from the others."""
        raise NotImplementedError

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for name in self.REBUILT:
            del state[name]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.rebuild()

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        other = object.__new__(type(self))
        memo[id(self)] = other
        memo[id(self.game)] = self.game
        other.__setstate__(copy.deepcopy(self.__getstate__(), memo))
        return other
