"""What the database says of a game that a page of it needs, read in one query: its row, its seats
and the names of its creator and players (the read path's one query per page besides the store's
look at the stored actions)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select
from sqlalchemy.sql import Select

from .db import PERSON, Database, GameRow, SeatRow, User

GAMES = cast(Table, GameRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
USERS = cast(Table, User.__table__)
CREATOR = USERS.alias("creator")
PLAYER = USERS.alias("player")

GAME_AND_SEATS: Select[Any] = (
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
    .where(GAMES.c.id == bindparam("gid"))
    .order_by(SEATS.c.id)
)
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
    if not rows:
        return None
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
