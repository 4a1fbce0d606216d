"""The database: SQLAlchemy 2 tables and an engine made from a URL.

SQLite (the default, a single file) or PostgreSQL (``postgresql+psycopg://...``, with a driver
installed). A game is stored as its setup parameters (``games``) plus its actions, one row each, in
order (``actions``, unique on ``(game_id, n)``); its state is rebuilt by replaying them.

SQLite is opened in WAL mode with ``synchronous=FULL``: a commit has reached the disk before it
returns, so an acknowledged action survives the process (or the machine) dying at any moment.

Ids and counters are 64-bit (:data:`ID`); a game's seed, up to 128 bits, is stored as its decimal
text (:class:`SeedText`). The schema is brought up to date at start-up by the migrations in
``migrations/`` (Alembic), which also upgrade a database made before they existed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from .migrations import upgrade

DEFAULT_URL = "sqlite:///data/outremer.db"  # under the working folder; `outremer serve` makes data/

# Seat kinds as stored: a person's seat (one who joins by invite or from the lobby, or the creator's
# one seat), a bot played by the server, or one of several seats the creator holds at one keyboard
# (hotseat). Before migration 0003 the creator's seat was a hotseat seat even when it was their only one.
PERSON, BOT, HOTSEAT = "person", "bot", "hotseat"

# Game statuses: waiting for people to take their seats, under way, finished.
OPEN, ACTIVE, OVER = "open", "active", "over"


ID = BigInteger().with_variant(Integer, "sqlite")
"""Ids and counters: BIGINT; on SQLite INTEGER, whose primary key is the (64-bit) rowid itself."""

MAX_ID = 2**63 - 1
"""The largest id a column holds: the API refuses larger ones (422) before any query."""


class SeedText(TypeDecorator[int]):
    """A seed stored exactly, as its decimal text: a 128-bit seed fits no integer column, and
    SQLite would turn a long digit string in an INTEGER column into an inexact REAL."""

    impl = String(48)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Any) -> str | None:
        return None if value is None else str(int(value))

    def process_result_value(self, value: str | None, dialect: Any) -> int | None:
        return None if value is None else int(value)


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(ID, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class LoginSession(Base):
    """A signed-in browser: only the SHA-256 of the cookie's token is stored."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ID, ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(ID, primary_key=True)
    title: Mapped[str] = mapped_column(String(64), index=True)
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(SeedText)
    generator: Mapped[str] = mapped_column(String(16))  # engine.rng: which one the seed seeds
    status: Mapped[str] = mapped_column(String(16), index=True, default=OPEN)
    public: Mapped[bool] = mapped_column(default=True)
    created_by: Mapped[int | None] = mapped_column(ID, ForeignKey("users.id"), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role"),)

    id: Mapped[int] = mapped_column(ID, primary_key=True)
    game_id: Mapped[int] = mapped_column(ID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ID, ForeignKey("users.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)

    @property
    def is_open(self) -> bool:
        """Whether this is a person's seat that nobody has taken yet (its invite still stands)."""
        return self.kind == PERSON and self.user_id is None


class ActionRow(Base):
    __tablename__ = "actions"
    # Row ids are never used again, also on SQLite (AUTOINCREMENT): an action taken back and
    # replaced by another gets a new id, which is how a cache or a client tells the two apart.
    __table_args__ = (UniqueConstraint("game_id", "n"), {"sqlite_autoincrement": True})

    id: Mapped[int] = mapped_column(ID, primary_key=True)
    game_id: Mapped[int] = mapped_column(ID, ForeignKey("games.id", ondelete="CASCADE"), index=True)
    n: Mapped[int] = mapped_column(ID)  # 1, 2, 3... in the order the actions were taken
    role: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(Text)  # the canonical action as a JSON list
    user_id: Mapped[int | None] = mapped_column(ID, ForeignKey("users.id"), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    def action_tuple(self) -> tuple[Any, ...]:
        return tuple(json.loads(self.action))


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``; SQLite gets WAL, full sync, foreign keys, a busy timeout."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if ":memory:" not in url and url.rstrip("/") != "sqlite:":
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Database:
    """The engine and a session factory; the schema is made or upgraded to the latest first."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.engine = make_engine(url)
        upgrade(self.engine, Base.metadata)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A session in a transaction: committed on leaving normally, rolled back on an error."""
        with self._sessions() as s, s.begin():
            yield s

    def close(self) -> None:
        self.engine.dispose()
