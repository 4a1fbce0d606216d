"""A bot caught in a loop of its own choices stops instead of storing actions without end
(server/bots.py, ``runaway``): a seat's long run of actions with no other seat acting, or a game
past the most actions a game of bots may take, ends with a ``bot_error`` its players see, and
nothing more is stored, however often the game is looked at again.

The title here is take-away (tests/engine/bare.py) with a move that changes nothing: ``wait``, which
keeps the turn (a bot that always waits never ends its turn), or ``pass``, which hands it over (two
such bots answer each other for ever)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.engine import registry
from outremer.engine.game import Action, BotFactory, Game, Role
from outremer.server import bots
from tests.engine.bare import BareGame, Pile

from .conftest import ctx_of, new_game

PATIENCE = 60.0


class IdleGame(BareGame):
    """Take-away where the role to move may also ``wait`` (the turn stays) or ``pass`` (it goes)."""

    slug = "idle"

    def legal_actions(self, state: Pile, role: str) -> list[Action]:
        take = super().legal_actions(state, role)
        return [*take, ("wait",), ("pass",)] if take else []

    def perform(self, state: Pile, role: str, action: Action) -> None:
        if action[0] == "take":
            super().perform(state, role, action)
        else:
            state.log.append(f"{role} {action[0]}s.")
            state.turn = state.turn if action[0] == "wait" else 1 - state.turn

    def bots(self) -> Mapping[str, BotFactory]:
        return {"waiter": lambda game, seed: Always("wait"), "passer": lambda game, seed: Always("pass")}


class Always:
    """A bot that always answers the same move."""

    def __init__(self, verb: str) -> None:
        self.name, self.verb = verb, verb

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        return (self.verb,)


@pytest.fixture
def idle() -> Iterator[None]:
    registry.register("idle", IdleGame)
    yield
    registry.unregister("idle")


@pytest.fixture
def alice(idle: None, user: Callable[[str], TestClient]) -> TestClient:
    return user("alice")


def settle(app: FastAPI, client: TestClient, gid: int) -> dict[str, Any]:
    """The game once its bots are idle."""
    assert ctx_of(app).bots.wait_idle(PATIENCE)
    game: dict[str, Any] = client.get(f"/api/games/{gid}").json()
    return game


def against(client: TestClient, bot: str) -> int:
    """A new game of the client's user (First) against ``bot`` (Second)."""
    seats = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "bot", "bot": bot}]
    gid: int = new_game(client, seats, title="idle", scenario="seven", seed=3)["id"]
    return gid


def move(client: TestClient, gid: int, action: list[Any], version: int) -> None:
    r = client.post(f"/api/games/{gid}/action", json={"role": "First", "action": action, "version": version})
    assert r.status_code == 200, r.text


def test_a_bot_that_never_ends_its_turn_stops_after_the_run_limit(
    app: FastAPI, alice: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "RUN_LIMIT", 5)
    gid = against(alice, "waiter")
    move(alice, gid, ["take", 1], 0)
    game = settle(app, alice, gid)
    assert game["version"] == 1 + 5  # Alice's take, then five waits
    assert "5 actions in a row" in game["bot_error"]
    ctx_of(app).bots.kick(gid)  # looked at again: it stays stopped, nothing stored
    assert settle(app, alice, gid)["version"] == 6


def test_a_bot_whose_runs_are_cut_by_a_person_goes_on(
    app: FastAPI, alice: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the run counts one seat's actions with no other seat acting between: a passer never makes one
    monkeypatch.setattr(bots, "RUN_LIMIT", 2)
    gid = against(alice, "passer")
    for version in (0, 2, 4):
        move(alice, gid, ["pass"], version)
        game = settle(app, alice, gid)
        assert game["version"] == version + 2 and game["bot_error"] is None


def test_two_bots_answering_each_other_stop_at_the_game_limit(
    app: FastAPI, alice: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bots, "MAX_STEPS", 7)
    seats = [{"role": r, "kind": "bot", "bot": "passer"} for r in ("First", "Second")]
    gid = new_game(alice, seats, title="idle", scenario="seven", seed=3)["id"]
    game = settle(app, alice, gid)
    assert game["version"] == 7 and "7 actions" in game["bot_error"]
    assert game["status"] == "active"  # stopped, not over: nothing decided the game
