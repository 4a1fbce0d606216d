"""A bot process's side of the server's bots (server/bots.py): choose one bot action at a time, away
from the web process, and keep what the next decision of the same game needs.

A task names its game by a key (unique to the web process and the game), and brings the title, the
game's record (setup and the actions so far), the role to act, and its bot's name and seed. The
process keeps each game's state between tasks: when the actions it has are the first of the record
it is sent, it applies only the new ones (each checked, as a replay does); otherwise (an action
taken back) it replays the record from its setup. It keeps each bot too, made once per game, role,
name and seed, so that a bot's memory holds between its decisions as it would in one process (a
scripted bot's plan under way, the search bot's guides). At most :data:`CAPACITY` games are kept,
the one used longest ago let go first (its bots start afresh if it comes back).

The bot is given the state, as every bot is, and reads only what its role may see through it
(bots/base.py; the search bot deals everything hidden anew with the title's sampler, bots/ismcts.py).
"""

from __future__ import annotations

import logging
import os
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from typing import Any

from ..engine.game import Action, Game, Role
from ..engine.record import Record, new_state
from .base import Bot
from .registry import make_bot

log = logging.getLogger("outremer.bots.worker")

CAPACITY = 64
"""How many games a bot process keeps (their states and bots)."""


@dataclass(frozen=True)
class Answer:
    """A bot's answer: its action, or the error that stopped it (``"Type: message"``); and the id of
    the process that chose it."""

    action: Action | None
    error: str | None
    pid: int


@dataclass
class Table:
    """One game as a bot process keeps it: the record of the actions applied (setup included), the
    state after them, and the game's bots by (role, name, seed)."""

    record: Record
    state: Any
    bots: dict[tuple[Role, str, int], Bot] = field(default_factory=dict)


_tables: OrderedDict[Hashable, Table] = OrderedDict()


def serve(conn: Connection) -> None:
    """A bot process's life: answer each task received on ``conn`` (:func:`think`'s arguments) with
    its :class:`Answer`, until None comes (or the other end closes)."""
    try:
        while (task := conn.recv()) is not None:
            conn.send(think(*task))
    except EOFError:
        pass
    finally:
        conn.close()


def think(key: Hashable, game: Game[Any], record: Record, role: Role, name: str, seed: int) -> Answer:
    """The action of ``role``'s bot ``name`` (seeded ``seed``) in the game ``key`` after ``record``.
    Never raises: an error is the answer's ``error``."""
    try:
        table = _table(key, game, record)
        bot = table.bots.get((role, name, seed))
        if bot is None:
            bot = table.bots[role, name, seed] = make_bot(name, game, seed)
        return Answer(bot.choose(game, table.state, role), None, os.getpid())
    except Exception as exc:  # a broken bot must not stop its process or other games
        log.exception("bot %s failed for %s", name, role)
        return Answer(None, f"{type(exc).__name__}: {exc}", os.getpid())


def _table(key: Hashable, game: Game[Any], record: Record) -> Table:
    """The game ``key`` brought up to ``record``: its actions new since the last task applied, or the
    record replayed from its setup if an earlier action changed (or the game is new here)."""
    table = _tables.pop(key, None)
    setup = replace(record, actions=[])
    if table is not None:
        have = table.record.actions
        if replace(table.record, actions=[]) != setup or record.actions[: len(have)] != have:
            table = Table(setup, new_state(game, setup), table.bots)
    else:
        table = Table(setup, new_state(game, setup))
    for role, action in record.actions[len(table.record.actions) :]:
        game.apply_in_place(table.state, role, action)
        table.record.actions.append((role, action))
    _tables[key] = table
    while len(_tables) > CAPACITY:
        _tables.popitem(last=False)
    return table
