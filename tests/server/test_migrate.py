"""A database made before the migrations (issue 13: 64-bit ids, 128-bit seeds) opens under today's
server with its games and actions intact and playable, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    select,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from outremer.engine.registry import get_game
from outremer.engine.rng import KEYED, LEGACY
from outremer.server import create_app
from outremer.server.auth import hash_password
from outremer.server.db import Base, GameRow
from outremer.server.migrations import BASELINE

from .conftest import PASSWORD, ctx_of


# -- the schema as create_all made it before the migrations (copied from db.py of that time) ---------
class Old(DeclarativeBase):
    pass


def _now() -> datetime:
    return datetime.now(UTC)


class OldUser(Old):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class OldSession(Old):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class OldGame(Old):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    title: Mapped[str] = mapped_column(String(64), index=True)
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True, default="open")
    public: Mapped[bool] = mapped_column(default=True)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class OldSeat(Old):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "role"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    role: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)


class OldAction(Old):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "n"), {"sqlite_autoincrement": True})
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    n: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(Text)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


# -- a database of that time, with two games under way ----------------------------------------------
GAMES = {1: 2**31 - 1, 2: -3}  # id: seed (a seed drawn then; one from an imported save)
PLAYED = 7


def legacy_play(seed: int, count: int) -> tuple[list[tuple[str, list[Any]]], Any]:
    """``count`` actions (each the first legal one) of a Crusader Rex game dealt as games were then."""
    game = get_game("crusader-rex")
    state = game.setup(seed, generator=LEGACY)
    actions = []
    for _ in range(count):
        role = game.active_roles(state)[0]
        action = game.legal_actions(state, role)[0]
        game.apply_in_place(state, role, action)
        actions.append((role, list(action)))
    return actions, state


@pytest.fixture
def old_database(db_url: str) -> str:
    engine = create_engine(db_url)
    Old.metadata.create_all(engine)
    with Session(engine) as s, s.begin():
        alice = OldUser(name="alice", password_hash=hash_password(PASSWORD))
        bob = OldUser(name="bob", password_hash=hash_password(PASSWORD))
        s.add_all([alice, bob])
        s.flush()
        for gid, seed in GAMES.items():
            scenario, options = get_game("crusader-rex").check_setup(None, None)
            row = OldGame(
                title="crusader-rex",
                scenario=scenario,
                options=options,
                seed=seed,
                status="active",
                created_by=alice.id,
            )
            s.add(row)
            s.flush()
            assert row.id == gid  # the ids drawn as they were then
            franks, saracens = (alice.id, bob.id) if gid == 1 else (alice.id, alice.id)
            s.add(OldSeat(game_id=gid, role="Franks", kind="hotseat", user_id=franks))
            s.add(
                OldSeat(
                    game_id=gid, role="Saracens", kind="person" if gid == 1 else "hotseat", user_id=saracens
                )
            )
            for n, (role, action) in enumerate(legacy_play(seed, PLAYED)[0], start=1):
                by = franks if role == "Franks" else saracens
                s.add(OldAction(game_id=gid, n=n, role=role, action=json.dumps(action), user_id=by))
    engine.dispose()
    return db_url


@pytest.fixture
def upgraded(old_database: str) -> Iterator[FastAPI]:
    app = create_app(old_database, secure_cookies=False)  # migrates at start-up
    yield app
    ctx_of(app).close()


def signed_in(app: FastAPI, name: str) -> TestClient:
    client = TestClient(app)
    assert client.post("/api/login", json={"name": name, "password": PASSWORD}).status_code == 200
    return client


def test_the_old_games_survive_the_upgrade_and_play_on(upgraded: FastAPI) -> None:
    alice, bob = signed_in(upgraded, "alice"), signed_in(upgraded, "bob")
    game = get_game("crusader-rex")
    for gid, seed in GAMES.items():
        _, state = legacy_play(seed, PLAYED)
        mine = alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
        assert mine["version"] == PLAYED and mine["status"] == "active"
        assert mine["view"] == game.view(state, "Franks")  # dealt by the old generator, as before
        assert ctx_of(upgraded).store.live(gid).record.seed == seed
        assert ctx_of(upgraded).store.live(gid).record.generator == LEGACY
    holders = {"Franks": alice, "Saracens": bob}
    for _ in range(3):  # game 1 plays on, both people taking their turns
        seen = alice.get("/api/games/1").json()
        role = seen["active_roles"][0]
        legal = holders[role].get("/api/games/1", params={"role": role}).json()["legal_actions"]
        r = holders[role].post("/api/games/1/action", json={"role": role, "action": legal[0]["action"]})
        assert r.status_code == 200, r.text
    assert alice.get("/api/games/1").json()["version"] == PLAYED + 3
    made = alice.post("/api/games", json={"title": "crusader-rex"}).json()  # new games: the keyed one
    assert made["id"] > max(GAMES) and ctx_of(upgraded).store.live(made["id"]).record.generator == KEYED


def test_the_upgraded_schema_is_todays(upgraded: FastAPI) -> None:
    engine = ctx_of(upgraded).db.engine
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() != BASELINE
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        seats = conn.execute(text("SELECT count(*) FROM seats")).scalar_one()
        actions = conn.execute(text("SELECT count(*) FROM actions")).scalar_one()
        assert (seats, actions) == (2 * len(GAMES), PLAYED * len(GAMES))  # no cascade on a rebuilt table
        # 0003: a creator's only seat was stored as a hotseat one; hotseat is several at one keyboard.
        seat_kinds = conn.execute(text("SELECT game_id, role, kind FROM seats ORDER BY game_id, role")).all()
        assert [tuple(k) for k in seat_kinds] == [
            (1, "Franks", "person"),
            (1, "Saracens", "person"),
            (2, "Franks", "hotseat"),
            (2, "Saracens", "hotseat"),
        ]
        if engine.dialect.name == "sqlite":
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1
            assert conn.exec_driver_sql("PRAGMA foreign_key_check").all() == []
        else:
            kinds = conn.execute(text("SELECT data_type FROM pg_sequences")).scalars().all()
            assert set(kinds) == {"bigint"}
    big = 2**40  # beyond a 32-bit column
    with ctx_of(upgraded).db.session() as s:
        old = s.get(GameRow, 1)
        assert old is not None
        s.add(
            GameRow(
                id=big,
                title=old.title,
                scenario=old.scenario,
                options=old.options,
                seed=2**128 - 1,
                generator=KEYED,
                status="over",
                created_by=old.created_by,
            )
        )
    with ctx_of(upgraded).db.session() as s:
        row = s.execute(select(GameRow).where(GameRow.id == big)).scalar_one()
        assert row.seed == 2**128 - 1
    assert signed_in(upgraded, "alice").get(f"/api/games/{big}").json()["id"] == big


def test_a_new_database_is_made_at_the_latest_revision(db_url: str) -> None:
    app = create_app(db_url, secure_cookies=False)
    try:
        with ctx_of(app).db.engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            latest = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        again = create_app(db_url, secure_cookies=False)  # a second start changes nothing
        ctx_of(again).close()
        with ctx_of(app).db.engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == latest
    finally:
        ctx_of(app).close()
