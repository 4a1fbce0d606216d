"""A bot process's side of the server's bots (server/bots.py): choose one bot action at a time, away
from the web process, and keep what the next decision of the same game needs.

A :class:`Task` names its game by a key (unique to the web process and the game) and brings only
what the process lacks: the game's setup and every action so far when the process is to build the
game afresh, or else the actions after the first ``base``, which the process must already have
(the last of them stored as row ``base_id``: a row id names every action before it too). A process
that has not exactly those (it was started anew, it let the game go, or an action it has was taken
back) applies nothing and answers with what it has (:attr:`Answer.need`); the web process then
sends the actions after those if they are still the game's, or else the whole game. So an action
is never applied to a state an undo has left behind. Every action is checked as a replay checks it.

The process keeps each game's bots too, made once per game, role, name and seed, so that a bot's
memory holds between its decisions as it would in one process (a scripted bot's plan under way, the
search bot's guides), a game built afresh included. At most :data:`CAPACITY` games are kept, the
one used longest ago let go first (its bots start afresh if it comes back).

The bot is given the state, as every bot is, and reads only what its role may see through it
(bots/base.py; the search bot deals everything hidden anew with the title's sampler, bots/ismcts.py).
"""

from __future__ import annotations

import logging
import os
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field
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
class Task:
    """One decision: the game ``key`` of title ``game`` brought up to date, then ``role``'s bot
    ``bot`` (seeded ``seed``) asked its action.

    ``setup`` (a record with no actions) builds the game afresh from ``actions``, all of them, with
    ``base`` 0; None applies ``actions`` after the ``base`` the process has, the last of which is
    row ``base_id``. ``last_id`` is the row id of the last action once applied (``base_id`` if
    ``actions`` is empty)."""

    key: Hashable
    game: Game[Any]
    setup: Record | None
    base: int
    base_id: int
    actions: list[tuple[Role, Action]]
    last_id: int
    role: Role
    bot: str
    seed: int


@dataclass(frozen=True)
class Answer:
    """A bot's answer: its action, or the error that stopped it (``"Type: message"``), or neither
    and ``need``: the (count, row id of the last) actions the process has of the game ((0, 0) for
    none), when the task's ``base`` was not those; and the id of the process."""

    action: Action | None
    error: str | None
    pid: int
    need: tuple[int, int] | None = None


@dataclass
class Table:
    """One game as a bot process keeps it: the state after its first ``count`` actions, the last
    stored as row ``last_id``, and the game's bots by (role, name, seed)."""

    state: Any
    count: int = 0
    last_id: int = 0
    bots: dict[tuple[Role, str, int], Bot] = field(default_factory=dict)


_tables: OrderedDict[Hashable, Table] = OrderedDict()


def serve(conn: Connection) -> None:
    """A bot process's life: answer each :class:`Task` received on ``conn`` with its
    :class:`Answer`, until None comes (or the other end closes)."""
    try:
        while (task := conn.recv()) is not None:
            conn.send(think(task))
    except EOFError:
        pass
    finally:
        conn.close()


def think(task: Task) -> Answer:
    """The action of the task's bot in its game, brought up to date; or what the process needs.
    Never raises: an error is the answer's ``error`` (a game whose actions failed to apply is let
    go, to be built afresh)."""
    try:
        table = _tables.pop(task.key, None)
        if task.setup is not None:
            bots = table.bots if table is not None else {}
            table = Table(new_state(task.game, task.setup), bots=bots)
        elif table is None or (table.count, table.last_id) != (task.base, task.base_id):
            if table is not None:
                _keep(task.key, table)
            return Answer(None, None, os.getpid(), (0, 0) if table is None else (table.count, table.last_id))
        for role, action in task.actions:
            task.game.apply_in_place(table.state, role, action)
        table.count, table.last_id = task.base + len(task.actions), task.last_id
        _keep(task.key, table)
        bot = table.bots.get((task.role, task.bot, task.seed))
        if bot is None:
            bot = table.bots[task.role, task.bot, task.seed] = make_bot(task.bot, task.game, task.seed)
        return Answer(bot.choose(task.game, table.state, task.role), None, os.getpid())
    except Exception as exc:  # a broken bot must not stop its process or other games
        log.exception("bot %s failed for %s", task.bot, task.role)
        return Answer(None, f"{type(exc).__name__}: {exc}", os.getpid())


def _keep(key: Hashable, table: Table) -> None:
    """Keep ``table`` as the game used last, letting the one used longest ago go past capacity."""
    _tables[key] = table
    while len(_tables) > CAPACITY:
        _tables.popitem(last=False)
