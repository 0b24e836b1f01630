from typing import TypeVar

T = TypeVar("T", bound=tuple[object, ...])

def row(cls: type[T], /, *fields: object) -> T: ...
