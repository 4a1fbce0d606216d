"""The game-agnostic engine: the contract every title implements, records, replay and undo.

Everything outside a title's package knows games only through what this package exports.
"""

from . import errors
from .errors import BadData, BadSave, IllegalAction, OutremerError, UnknownGame
from .game import OBSERVER, Action, Game, Option, Outcome, Position, Role, normalize_action
from .record import SAVE_FORMAT, Record, load_record, replay, save_record
from .registry import get_game, register, titles, unregister
from .session import Session

__all__ = [
    "OBSERVER",
    "SAVE_FORMAT",
    "Action",
    "BadData",
    "BadSave",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "OutremerError",
    "Position",
    "Record",
    "Role",
    "Session",
    "UnknownGame",
    "errors",
    "get_game",
    "load_record",
    "normalize_action",
    "register",
    "replay",
    "save_record",
    "titles",
    "unregister",
]
