"""A server keeps a bounded number of games in memory (issue 19): beyond ``live_games`` the game
used longest ago is let go and rebuilt from the database, by replay, when next used, unchanged; and
an action always advances the game's copy in memory, whichever copy the request first read."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.server import create_app
from outremer.server.store import LiveGame, Store

from .conftest import PASSWORD, ctx_of, new_game

VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]
"""No bot: once the server has looked for a bot to move (:func:`hotseat`), nothing but the test
touches these games, so which copies are in memory is the test's."""


@pytest.fixture
def small(tmp_path: Path) -> Iterator[FastAPI]:
    """A server that keeps two games in memory."""
    app = create_app(f"sqlite:///{tmp_path / 'outremer.db'}", secure_cookies=False, live_games=2)
    yield app
    ctx_of(app).close()


def signed_in(app: FastAPI) -> TestClient:
    client = TestClient(app)
    assert client.post("/api/register", json={"name": "alice", "password": PASSWORD}).status_code == 201
    return client


def hotseat(app: FastAPI, client: TestClient) -> int:
    """A new game without bots, once the server's look for a bot to move in it is over: that look
    reads the game through the store too, and would otherwise make it the game used last at a
    moment of its own."""
    game_id: int = new_game(client, HOTSEAT)["id"]
    assert ctx_of(app).bots.wait_idle(60)
    return game_id


def act(app: FastAPI, client: TestClient, game_id: int) -> None:
    """Alice takes her last legal action, then the bot answers."""
    assert ctx_of(app).bots.wait_idle(60)
    game = client.get(f"/api/games/{game_id}").json()
    body = {"role": "Franks", "action": game["legal_actions"][-1]["action"], "version": game["version"]}
    r = client.post(f"/api/games/{game_id}/action", json=body)
    assert r.status_code == 200, r.text
    assert ctx_of(app).bots.wait_idle(60)


def test_games_beyond_the_bound_are_let_go_and_come_back_unchanged(small: FastAPI) -> None:
    alice, store = signed_in(small), ctx_of(small).store
    games = [new_game(alice, VS_BOT)["id"] for _ in range(4)]
    for game_id in games:
        act(small, alice, game_id)
    assert store.cached() == tuple(games[2:])  # the two used last
    seen = {game_id: alice.get(f"/api/games/{game_id}").json() for game_id in games}
    assert len(store.cached()) == 2
    for game_id in games:  # each one read again is rebuilt as it was, and plays on
        again = alice.get(f"/api/games/{game_id}").json()
        assert (again["version"], again["view"], again["log"]) == (
            seen[game_id]["version"],
            seen[game_id]["view"],
            seen[game_id]["log"],
        )
        act(small, alice, game_id)
        assert alice.get(f"/api/games/{game_id}").json()["version"] > seen[game_id]["version"]
    assert store.cached() == tuple(games[2:])


def held(store: Store, game_id: int) -> tuple[threading.Event, threading.Thread]:
    """Another thread holds the game's lock (a request acting on it) until the event is set."""
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with store.live(game_id).lock:
            taken.set()
            done.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    assert taken.wait(10)
    return done, thread


def test_a_game_in_use_is_not_let_go(small: FastAPI) -> None:
    alice, store = signed_in(small), ctx_of(small).store
    first, *others = [hotseat(small, alice) for _ in range(3)]
    using = store.live(first)
    done, thread = held(store, first)
    try:
        for game_id in others:
            store.live(game_id)
        assert store.cached() == (first, *others)  # over the bound while in use
    finally:
        done.set()
        thread.join()
    fourth = hotseat(small, alice)  # the next one in lets it go
    assert store.cached() == (others[1], fourth)
    assert store.live(first) is not using and store.live(first).version == using.version


def test_a_copy_let_go_while_held_shares_its_lock_with_the_one_rebuilt(small: FastAPI) -> None:
    alice, store = signed_in(small), ctx_of(small).store
    first, *others = [hotseat(small, alice) for _ in range(3)]
    old: Any = store.live(first)  # a request still holds this copy, not its lock
    for game_id in others:
        store.live(game_id)
    rebuilt = store.live(first)
    assert rebuilt is not old and rebuilt.lock is old.lock  # one line of actions for the game
    assert rebuilt.version == old.version


def test_a_store_keeps_at_least_one_game(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="at least one game"):
        create_app(f"sqlite:///{tmp_path / 'outremer.db'}", live_games=0)


def test_an_action_advances_the_copy_in_memory_though_the_request_read_another(
    small: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Found by bench/server_memory.py: a bot's thread that held the game's first copy rebuilt and
    # kept one while a person's request, holding the copy it had read, waited for the game's lock;
    # the action then advanced the request's copy, nobody's, and the next read got the older one.
    alice, store = signed_in(small), ctx_of(small).store
    gid = hotseat(small, alice)
    held = store.live(gid)  # the copy the request read
    kept = LiveGame(  # the same history, rebuilt and kept by the other thread meanwhile
        gid,
        held.game,
        replace(held.record, actions=list(held.record.actions)),
        held.game.copy(held.state),
        row_ids=list(held.row_ids),
    )
    store.put(kept)
    assert kept.lock is held.lock  # one line of actions for the game
    role = held.game.active_roles(held.state)[0]
    action = held.game.legal_actions(held.state, role)[0]
    monkeypatch.setattr(store, "live", lambda game_id: held)  # act looks up the copy it was read
    store.act(gid, role, action, expected_version=0)
    monkeypatch.undo()
    assert store.live(gid) is kept and kept.version == 1 and held.version == 0
    again = alice.get(f"/api/games/{gid}").json()
    assert again["version"] == 1
