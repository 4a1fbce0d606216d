"""The read path (issue 19): a seat's page is computed once per state and role, never handed to
another role, and follows the state through actions and undos; who holds a session is remembered
only while the session stands (a sign-out ends it at once in this process, within
``auth.REMEMBER`` seconds in another)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import delete

from outremer.server import auth
from outremer.server.db import Database, LoginSession

from .conftest import ctx_of, new_game

HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def count_views(app: FastAPI, game_id: int, monkeypatch: pytest.MonkeyPatch) -> Counter[Any]:
    """How many times the game's title is asked for each role's view from now on (the pages kept
    so far let go first)."""
    live = ctx_of(app).store.live(game_id)
    live.pages = None
    game = live.game
    calls: Counter[Any] = Counter()
    real = game.view

    def view(state: Any, role: Any) -> Any:
        calls[role] += 1
        return real(state, role)

    monkeypatch.setattr(game, "view", view)
    return calls


def direct_view(app: FastAPI, game_id: int, role: str | None) -> Any:
    """What the title itself says ``role`` sees now (no page in between, and not counted)."""
    live = ctx_of(app).store.current(game_id)
    return type(live.game).view(live.game, live.state, role)


def test_a_view_is_computed_once_per_state_and_role(
    app: FastAPI, user: Callable[[str], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, bob = user("alice"), user("bob")
    game = new_game(alice, [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}])
    gid = game["id"]
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    assert bob.post(f"/api/invites/{invite}").status_code == 200
    calls = count_views(app, gid, monkeypatch)
    pages = [alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json() for _ in range(3)]
    theirs = [bob.get(f"/api/games/{gid}").json() for _ in range(2)]
    assert calls == {"Franks": 1, "Saracens": 1}
    assert all(page["view"] == direct_view(app, gid, "Franks") for page in pages)
    assert all(page["view"] == direct_view(app, gid, "Saracens") for page in theirs)
    assert pages[0]["view"] != theirs[0]["view"]  # each seat got its own, not the other's

    # A new state (the Franks deploy, 1.0) is computed afresh, once again per role.
    action = pages[0]["legal_actions"][0]["action"]
    moved = alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": action})
    assert moved.status_code == 200 and moved.json()["version"] == 1
    assert moved.json()["game"]["view"] == direct_view(app, gid, "Franks")
    assert bob.get(f"/api/games/{gid}").json()["view"] == direct_view(app, gid, "Saracens")
    assert calls == {"Franks": 2, "Saracens": 2}


def test_a_hotseat_gets_each_seats_own_page_and_an_undo_brings_the_old_one_back(
    app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    gid = new_game(alice, HOTSEAT)["id"]
    seen = {r: alice.get(f"/api/games/{gid}", params={"role": r}).json() for r in ("Franks", "Saracens")}
    assert seen["Franks"]["view"] == direct_view(app, gid, "Franks")
    assert seen["Saracens"]["view"] == direct_view(app, gid, "Saracens")
    assert seen["Franks"]["view"] != seen["Saracens"]["view"]
    assert seen["Saracens"]["legal_actions"] == [] or "Saracens" in seen["Saracens"]["active_roles"]

    first = seen["Franks"]
    action = first["legal_actions"][0]["action"]  # a deployment move (1.0): no die, no card
    moved = alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": action, "version": 0})
    assert moved.status_code == 200 and moved.json()["game"]["can_undo"]
    back = alice.post(f"/api/games/{gid}/undo", json={"role": "Franks", "version": 1})
    assert back.status_code == 200 and back.json()["version"] == 0
    again = alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
    assert again["version"] == 0 and again["view"] == first["view"]
    assert again["legal_actions"] == first["legal_actions"] and again["log"] == first["log"]


def test_the_log_from_an_entry_is_the_rest_of_the_whole_log(
    app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    gid = new_game(alice, HOTSEAT)["id"]
    for _ in range(3):
        page = alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
        action = page["legal_actions"][0]["action"]
        assert alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": action}).is_success
    whole = alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
    assert whole["log_from"] == 0 and len(whole["log"]) >= 2
    for held in (1, len(whole["log"])):
        params = {"role": "Franks", "log_from": held, "log_key": whole["log_key"]}
        for _ in range(2):  # the second answer comes from the pages kept: the same
            rest = alice.get(f"/api/games/{gid}", params=params).json()
            assert rest["log_from"] == held and rest["log"] == whole["log"][held:]


def test_a_signed_out_session_opens_nothing_at_once(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    token = alice.cookies.get(auth.COOKIE)
    assert alice.get("/api/me").json() == {"name": "alice"}  # now remembered
    assert alice.post("/api/logout").status_code == 200
    stale = TestClient(app, cookies={auth.COOKIE: token})
    assert stale.get("/api/me").json() == {"name": None}
    assert stale.post("/api/games", json={"title": "crusader-rex"}).status_code == 401


def test_a_session_ended_by_another_process_is_honoured_within_the_remembered_time(db_url: str) -> None:
    db = Database(db_url)
    clock = [0.0]
    sessions = auth.Sessions(clock=lambda: clock[0])
    try:
        with db.session() as s:
            user = auth.add_user(s, "alice", auth.hash_password("a long password"))
            token = auth.start_session(s, user)
        found = sessions.user(db, token)
        assert found is not None and found.name == "alice"
        with db.session() as s:  # another process signs alice out
            s.execute(delete(LoginSession))
        clock[0] = auth.REMEMBER / 2
        assert sessions.user(db, token) is not None  # remembered: not asked again yet
        clock[0] = auth.REMEMBER + 0.1
        assert sessions.user(db, token) is None
        assert sessions.user(db, "no such token") is None and sessions.user(db, None) is None
    finally:
        db.close()


def test_a_remembered_session_ends_when_it_expires(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    db = Database(db_url)
    sessions = auth.Sessions(clock=lambda: 0.0)  # remembered for as long as the test runs
    try:
        with db.session() as s:
            token = auth.start_session(s, auth.add_user(s, "alice", auth.hash_password("a long password")))
        assert sessions.user(db, token) is not None
        later = auth.now() + timedelta(days=auth.SESSION_DAYS, seconds=1)
        monkeypatch.setattr(auth, "now", lambda: later)
        assert sessions.user(db, token) is None
    finally:
        db.close()


def test_only_a_session_not_remembered_needs_the_database(db_url: str) -> None:
    """``Sessions.recall`` answers from memory alone (the request's dependency asks it in the event
    loop) and says when only the database can tell."""
    db = Database(db_url)
    clock = [0.0]
    sessions = auth.Sessions(clock=lambda: clock[0])
    try:
        with db.session() as s:
            token = auth.start_session(s, auth.add_user(s, "alice", auth.hash_password("a long password")))
        assert sessions.recall(None) == (True, None)  # nobody signed in: known without asking
        assert sessions.recall(token) == (False, None)  # not remembered yet: ask the database
        found = sessions.user(db, token)
        known, recalled = sessions.recall(token)
        assert known and recalled is not None and found is not None
        assert (recalled.id, recalled.name) == (found.id, "alice")
        sessions.forget(token)  # a sign-out in this process
        assert sessions.recall(token) == (False, None)
        sessions.user(db, token)
        clock[0] = auth.REMEMBER + 0.1
        assert sessions.recall(token) == (False, None)  # remembered no longer: ask again
    finally:
        db.close()
