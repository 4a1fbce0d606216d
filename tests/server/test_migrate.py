"""A database made before the migrations (issue 13: 64-bit ids, 128-bit seeds) opens under today's
server with its games and actions intact and playable, on SQLite and on PostgreSQL: every title's
games, finished and not, replay identically and play on (issue 19). ``outremer db upgrade`` does it
on its own and says what it did; a database a newer Outremer upgraded is refused, unchanged."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from click.testing import CliRunner
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

from outremer.cli.main import cli
from outremer.engine.registry import get_game, titles
from outremer.engine.rng import KEYED, LEGACY
from outremer.server import create_app
from outremer.server.auth import hash_password
from outremer.server.db import Base, Database, GameRow
from outremer.server.migrations import BASELINE, NewerSchema, revisions

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


# -- every title, a finished and an unfinished game each, under the old schema (issue 19) -----------
UNFINISHED = 25


def legacy_game(slug: str, seed: int, most: int | None) -> tuple[list[tuple[str, list[Any]]], Any]:
    """Random legal actions (a generator seeded ``seed``) in a game of ``slug`` dealt as games were
    then: ``most`` of them, or to the game's end (None)."""
    game = get_game(slug)
    scenario, options = game.check_setup(None, None)
    state = game.setup(seed, scenario=scenario, options=options, generator=LEGACY)
    rng = random.Random(seed)
    actions: list[tuple[str, list[Any]]] = []
    while (most is None or len(actions) < most) and (active := game.active_roles(state)):
        role = active[0]
        action = rng.choice(game.legal_actions(state, role))
        game.apply_in_place(state, role, action)
        actions.append((role, list(action)))
    assert most is not None or game.outcome(state) is not None
    return actions, state


@pytest.fixture
def every_title_database(db_url: str) -> tuple[str, dict[int, tuple[str, int, int | None]]]:
    """An old database holding, for every installed title, a game played to its end and one under
    way, all seats held by alice; and which game is which: id -> (title, seed, actions or None)."""
    engine = create_engine(db_url)
    Old.metadata.create_all(engine)
    made: dict[int, tuple[str, int, int | None]] = {}
    with Session(engine) as s, s.begin():
        alice = OldUser(name="alice", password_hash=hash_password(PASSWORD))
        s.add(alice)
        s.flush()
        for i, slug in enumerate(titles()):
            game = get_game(slug)
            scenario, options = game.check_setup(None, None)
            for seed, most in ((100 + i, None), (200 + i, UNFINISHED)):
                actions, _ = legacy_game(slug, seed, most)
                row = OldGame(
                    title=slug,
                    scenario=scenario,
                    options=options,
                    seed=seed,
                    status="over" if most is None else "active",
                    created_by=alice.id,
                )
                s.add(row)
                s.flush()
                made[row.id] = (slug, seed, most)
                for role in game.roles_for(scenario, options):
                    s.add(OldSeat(game_id=row.id, role=role, kind="hotseat", user_id=alice.id))
                for n, (role, action) in enumerate(actions, start=1):
                    s.add(
                        OldAction(game_id=row.id, n=n, role=role, action=json.dumps(action), user_id=alice.id)
                    )
    engine.dispose()
    return db_url, made


def test_every_titles_old_games_load_replay_alike_and_play_on(
    every_title_database: tuple[str, dict[int, tuple[str, int, int | None]]],
) -> None:
    """Issue 19: after the upgrade every game of every title still loads, replays to the very
    state it was in, and an unfinished one accepts its next action."""
    url, made = every_title_database
    app = create_app(url, secure_cookies=False)
    try:
        alice = signed_in(app, "alice")
        assert {slug for slug, _, _ in made.values()} == set(titles())
        for gid, (slug, seed, most) in made.items():
            game = get_game(slug)
            actions, state = legacy_game(slug, seed, most)
            live = ctx_of(app).store.live(gid)
            assert live.record.generator == LEGACY and live.version == len(actions), slug
            assert game.to_json(live.state) == game.to_json(state), slug  # replayed identically
            page = alice.get(f"/api/games/{gid}").json()
            assert page["status"] == ("over" if most is None else "active"), slug
            if most is None:
                assert page["legal_actions"] == [] and page["outcome"] is not None, slug
                continue
            role = game.active_roles(state)[0]
            legal = alice.get(f"/api/games/{gid}", params={"role": role}).json()["legal_actions"]
            body = {"role": role, "action": legal[0]["action"], "version": len(actions)}
            r = alice.post(f"/api/games/{gid}/action", json=body)
            assert r.status_code == 200 and r.json()["version"] == len(actions) + 1, (slug, r.text)
    finally:
        ctx_of(app).close()


def test_outremer_db_upgrade_upgrades_and_says_what_it_did(old_database: str, tmp_path: Path) -> None:
    latest = revisions()[-1]
    runner = CliRunner(mix_stderr=False)
    first = runner.invoke(cli, ["db", "upgrade", "--database", old_database])
    assert first.exit_code == 0, first.stderr
    assert f"schema revision before the migrations -> {latest}" in first.output
    again = runner.invoke(cli, ["db", "upgrade", "--database", old_database])
    assert again.exit_code == 0 and f"already at schema revision {latest}" in again.output
    missing = runner.invoke(cli, ["db", "upgrade", "--database", f"sqlite:///{tmp_path / 'none.db'}"])
    assert missing.exit_code == 1 and "no database at" in missing.stderr
    assert not (tmp_path / "none.db").exists()  # a mistyped path makes no new database


def test_a_database_a_newer_outremer_upgraded_is_refused_and_left_alone(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx_of(create_app(db_url, secure_cookies=False)).close()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    with pytest.raises(NewerSchema, match="'f00d'"):
        Database(db_url)
    monkeypatch.setattr("uvicorn.run", lambda *a, **kw: pytest.fail("served a database it cannot read"))
    runner = CliRunner(mix_stderr=False)
    for args in (["serve", "--database", db_url], ["db", "upgrade", "--database", db_url]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 1, (args, result.output, result.stderr)
        assert "newer Outremer" in result.stderr and "Traceback" not in result.stderr
    with engine.connect() as conn:  # nothing was changed
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "f00d"
    engine.dispose()
