"""One small tree of errors, so that callers can catch exactly what they can handle."""

from __future__ import annotations


class TarocchiError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(TarocchiError, ValueError):
    """Text that is not a card or an action at all (a syntax error)."""


class IllegalActionError(TarocchiError):
    """A well-formed action that the rules do not allow now; the message says why."""


class OptionError(TarocchiError, ValueError):
    """An unknown game option or a value outside its choices."""


class RecordError(TarocchiError):
    """A game record that is malformed, or whose contents the rules reject."""


class UnknownGameError(TarocchiError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class ArgumentError(TarocchiError, ValueError):
    """A wrong argument to a public entry point: a seat out of range, a count that is no count,
    a state of another game, an object that is no action. A mistake in the calling program, not
    a move the rules refuse (that is IllegalActionError)."""


class NotAnActionError(ArgumentError, IllegalActionError):
    """An object given to ``apply`` as an action that is none (text, None, a play without a
    card): a wrong argument, and still a refused move to code that catches IllegalActionError
    around ``apply``, as it did before the argument checks."""
