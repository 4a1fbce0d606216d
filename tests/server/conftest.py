"""Fixtures for the web server's API tests: an app on a temporary SQLite file, and signed-in clients."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.server import create_app
from outremer.server.context import Context

from .postgres import Cluster

PASSWORD = "correct horse battery"


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One PostgreSQL server for the whole run (each test gets its own database). Its folder is
    not under pytest's own temporary folder, which only root may enter."""
    root = Path(tempfile.mkdtemp(prefix="outremer-pg-"))
    cluster = Cluster(root)
    cluster.start()
    yield cluster
    cluster.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every server test runs on SQLite (the default) and on PostgreSQL (by a URL)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'outremer.db'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.database()


@pytest.fixture
def make_app(db_url: str) -> Iterator[Callable[[], FastAPI]]:
    apps: list[FastAPI] = []

    def make() -> FastAPI:
        # These tests build known positions from a seed, in games with other people too: the
        # test-only setting lets them (test_seeds.py checks the refusal without it).
        app = create_app(db_url, secure_cookies=False, test_seeds=True)
        apps.append(app)
        return app

    yield make
    for app in apps:
        ctx_of(app).close()


@pytest.fixture
def app(make_app: Callable[[], FastAPI]) -> FastAPI:
    return make_app()


def ctx_of(app: FastAPI) -> Context:
    ctx: Context = app.state.ctx
    return ctx


@pytest.fixture
def user(app: FastAPI) -> Callable[[str], TestClient]:
    """``user(name)``: a client with its own cookies, registered and signed in as ``name``."""

    def make(name: str) -> TestClient:
        client = TestClient(app)
        r = client.post("/api/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        return client

    return make


def new_game(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"title": "crusader-rex", "seed": 7, "seats": seats, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data
