"""Changes made by another process reach this process's websockets (``watch.py``), and racing writers
across processes never store an action on top of one that was taken back, nor record a bot's lost
race as a ``bot_error``. Two apps on one database (a SQLite file, or PostgreSQL) stand in for two
processes: they share nothing but the database."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.testclient import WebSocketTestSession

from outremer.bots.worker import think
from outremer.server import create_app
from outremer.server.bots import task_for
from outremer.server.db import ActionRow, User
from outremer.server.store import BotTurn, Conflict, LiveGame
from outremer.server.watch import fingerprint, fingerprints

from .conftest import PASSWORD, ctx_of, new_game
from .test_play import act
from .test_undo import seat_action, undo

TWO_PEOPLE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
FAST = 0.05  # seconds between polls where the watcher's own thread should work
NEVER = 3600.0  # where the test polls by hand


@pytest.fixture
def apps(db_url: str) -> Iterator[Callable[..., FastAPI]]:
    """``apps(**create_app options)``: an app on the test's database, closed at the end."""
    made: list[FastAPI] = []

    def make(**options: Any) -> FastAPI:
        app = create_app(db_url, secure_cookies=False, test_seeds=True, **options)  # known seeds (conftest)
        made.append(app)
        return app

    yield make
    for app in made:
        ctx_of(app).close()


def client(app: FastAPI, name: str, *, register: bool) -> TestClient:
    c = TestClient(app)
    r = c.post("/api/register" if register else "/api/login", json={"name": name, "password": PASSWORD})
    assert r.status_code == (201 if register else 200), r.text
    return c


def receive(ws: WebSocketTestSession, timeout: float = 5.0) -> dict[str, Any]:
    """The next message, or fail after ``timeout`` seconds (the test client's receive has no limit)."""
    box: list[Any] = []
    reader = threading.Thread(target=lambda: box.append(ws.receive_json()), daemon=True)
    reader.start()
    reader.join(timeout)
    assert box, f"no message within {timeout} s"
    message: dict[str, Any] = box[0]
    assert message["type"] == "changed"
    return message


def until(ws: WebSocketTestSession, check: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> Any:
    """Read ``changed`` notices until one's game passes ``check``; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        game = receive(ws, max(0.01, deadline - time.monotonic()))["game"]
        if check(game):
            return game


def wait_for(condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_changes_through_another_app_reach_the_websocket(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=FAST), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    bob_b = client(app_b, "bob", register=True)
    game = new_game(alice_a, TWO_PEOPLE)
    gid = game["id"]
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    with (
        alice_a.websocket_connect(f"/api/games/{gid}/ws?role=Franks") as mine,
        TestClient(app_a).websocket_connect(f"/api/games/{gid}/ws") as public,
    ):
        assert receive(mine)["game"]["status"] == "open"
        assert receive(public)["game"]["status"] == "open"

        # A seat taken through B: the game starts, and both pages on A say so.
        assert bob_b.post(f"/api/invites/{invite}").status_code == 200
        for ws in (mine, public):
            started = until(ws, lambda g: g["status"] == "active")
            assert next(s["player"] for s in started["seats"] if s["role"] == "Saracens") == "bob"
        opening = alice_a.get(f"/api/games/{gid}").json()

        # An action through B, then its undo through B.
        r = act(alice_b, gid, "Franks", seat_action(opening), version=0)
        assert r.status_code == 200, r.text
        moved = until(mine, lambda g: g["version"] == 1)
        assert moved["view"] == r.json()["game"]["view"] and moved["can_undo"]
        assert until(public, lambda g: g["version"] == 1)["view"] != opening["view"]
        assert undo(alice_b, gid, "Franks", 1).status_code == 200
        back = until(mine, lambda g: g["version"] == 0)
        assert back["view"] == opening["view"] and not back["can_undo"]
        assert until(public, lambda g: g["version"] == 0)["version"] == 0


def test_the_watcher_wakes_only_for_changes_it_has_not_shown(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=NEVER), apps(watch_interval=None)
    watcher = ctx_of(app_a).watcher
    assert watcher is not None
    ctx_of(app_a).hub.on_subscribe = None  # no thread: the test looks by hand (it would listen on PostgreSQL)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    hotseat = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]
    game = new_game(alice_a, hotseat)
    gid = game["id"]
    assert watcher.poll() == [] and watcher.polls == 0  # nobody watches: no query at all
    with alice_a.websocket_connect(f"/api/games/{gid}/ws?role=Franks") as ws:
        assert receive(ws)["game"]["version"] == 0
        assert watcher.poll() == []  # nothing changed

        assert act(alice_b, gid, "Franks", seat_action(game), version=0).status_code == 200
        assert watcher.poll() == [gid]
        assert receive(ws)["game"]["version"] == 1
        assert watcher.poll() == []  # that change has been shown

        # A change through A itself wakes the page at once; the watcher adds nothing.
        now = alice_a.get(f"/api/games/{gid}").json()
        assert act(alice_a, gid, "Franks", seat_action(now), version=1).status_code == 200
        assert receive(ws)["game"]["version"] == 2
        assert watcher.poll() == []

        # Two changes elsewhere between polls: one wake, showing the latest.
        assert undo(alice_b, gid, "Franks", 2).status_code == 200
        assert undo(alice_b, gid, "Franks", 1).status_code == 200
        assert watcher.poll() == [gid]
        assert watcher.poll() == []  # woken once for that state, even before its page is built
        assert receive(ws)["game"]["version"] == 0
        assert watcher.poll() == []


def test_the_watcher_thread_runs_only_while_someone_watches(apps: Callable[..., FastAPI]) -> None:
    app_a = apps(watch_interval=FAST)
    watcher = ctx_of(app_a).watcher
    assert watcher is not None
    alice = client(app_a, "alice", register=True)
    gid = new_game(alice, TWO_PEOPLE)["id"]
    assert not watcher.running and watcher.polls == 0
    with alice.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        assert watcher.running
        # Polling (SQLite) looks again and again; listening (PostgreSQL) looks once, on listening.
        assert wait_for(lambda: watcher.polls >= (1 if watcher.listens else 2)), "the watcher does not look"
        if watcher.listens:
            time.sleep(5 * FAST)
            assert watcher.polls == 1  # nothing changed: no query
    assert wait_for(lambda: not watcher.running), "the watcher did not stop when nobody watched"
    polls = watcher.polls
    time.sleep(5 * FAST)
    assert watcher.polls == polls  # nobody watches: no query
    with alice.websocket_connect(f"/api/games/{gid}/ws") as ws:  # and it starts again
        receive(ws)
        assert watcher.running
        ctx_of(app_a).close()
        assert not watcher.running  # stopped for good with the app
        watcher.ensure_running()
        assert not watcher.running


def test_on_postgresql_a_change_elsewhere_is_heard_not_polled(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=NEVER), apps(watch_interval=None)  # A would never poll
    watcher = ctx_of(app_a).watcher
    assert watcher is not None
    if not watcher.listens:
        pytest.skip("SQLite has no LISTEN: its watcher polls (the tests above)")
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    bob_b = client(app_b, "bob", register=True)
    game = new_game(alice_a, TWO_PEOPLE)
    gid = game["id"]
    other = new_game(alice_a, TWO_PEOPLE)["id"]  # a game nobody watches
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    with alice_a.websocket_connect(f"/api/games/{gid}/ws?role=Franks") as ws:
        assert receive(ws)["game"]["status"] == "open"
        assert wait_for(lambda: watcher.polls == 1)  # the one look on listening
        assert bob_b.post(f"/api/invites/{invite}").status_code == 200  # a seat taken through B
        assert until(ws, lambda g: g["status"] == "active")["version"] == 0
        opening = alice_a.get(f"/api/games/{gid}").json()
        r = act(alice_b, gid, "Franks", seat_action(opening), version=0)
        assert r.status_code == 200, r.text
        assert until(ws, lambda g: g["version"] == 1)["view"] == r.json()["game"]["view"]
        assert undo(alice_b, gid, "Franks", 1).status_code == 200
        assert until(ws, lambda g: g["version"] == 0)["view"] == opening["view"]
        looks = watcher.polls
        # A change to a game nobody here watches makes no query; nor does a quiet spell.
        other_invite = alice_b.get(f"/api/games/{other}").json()["seats"][1]["invite"]
        assert bob_b.post(f"/api/invites/{other_invite}").status_code == 200
        time.sleep(10 * FAST)
        assert watcher.polls == looks


def test_no_app_stores_over_an_undo_or_an_action_made_by_another(
    apps: Callable[..., FastAPI], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window between an app's refresh and its write: the write itself sees the other app's change."""
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    alice_a = client(app_a, "alice", register=True)
    alice_b = client(app_b, "alice", register=False)
    hotseat = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]
    game = new_game(alice_a, hotseat)
    gid = game["id"]
    store_a = ctx_of(app_a).store
    assert act(alice_a, gid, "Franks", seat_action(game), version=0).status_code == 200
    one = alice_a.get(f"/api/games/{gid}").json()
    assert store_a.current(gid).version == 1
    monkeypatch.setattr(store_a, "_refresh", lambda live: live)  # A no longer looks before writing

    # B takes action 1 back; A, still at action 1, must not store action 2 on top of nothing.
    assert undo(alice_b, gid, "Franks", 1).status_code == 200
    with pytest.raises(Conflict):
        store_a.act(gid, "Franks", seat_action(one), user_id=user_id(app_a, "alice"), expected_version=1)
    assert stored(app_a, gid) == []

    # B acts twice; A, whose cache is stale again, must not take back action 1 under action 2.
    monkeypatch.undo()
    assert store_a.current(gid).version == 0
    for version in (0, 1):
        now = alice_b.get(f"/api/games/{gid}").json()
        assert act(alice_b, gid, "Franks", seat_action(now), version=version).status_code == 200
        if version == 0:
            assert store_a.current(gid).version == 1  # A is at action 1 when B stores action 2
    monkeypatch.setattr(store_a, "_refresh", lambda live: live)
    assert store_a.live(gid).can_undo("Franks")
    with pytest.raises(Conflict):
        store_a.undo(gid, "Franks", expected_version=1)
    assert [n for n, _ in stored(app_a, gid)] == [1, 2]
    monkeypatch.undo()
    assert alice_a.get(f"/api/games/{gid}").json()["version"] == 2  # A rebuilt its cache


def user_id(app: FastAPI, name: str) -> int:
    with ctx_of(app).db.session() as s:
        found: int = s.execute(select(User.id).where(User.name == name)).scalar_one()
        return found


def stored(app: FastAPI, gid: int) -> list[tuple[int, str]]:
    with ctx_of(app).db.session() as s:
        rows = s.execute(select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.n)).scalars()
        return [(row.n, row.role) for row in rows]


def answer(app: str, turn: BotTurn) -> Any:
    """The action the bot of ``turn`` chooses, as a bot process of ``app`` would (here, in this one)."""
    got = think(task_for((app, turn.game_id), turn, None))  # the whole game, as a new process is sent
    assert got.error is None, got.error
    return got.action


def test_a_bot_that_loses_the_race_to_another_app_gives_up_quietly(apps: Callable[..., FastAPI]) -> None:
    app_a, app_b = apps(watch_interval=None), apps(watch_interval=None)
    for app in (app_a, app_b):
        ctx_of(app).bots.close()  # the test plays the bots by hand
    alice = client(app_a, "alice", register=True)
    game = new_game(alice, VS_BOT)
    gid = game["id"]
    assert act(alice, gid, "Franks", game["legal_actions"][-1]["action"], version=0).status_code == 200
    store_a, store_b = ctx_of(app_a).store, ctx_of(app_b).store
    assert list(store_a.current(gid).game.active_roles(store_a.current(gid).state)) == ["Saracens"]
    # Both apps' bots are asked the same move; B's answer is stored first, A's is then stale.
    turn_a, turn_b = store_a.bot_turn(gid), store_b.bot_turn(gid)
    assert turn_a is not None and turn_b is not None and turn_a.role == turn_b.role == "Saracens"
    assert store_b.bot_act(turn_b, answer("b", turn_b)) is True
    assert store_a.bot_act(turn_a, answer("a", turn_a)) is False  # nothing stored, no error
    live: LiveGame = store_a.current(gid)
    assert live.bot_error is None
    assert stored(app_a, gid) == [(1, "Franks"), (2, "Saracens")]
    assert store_b.current(gid).version == 2
    # A's bot carries on from B's move, B's from A's: the game goes on, numbered without gaps.
    turn = 0
    while (asked := (store_b if turn % 2 else store_a).bot_turn(gid)) is not None and turn < 200:
        assert (store_b if turn % 2 else store_a).bot_act(asked, answer("ab"[turn % 2], asked)) is True
        turn += 1
    live = store_a.current(gid)
    assert live.game.view(live.state, None) == store_b.current(gid).game.view(
        store_b.current(gid).state, None
    )
    assert turn >= 1 and list(live.game.active_roles(live.state)) == ["Franks"], (turn, live.version)
    assert [n for n, _ in stored(app_a, gid)] == list(range(1, live.version + 1))
    page = alice.get(f"/api/games/{gid}").json()
    assert page["bot_error"] is None and page["version"] == live.version and page["legal_actions"]


def test_one_games_fingerprint_is_the_one_the_poll_reads(apps: Callable[..., FastAPI]) -> None:
    # A websocket's page keeps watch.fingerprint (one game, its own statement); the poll compares
    # watch.fingerprints (every watched game, one query): the two must agree in every state, or a
    # page would be woken for nothing (or never).
    app = apps(watch_interval=None)
    db = ctx_of(app).db
    alice = client(app, "alice", register=True)
    game = new_game(alice, TWO_PEOPLE)
    gid = game["id"]
    assert fingerprint(db, gid) == fingerprints(db, [gid])[gid]  # no action yet
    bob = client(app, "bob", register=True)
    assert bob.post(f"/api/games/{gid}/join", json={"role": "Saracens"}).status_code == 200
    seated = fingerprint(db, gid)
    assert seated == fingerprints(db, [gid])[gid] and seated[4] == 2  # both seats taken
    now = alice.get(f"/api/games/{gid}?role=Franks").json()
    assert act(alice, gid, "Franks", seat_action(now), version=0).status_code == 200
    acted = fingerprint(db, gid)
    assert acted == fingerprints(db, [gid])[gid] and acted != seated
    assert fingerprint(db, gid + 1000) is None and gid + 1000 not in fingerprints(db, [gid + 1000])
