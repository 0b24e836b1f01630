"""One small tree of errors, so that callers can catch exactly what they can handle."""


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
