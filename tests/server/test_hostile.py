"""Hostile input (issue 13, section 6): whatever a client sends, the answer is a JSON 4xx that names
the problem, nothing is written, and no more of the input is echoed than a short excerpt. Each test
runs on SQLite and on PostgreSQL (which stores no NUL character)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from outremer.server.bodylimit import MAX_BODY
from outremer.server.db import GameRow, User
from outremer.server.inputs import ECHO

from .conftest import PASSWORD, ctx_of, new_game
from .test_play import VS_BOT, act, stored_actions

JSON = {"content-type": "application/json"}


def refused(response: Any, status: int) -> str:
    """The error message of a JSON refusal with ``status``."""
    assert response.status_code == status, (status, response.status_code, response.text[:500])
    assert response.headers["content-type"] == "application/json"
    error: str = response.json()["error"]
    assert error
    return error


def count(app: FastAPI, table: Any) -> int:
    with ctx_of(app).db.session() as s:
        n: int = s.execute(select(func.count()).select_from(table)).scalar_one()
    return n


def test_ids_and_counts_beyond_64_bits_are_refused(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_BOT)["id"]
    for bad in ("99999999999999999999999", str(2**63), "0", "-1"):
        for path in ("", "/save", "/replay"):
            refused(alice.get(f"/api/games/{bad}{path}"), 422)
        refused(alice.post(f"/api/games/{bad}/action", json={"role": "Franks", "action": ["pass"]}), 422)
    assert alice.get(f"/api/games/{2**63 - 1}").status_code == 404  # the largest id is just not there
    refused(alice.get(f"/api/games/{gid}", params={"log_from": 2**63}), 422)
    refused(alice.get(f"/api/games/{gid}/replay", params={"upto": 2**63}), 422)
    refused(act(alice, gid, "Franks", ["pass"], version=2**63), 422)
    refused(act(alice, gid, "Franks", ["pass"], log_from=10**40), 422)


def test_a_bad_action_request_writes_nothing(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, VS_BOT)
    gid = game["id"]
    legal = game["legal_actions"][0]["action"]
    before = alice.get(f"/api/games/{gid}").json()
    bad: list[dict[str, Any]] = [
        {"role": "Franks", "action": legal, "log_key": "².0/Franks"},  # a digit, but not an ASCII one
        {"role": "Franks", "action": legal, "log_key": "0.0"},
        {"role": "Franks", "action": legal, "log_from": -1},
        {"role": "Franks", "action": legal, "log_from": "0"},
        {"role": "Franks", "action": legal, "version": "0"},  # strict: a string is no number
        {"role": "Franks", "action": legal, "version": 0.0},
        {"role": "Franks", "action": legal, "version": True},
        {"role": "Franks\x00", "action": legal},
        {"role": "Franks\ud800", "action": legal},
    ]
    for body in bad:
        sent = json.dumps(body).encode()  # ASCII: a lone surrogate travels as its escape
        refused(alice.post(f"/api/games/{gid}/action", content=sent, headers=JSON), 422)
        assert stored_actions(app, gid) == 0, body
        after = alice.get(f"/api/games/{gid}").json()
        assert (after["version"], after["log"], after["view"]) == (0, before["log"], before["view"]), body
    refused(alice.get(f"/api/games/{gid}", params={"log_key": "².0/Franks"}), 422)
    # the same action with a good key is taken
    r = alice.post(
        f"/api/games/{gid}/action", json={"role": "Franks", "action": legal, "log_key": "0.0/Franks"}
    )
    assert r.status_code == 200, r.text
    assert stored_actions(app, gid) == 1


def test_text_that_cannot_be_stored_is_refused(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    client = TestClient(app)
    users = count(app, User)
    lone = b'{"name": "carol", "password": "correct horse \\ud800 battery"}'  # a lone surrogate
    refused(client.post("/api/register", content=lone, headers=JSON), 422)
    refused(client.post("/api/login", content=lone, headers=JSON), 422)
    refused(client.post("/api/register", json={"name": "carol\x00", "password": PASSWORD}), 422)
    refused(client.post("/api/login", json={"name": "carol\x00", "password": PASSWORD}), 422)
    assert count(app, User) == users
    alice = user("alice")
    refused(alice.post("/api/invites/abc%00def"), 422)
    games = count(app, GameRow)
    refused(alice.post("/api/games", json={"title": "crusader-rex\x00", "seats": VS_BOT}), 422)
    seats = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random\x00"}]
    refused(alice.post("/api/games", json={"title": "crusader-rex", "seats": seats}), 422)
    assert count(app, GameRow) == games


def test_an_asset_path_that_names_no_file_is_a_404(app: FastAPI) -> None:
    client = TestClient(app)
    for path in ("a" * 300, "x/" + "b" * 4000, "board%00.js", "../../pyproject.toml"):
        refused(client.get(f"/api/titles/crusader-rex/web/{path}"), 404)


def test_strict_types_in_bodies(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    games = count(app, GameRow)
    for body in (
        {"title": "crusader-rex", "options": {"iron_bridge": "yes"}},
        {"title": "crusader-rex", "options": {"iron_bridge": 1}},
        {"title": "crusader-rex", "public": "true"},
        {"title": "crusader-rex", "seed": "7"},
    ):
        refused(alice.post("/api/games", json=body), 422)
    assert count(app, GameRow) == games
    gid = new_game(alice, VS_BOT, options={"iron_bridge": True})["id"]
    refused(alice.post(f"/api/games/{gid}/undo", json={"role": "Franks", "version": "0"}), 422)


def _chunks(data: bytes, size: int) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i : i + size]


def test_bodies_are_capped_before_parsing(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_BOT)["id"]
    huge = json.dumps({"role": "Franks", "action": ["x" * MAX_BODY]}).encode()
    refused(alice.post(f"/api/games/{gid}/action", content=huge, headers=JSON), 413)
    # without a Content-Length (chunked): counted as it streams in
    refused(alice.post(f"/api/games/{gid}/action", content=_chunks(huge, 65536), headers=JSON), 413)
    refused(alice.post("/api/games/import", content=huge, headers=JSON), 413)
    assert stored_actions(app, gid) == 0
    # a body just under the cap is read and answered as usual
    fits = json.dumps({"role": "Franks", "action": ["x" * (MAX_BODY - 100)]}).encode()
    error = refused(alice.post(f"/api/games/{gid}/action", content=fits, headers=JSON), 409)
    assert len(error) <= 2 * ECHO + 1  # the echo of the action is cut short


def test_echoes_of_input_are_clipped(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    long = "z" * 5000
    error = refused(alice.post("/api/games", json={"title": long}), 422)
    assert len(error) <= 2 * ECHO + 1
    r = alice.post("/api/games", json={"title": "crusader-rex", "options": {"iron_bridge": long}})
    refused(r, 422)
    assert len(r.text) < 4 * ECHO + 500  # the detail repeats the input only in part
    refused(alice.get(f"/api/titles/{long}/board"), 404)
    assert len(alice.get(f"/api/titles/{long}/board").json()["error"]) <= 2 * ECHO + 1


def test_openapi_documents_every_refusal(app: FastAPI) -> None:
    spec = TestClient(app).get("/openapi.json").json()
    action = spec["paths"]["/api/games/{game_id}/action"]["post"]["responses"]
    assert {"400", "401", "403", "404", "409", "413", "415", "422"} <= set(action)
    for status in ("404", "409", "413", "422"):
        schema = action[status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorBody"}, status
    login = spec["paths"]["/api/login"]["post"]["responses"]
    assert {"401", "422", "429"} <= set(login) and "Retry-After" in login["429"]["headers"]
    for path, methods in spec["paths"].items():
        for method, operation in methods.items():
            assert {"400", "413"} <= set(operation["responses"]), (method, path)


def test_an_unforeseen_failure_is_still_a_json_answer(app: FastAPI) -> None:
    @app.get("/api/test-crash")
    def crash() -> None:
        raise RuntimeError("a bug")

    r = TestClient(app, raise_server_exceptions=False).get("/api/test-crash")
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert "a bug" not in r.json()["error"]  # nothing of the failure's inside is told
