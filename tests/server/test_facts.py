"""A game's facts kept in memory once it is under way (``facts.Facts``, issue 19): its pages still say
what the database says now of what can change (seats of an open game, the status, the time of the
last change), also when another process changed it. Two apps on one database (a SQLite file, or
PostgreSQL) stand in for two processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime

import pytest
from fastapi import FastAPI

from outremer.engine import registry
from tests.engine.bare import BareGame

from . import test_watch
from .conftest import new_game
from .test_play import act
from .test_undo import seat_action, undo
from .test_watch import FAST, TWO_PEOPLE, client, until

apps = test_watch.apps  # the fixture: two apps on the test's database
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


@pytest.fixture
def bare() -> Iterator[None]:
    registry.register("bare", BareGame)
    yield
    registry.unregister("bare")


def test_the_seats_of_an_open_game_are_read_anew(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    bob_b = client(app_b, "bob", register=True)
    game = new_game(alice_a, TWO_PEOPLE)
    gid = game["id"]
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    assert alice_a.get(f"/api/games/{gid}").json()["status"] == "open"
    assert bob_b.post(f"/api/invites/{invite}").status_code == 200  # through the other app
    page = alice_a.get(f"/api/games/{gid}").json()
    assert page["status"] == "active"
    assert next(seat["player"] for seat in page["seats"] if seat["role"] == "Saracens") == "bob"
    bob_a = client(app_a, "bob", register=False)
    assert bob_a.get(f"/api/games/{gid}").json()["your_roles"] == ["Saracens"]


def test_a_game_ended_through_another_app_is_over_here_too(apps: Callable[..., FastAPI], bare: None) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    seats = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "me"}]
    gid = new_game(alice_a, seats, title="bare", scenario="four")["id"]
    assert act(alice_a, gid, "First", ["take", 1]).json()["game"]["status"] == "active"
    # Through B: Second takes 1, First the last 2 (T.1: whoever takes the last counter wins).
    assert act(alice_b, gid, "Second", ["take", 1]).status_code == 200
    assert act(alice_b, gid, "First", ["take", 2]).json()["game"]["status"] == "over"
    # A last saw the game under way at action 1: an undo or an action there is refused as on a
    # game that is over, not as on one that moved on.
    for refused in (undo(alice_a, gid, "First", 1), act(alice_a, gid, "Second", ["take", 1], version=1)):
        assert refused.status_code == 409 and refused.json()["error"] == "the game is over"
    page = alice_a.get(f"/api/games/{gid}").json()
    assert page["status"] == "over" and page["outcome"]["winners"] == ["First"]


def test_a_page_after_an_undo_elsewhere_has_the_time_of_the_undo(apps: Callable[..., FastAPI]) -> None:
    """The browser tells an undo from a late page by this time (a lower version, a later change)."""
    app_a, app_b = apps(watch_interval=FAST), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    game = new_game(alice_a, HOTSEAT)
    gid = game["id"]
    moved = act(alice_a, gid, "Franks", seat_action(game), version=0).json()["game"]
    with alice_a.websocket_connect(f"/api/games/{gid}/ws?role=Franks") as ws:
        assert until(ws, lambda g: g["version"] == 1)["updated"] == moved["updated"]
        assert undo(alice_b, gid, "Franks", 1).status_code == 200
        pushed = until(ws, lambda g: g["version"] == 0)
    read = alice_a.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
    assert read["version"] == 0 and read["updated"] == pushed["updated"]
    assert datetime.fromisoformat(read["updated"]) > datetime.fromisoformat(moved["updated"])
