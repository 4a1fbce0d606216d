"""A title with none of the contract's optional capabilities (tests/engine/bare.py) on the server
(issue 14): listed with the defaults, seated against the engine's bot, played to the end."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.engine import registry
from tests.engine.bare import BareGame

from .conftest import ctx_of, new_game


@pytest.fixture
def bare() -> Iterator[None]:
    registry.register("bare", BareGame)
    yield
    registry.unregister("bare")


def test_a_bare_title_is_listed_with_the_defaults(bare: None, app: FastAPI) -> None:
    client = TestClient(app)
    listed = {t["slug"]: t for t in client.get("/api/titles").json()}
    assert listed["bare"]["bots"] == ["random"]  # no bots of its own, no sampler for the search bot
    assert listed["bare"]["default_bot"] == "random"
    assert listed["bare"]["web"] is False  # the generic page, no board
    assert client.get("/api/titles/bare/board").status_code == 404


def test_a_bare_title_plays_against_the_default_bot(
    bare: None, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    game = new_game(
        alice, [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "bot"}], title="bare", seed=3
    )
    gid = game["id"]
    runner = ctx_of(app).bots
    while game["outcome"] is None:
        assert game["active_roles"] == ["First"] and game["bot_error"] is None
        r = alice.post(f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1]})
        assert r.status_code == 200, r.text
        assert runner.wait_idle(60)
        game = alice.get(f"/api/games/{gid}", params={"role": "First"}).json()
    assert game["bot_error"] is None
    assert game["view"]["left"] == 0
    assert game["outcome"]["winners"] in (["First"], ["Second"])
