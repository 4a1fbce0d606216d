"""What an operator reads of a running server (issue 19): GET /api/health says whether it and its
database answer; GET /api/metrics counts each route's requests by its path template, with the
refusals, failures and latencies."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from outremer.server.metrics import WINDOW, Metrics

from .conftest import ctx_of, new_game

VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]


def test_a_healthy_server_says_so(app: FastAPI) -> None:
    client = TestClient(app)
    r = client.get("/api/health")
    assert r.status_code == 200 and r.json()["status"] == "ok"
    assert r.json()["live_games"] == 0 and r.json()["uptime_s"] >= 0


def test_a_server_whose_database_does_not_answer_is_unavailable(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> Iterator[Any]:
        raise OperationalError("SELECT 1", {}, Exception("unable to open database file"))

    monkeypatch.setattr(ctx_of(app).db, "session", broken)
    r = TestClient(app).get("/api/health")
    assert r.status_code == 503
    assert r.json() == {"status": "unavailable", "error": "the database does not answer: OperationalError"}


def test_metrics_count_each_route_by_its_template(user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_BOT)["id"]
    for _ in range(3):
        assert alice.get(f"/api/games/{gid}").status_code == 200
    assert alice.get("/api/games/999999").status_code == 404
    assert alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": "no"}).status_code == 422
    routes = alice.get("/api/metrics").json()["routes"]
    read = routes["GET /api/games/{game_id}"]
    assert read["count"] == 4 and read["refused"] == 1 and read["failed"] == 0  # no game id in a key
    assert not any(str(gid) in route for route in routes)
    assert routes["POST /api/games/{game_id}/action"]["refused"] == 1
    assert routes["POST /api/games"]["count"] == 1
    assert 0 <= read["ms"]["p50"] <= read["ms"]["p99"] <= read["ms"]["max"]


def test_latencies_are_kept_for_the_most_recent_requests_only() -> None:
    metrics = Metrics()
    for _ in range(WINDOW):
        metrics.record("GET /x", 200, 10.0)  # an old, slow spell
    for n in range(WINDOW):
        metrics.record("GET /x", 500 if n == 0 else 200, 0.001)
    x = metrics.snapshot()["routes"]["GET /x"]
    assert x["count"] == 2 * WINDOW and x["failed"] == 1
    assert x["ms"]["max"] == 1.0 and x["ms"]["p50"] == 1.0
