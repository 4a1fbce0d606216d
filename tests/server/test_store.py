"""The store's lean action path with another process on the same database (two apps stand in for two
processes, on SQLite and on PostgreSQL): an action is judged on the cache and checked by the write
itself; a cache behind the stored actions catches up by applying the new ones (not by replaying the
game), is rebuilt when its last action was taken back elsewhere, and a client acting on the version
it read through the other process is served, not refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI, HTTPException

from . import test_watch
from .conftest import ctx_of, new_game
from .test_play import act
from .test_undo import seat_action, undo
from .test_watch import client, stored, user_id

apps = test_watch.apps  # the fixture: two apps on the test's database
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def test_a_cache_behind_catches_up_and_the_action_is_judged_on_the_stored_game(
    apps: Callable[..., FastAPI],
) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    game = new_game(alice_a, HOTSEAT)
    gid, alice = game["id"], user_id(app_a, "alice")
    store_a, store_b = ctx_of(app_a).store, ctx_of(app_b).store
    cached = store_a.current(gid)
    assert cached.version == 0

    # B stores two actions; A has not looked since. The client read version 2 through B and acts
    # through A: A's cache (at 0) refuses at first, looks once, catches up, and stores action 3.
    for version in (0, 1):
        now = alice_b.get(f"/api/games/{gid}").json()
        assert act(alice_b, gid, "Franks", seat_action(now), version=version).status_code == 200
    at_two = alice_b.get(f"/api/games/{gid}").json()
    live, _ = store_a.act(gid, "Franks", seat_action(at_two), user_id=alice, expected_version=2)
    assert live is cached and live.version == 3  # the same copy, brought forward: no replay
    assert [n for n, _ in stored(app_a, gid)] == [1, 2, 3]
    b_live = store_b.current(gid)
    assert b_live.game.to_json(b_live.state) == live.game.to_json(live.state)

    # A spent version is refused through either app, and nothing is stored.
    for store in (store_a, store_b):
        with pytest.raises(HTTPException) as refused:
            store.act(gid, "Franks", seat_action(at_two), user_id=alice, expected_version=2)
        assert refused.value.status_code == 409
    assert [n for n, _ in stored(app_a, gid)] == [1, 2, 3]


def test_an_action_taken_back_elsewhere_rebuilds_the_cache(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    game = new_game(alice_a, HOTSEAT)
    gid, alice = game["id"], user_id(app_a, "alice")
    first, other = [la["action"] for la in game["legal_actions"] if la["action"][0] == "seat"][:2]
    assert act(alice_a, gid, "Franks", first, version=0).status_code == 200
    store_a = ctx_of(app_a).store
    cached = store_a.current(gid)
    # Through B: action 1 taken back and another action 1 stored. A's cache is at 1 still, with
    # the action B took back; acting on it would store action 2 over a move that is gone.
    assert undo(alice_b, gid, "Franks", 1).status_code == 200
    assert act(alice_b, gid, "Franks", other, version=0).status_code == 200
    seen: dict[str, Any] = alice_b.get(f"/api/games/{gid}").json()
    live, _ = store_a.act(gid, "Franks", seat_action(seen), user_id=alice, expected_version=1)
    assert live is not cached  # rebuilt by replay, with the lock of the game's line
    assert live.lock is cached.lock
    assert [role for _, role in stored(app_a, gid)] == ["Franks", "Franks"]
    assert live.record.actions[0][1] == tuple(other)
    assert alice_b.get(f"/api/games/{gid}").json()["version"] == 2


def test_a_save_read_through_one_app_has_the_action_stored_through_the_other(
    apps: Callable[..., FastAPI],
) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    game = new_game(alice_a, HOTSEAT)
    gid = game["id"]
    assert alice_a.get(f"/api/games/{gid}/save").json()["actions"] == []  # A caches the game
    assert act(alice_b, gid, "Franks", seat_action(game), version=0).status_code == 200
    # Alice holds every seat, so she may have the save while the game is under way.
    save = alice_a.get(f"/api/games/{gid}/save")
    assert save.status_code == 200, save.text
    assert save.json()["actions"] == [["Franks", seat_action(game)]]
