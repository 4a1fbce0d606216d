"""The API fuzzed with schemathesis, in process, on SQLite and on PostgreSQL: whatever a client sends,
the answer is a status the OpenAPI document lists for that endpoint, in the shape it documents
(refusals as JSON ``{"error": ...}``), and never a 5xx (issue 13, "Hostile input").

The budget and the seed are fixed, so every run sends the same requests. A signed-in user and a game
under way are in the database, and half the generated requests are aimed at that game and its
seat, so that the checks behind the first refusals are reached too."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .conftest import PASSWORD, new_game

EXAMPLES = 12
"""Generated requests per endpoint and phase (schemathesis adds its boundary cases)."""

SEED = 13
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]


class Target:
    """The signed-in user's cookies, the game they play, and the statuses seen per endpoint."""

    def __init__(self, client: TestClient, game_id: int) -> None:
        self.cookies = dict(client.cookies)
        self.game_id = game_id
        self.seen: Counter[tuple[str, int]] = Counter()


@pytest.fixture
def target(app: FastAPI) -> Iterator[Target]:
    client = TestClient(app)
    r = client.post("/api/register", json={"name": "alice", "password": PASSWORD})
    assert r.status_code == 201, r.text
    found = Target(client, new_game(client, VS_BOT)["id"])
    yield found
    # The game was reached, not only refusals: seen, and an action checked against its legal ones.
    assert ("GET /api/games/{game_id}", 200) in found.seen, found.seen
    assert ("POST /api/games/{game_id}/action", 409) in found.seen, found.seen


@pytest.fixture
def api_schema(app: FastAPI, target: Target) -> Any:
    config = schemathesis.Config.from_dict(
        {
            "seed": SEED,
            "generation": {
                "max-examples": EXAMPLES,
                "deterministic": True,
                "database": "none",
                "mode": "all",
            },
            "phases": {"stateful": {"enabled": False}},
        }
    )
    return schemathesis.openapi.from_asgi("/openapi.json", app, config=config)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(suppress_health_check=list(HealthCheck), deadline=None, database=None, derandomize=True)
def test_no_request_gets_a_5xx_or_an_undocumented_answer(case: Any, target: Target) -> None:
    params = case.path_parameters or {}
    game_id = params.get("game_id")
    if isinstance(game_id, int) and game_id % 2 == 0:  # aim half the valid ids at the real game
        params["game_id"] = target.game_id
        if isinstance(case.body, dict) and isinstance(case.body.get("role"), str):
            case.body["role"] = "Franks"
    # Signing out would end the session the other requests use.
    cookies = {} if case.operation.path == "/api/logout" else target.cookies
    response = case.call_and_validate(cookies=cookies, checks=CHECKS)
    target.seen[(case.operation.label, response.status_code)] += 1
