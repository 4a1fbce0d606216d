"""What the database says of a game that a page of it needs, read in one query: its row, its seats
and the names of its creator and players.

Most of it never changes once the game is under way (:class:`Facts` keeps it): seats are taken only
while a game is open (the last one taken starts it, in the same transaction), nothing renames a user,
makes a game public or private, or deletes one. What still changes is its status (once, to over,
with its last action) and its ``updated`` time (each action or undo): a settled game's page asks
the database for these two alone (one primary-key query), and deciding who may see it or which
seats are whose asks nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, cast

from cachetools import LRUCache
from sqlalchemy import Table, bindparam, select
from sqlalchemy.sql import Select

from .db import OPEN, OVER, PERSON, Database, GameRow, SeatRow, User

GAMES = cast(Table, GameRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
USERS = cast(Table, User.__table__)
CREATOR = USERS.alias("creator")
PLAYER = USERS.alias("player")

_GAMES_AND_SEATS: Select[Any] = (
    select(
        GAMES.c.id,
        GAMES.c.title,
        GAMES.c.scenario,
        GAMES.c.options,
        GAMES.c.status,
        GAMES.c.public,
        GAMES.c.created_by,
        GAMES.c.created,
        GAMES.c.updated,
        CREATOR.c.name.label("creator_name"),
        SEATS.c.id.label("seat_id"),
        SEATS.c.role,
        SEATS.c.kind,
        SEATS.c.user_id,
        SEATS.c.bot,
        SEATS.c.invite_token,
        PLAYER.c.name.label("player_name"),
    )
    .select_from(
        GAMES.outerjoin(CREATOR, CREATOR.c.id == GAMES.c.created_by)
        .outerjoin(SEATS, SEATS.c.game_id == GAMES.c.id)
        .outerjoin(PLAYER, PLAYER.c.id == SEATS.c.user_id)
    )
    .order_by(SEATS.c.id)
)
GAME_AND_SEATS = _GAMES_AND_SEATS.where(GAMES.c.id == bindparam("gid"))
GAMES_AND_SEATS = _GAMES_AND_SEATS.where(GAMES.c.id.in_(bindparam("gids", expanding=True)))
"""A game's row with one line per seat (in the order the seats were made), and the names."""


@dataclass(frozen=True)
class Seat:
    """A seat as stored (the fields of ``db.SeatRow`` a page uses)."""

    id: int
    role: str
    kind: str
    user_id: int | None
    bot: str | None
    invite_token: str | None

    @property
    def is_open(self) -> bool:
        """Whether this is a person's seat that nobody has taken yet (its invite still stands)."""
        return self.kind == PERSON and self.user_id is None


@dataclass(frozen=True)
class GameFacts:
    """A game's row (the fields of ``db.GameRow`` a page uses), its seats, and the names of its
    creator and players by user id."""

    id: int
    title: str
    scenario: str
    options: dict[str, Any]
    status: str
    public: bool
    created_by: int | None
    created: datetime
    updated: datetime
    seats: tuple[Seat, ...]
    names: dict[int, str]


def read_game(db: Database, game_id: int) -> GameFacts | None:
    """The game's facts as stored now, or None if there is no such game."""
    with db.engine.connect() as conn:
        rows = conn.execute(GAME_AND_SEATS, {"gid": game_id}).all()
    return _facts(rows) if rows else None


def read_games(db: Database, game_ids: Sequence[int]) -> list[GameFacts]:
    """The facts of the games ``game_ids`` (those that exist), in that order, read in one query."""
    if not game_ids:
        return []
    with db.engine.connect() as conn:
        rows = conn.execute(GAMES_AND_SEATS, {"gids": list(game_ids)}).all()
    by_game: dict[int, list[Any]] = {}
    for row in rows:
        by_game.setdefault(row.id, []).append(row)
    return [_facts(by_game[game_id]) for game_id in game_ids if game_id in by_game]


def _facts(rows: Sequence[Any]) -> GameFacts:
    """A game's facts from its lines of :data:`GAME_AND_SEATS` (one per seat, in order)."""
    first = rows[0]
    names = {first.created_by: first.creator_name} if first.created_by is not None else {}
    seats = []
    for r in rows:
        if r.seat_id is None:  # a game without seats: the outer join's one line
            continue
        seats.append(Seat(r.seat_id, r.role, r.kind, r.user_id, r.bot, r.invite_token))
        if r.user_id is not None:
            names[r.user_id] = r.player_name
    return GameFacts(
        first.id,
        first.title,
        first.scenario,
        dict(first.options),
        first.status,
        bool(first.public),
        first.created_by,
        first.created,
        first.updated,
        tuple(seats),
        names,
    )


STATE: Select[Any] = select(GAMES.c.status, GAMES.c.updated).where(GAMES.c.id == bindparam("gid"))
"""What of a settled game's facts still changes: its status and ``updated`` time."""

MOST_KEPT = 4096
"""How many settled games' facts a process keeps (the one used longest ago let go first)."""


class Facts:
    """Games' facts as :func:`read_game` reads them, a game's kept in memory once it is settled (under
    way or over: its seats, players, visibility and setup never change after). Thread-safe."""

    def __init__(self, db: Database, most: int = MOST_KEPT) -> None:
        self.db = db
        self._kept: LRUCache[int, GameFacts] = LRUCache(maxsize=most)
        self._lock = threading.Lock()

    def _kept_facts(self, game_id: int) -> GameFacts | None:
        with self._lock:
            return self._kept.get(game_id)

    def _keep(self, facts: GameFacts) -> None:
        if facts.status != OPEN:
            with self._lock:
                self._kept[facts.id] = facts

    def read(self, game_id: int) -> GameFacts | None:
        """The game's facts as stored now, read whole (None: no such game)."""
        facts = read_game(self.db, game_id)
        if facts is not None:
            self._keep(facts)
        return facts

    def seats(self, game_id: int) -> GameFacts | None:
        """The game's facts for deciding who may see it and which seats are whose: a settled game's
        as kept (no query; its status may be behind: over while kept as under way, never the other
        way), any other's read whole."""
        return self._kept_facts(game_id) or self.read(game_id)

    def now(self, game_id: int) -> GameFacts | None:
        """The game's facts as stored now: a settled game's kept facts with its status and
        ``updated`` read again (one primary-key query), any other's read whole."""
        kept = self._kept_facts(game_id)
        if kept is None:
            return self.read(game_id)
        with self.db.engine.connect() as conn:
            row = conn.execute(STATE, {"gid": game_id}).one_or_none()
        return None if row is None else self.at(kept, row.status, row.updated)

    def settled(self, game_id: int, status: str, updated: datetime) -> GameFacts | None:
        """A settled game's kept facts with ``status`` and ``updated`` as just read elsewhere (the
        websocket's fingerprint); None if they are not kept."""
        kept = self._kept_facts(game_id)
        return None if kept is None else self.at(kept, status, updated)

    def at(self, kept: GameFacts, status: str, updated: datetime) -> GameFacts:
        """``kept`` with its status and ``updated`` time as read now; kept again once over (the
        status changes no more)."""
        if (status, updated) == (kept.status, kept.updated):
            return kept
        fresh = replace(kept, status=status, updated=updated)
        if status == OVER and kept.status != OVER:
            self._keep(fresh)
        return fresh
