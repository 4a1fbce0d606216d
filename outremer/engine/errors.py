"""Errors raised through the game contract."""


class OutremerError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(OutremerError):
    """An action that is malformed, not the role's to take, or not legal now.

    Raised by :meth:`Game.apply`; the state is left exactly as it was.
    """


class BadSave(OutremerError):
    """A save file that cannot be read, is of another game, or does not replay."""


class BadData(OutremerError):
    """A data pack file that is missing, malformed, or fails its schema."""


class UnknownGame(OutremerError):
    """A title slug that no installed title answers to."""
