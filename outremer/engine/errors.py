"""Errors raised through the game contract."""

import reprlib

_BRIEF = reprlib.Repr()
_BRIEF.maxlevel, _BRIEF.maxlist, _BRIEF.maxdict = 3, 6, 6
_BRIEF.maxstring, _BRIEF.maxlong, _BRIEF.maxother = 60, 40, 60


def brief(value: object) -> str:
    """``repr(value)`` cut short, so that a message about input from outside stays one short line."""
    return _BRIEF.repr(value)


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
