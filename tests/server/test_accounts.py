"""Register, sign in, sign out; passwords stored only as argon2 hashes; cookie flags."""

from __future__ import annotations

import os
import subprocess
import sys

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from outremer.server import auth, create_app
from outremer.server.db import LoginSession, User

from .conftest import PASSWORD, ctx_of


def test_register_login_logout(app: FastAPI) -> None:
    client = TestClient(app)
    assert client.get("/api/me").json() == {"name": None}
    r = client.post("/api/register", json={"name": "alice", "password": PASSWORD})
    assert r.status_code == 201 and r.json() == {"name": "alice"}
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "secure" not in cookie
    assert client.get("/api/me").json() == {"name": "alice"}

    assert client.post("/api/logout").status_code == 200
    assert client.get("/api/me").json() == {"name": None}

    bad = client.post("/api/login", json={"name": "alice", "password": "wrong password"})
    assert bad.status_code == 401 and "error" in bad.json()
    assert client.get("/api/me").json() == {"name": None}
    assert client.post("/api/login", json={"name": "alice", "password": PASSWORD}).status_code == 200
    assert client.get("/api/me").json() == {"name": "alice"}


def test_password_is_hashed_and_tokens_not_stored(app: FastAPI) -> None:
    client = TestClient(app)
    client.post("/api/register", json={"name": "bob", "password": PASSWORD})
    token = client.cookies.get("outremer_session")
    with ctx_of(app).db.session() as s:
        user = s.execute(select(User).where(User.name == "bob")).scalar_one()
        assert user.password_hash.startswith("$argon2id$")
        assert PASSWORD not in user.password_hash
        stored = [row.token_hash for row in s.execute(select(LoginSession)).scalars()]
    assert token and token not in stored and len(stored) == 1


def test_refused_accounts(app: FastAPI) -> None:
    client = TestClient(app)
    assert client.post("/api/register", json={"name": "carol", "password": PASSWORD}).status_code == 201
    again = TestClient(app).post("/api/register", json={"name": "carol", "password": PASSWORD})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    short = TestClient(app).post("/api/register", json={"name": "dave", "password": "short"})
    assert short.status_code == 422 and "password" in short.json()["error"]
    odd = TestClient(app).post("/api/register", json={"name": "<script>", "password": PASSWORD})
    assert odd.status_code == 422
    missing = TestClient(app).post("/api/register", json={"name": "erin"})
    assert missing.status_code == 422 and "password" in missing.json()["error"]
    nobody = TestClient(app).post("/api/login", json={"name": "nobody", "password": PASSWORD})
    assert nobody.status_code == 401


def test_cookie_secure_off_loopback(db_url: str) -> None:
    app = create_app(db_url)  # automatic: Secure unless plain http on loopback
    try:
        remote = TestClient(app, base_url="http://outremer.example")
        r = remote.post("/api/register", json={"name": "frank", "password": PASSWORD})
        assert "secure" in r.headers["set-cookie"].lower()
        local = TestClient(app, base_url="http://127.0.0.1:8000")
        r = local.post("/api/register", json={"name": "gina", "password": PASSWORD})
        assert "secure" not in r.headers["set-cookie"].lower()
    finally:
        ctx_of(app).close()


def test_titles_and_openapi(app: FastAPI) -> None:
    client = TestClient(app)
    titles = {t["slug"]: t for t in client.get("/api/titles").json()}
    cr = titles["crusader-rex"]
    assert cr["roles"] == ["Franks", "Saracens"] and "scripted" in cr["bots"] and cr["scenarios"]
    spec = client.get("/openapi.json").json()
    assert "/api/games/{game_id}/action" in spec["paths"]
    assert "post" in spec["paths"]["/api/games/{game_id}/action"]


def test_passwords_get_the_default_argon2id_parameters_outside_the_tests() -> None:
    # The test suite hashes cheaply (auth.CHEAP_HASHES, set by tests/conftest.py); a server started
    # without that variable, as `outremer serve` is, keeps argon2-cffi's default parameters (RFC 9106,
    # low memory), and it still signs in a player whose hash was made cheaply.
    cheap = auth.hash_password(PASSWORD)
    assert auth._hasher.time_cost == 1 and cheap.startswith("$argon2id$")
    env = {k: v for k, v in os.environ.items() if k != auth.CHEAP_HASHES}
    script = (
        "import sys; from argon2 import profiles; from outremer.server import auth; "
        "p = profiles.RFC_9106_LOW_MEMORY; h = auth._hasher; "
        "print((h.time_cost, h.memory_cost, h.parallelism) == (p.time_cost, p.memory_cost, p.parallelism), "
        "auth.hash_password('x' * 8).startswith('$argon2id$v=19$m=65536,t=3,p=4$'), "
        "auth.verify_password(sys.argv[1], sys.argv[2]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, cheap, PASSWORD], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "True", "True"]
