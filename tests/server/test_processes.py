"""Two real ``outremer serve`` processes on one PostgreSQL database: people play one game through
both, each request sent with the version its client saw; both servers always show the same game,
stale versions are refused by either, an undo through one is seen by the other (even when a new,
different action of the same number follows at once), and a fresh replay of the stored actions
agrees. A websocket open on one server is woken by changes made through the other (a seat taken,
an action, an undo), and a bot seat plays on while its person acts through the other server, both
servers' bot runners racing for its moves."""

from __future__ import annotations

import json
import re
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from websockets.sync.client import ClientConnection, connect
from websockets.sync.connection import Connection

from outremer.server import create_app
from outremer.server.db import ActionRow

from .conftest import PASSWORD, ctx_of
from .postgres import Cluster
from .test_serve import free_port, start

SEATS = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
ERROR = re.compile("error|traceback|failed|exception", re.IGNORECASE)


@pytest.fixture
def two_servers(postgres: Cluster, tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """The database URL and the base URLs of servers A and B, both on it; their stderr goes to
    ``server-a.log`` and ``server-b.log`` in ``tmp_path`` (see :func:`errors_logged`)."""
    url = postgres.database()
    procs: list[subprocess.Popen[bytes]] = []
    bases = []
    try:
        for name in "ab":
            port = free_port()
            procs.append(start(url, port, tmp_path / f"server-{name}.log"))
            bases.append(f"http://127.0.0.1:{port}")
        yield url, bases[0], bases[1]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(10)


def errors_logged(tmp_path: Path) -> list[str]:
    """Lines of the two servers' stderr that tell of an error (a bot failing, a request crashing)."""
    lines = []
    for log in sorted(tmp_path.glob("server-*.log")):
        lines += [line for line in log.read_text(errors="replace").splitlines() if ERROR.search(line)]
    return lines


def signed_in(base: str, name: str, *, register: bool) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=10)
    r = client.post("/api/register" if register else "/api/login", json={"name": name, "password": PASSWORD})
    assert r.status_code == (201 if register else 200), r.text
    return client


def get(client: httpx.Client, gid: int, role: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"role": role} if role else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def act(client: httpx.Client, gid: int, role: str, action: Any, version: int) -> httpx.Response:
    return client.post(f"/api/games/{gid}/action", json={"role": role, "action": action, "version": version})


def undo(client: httpx.Client, gid: int, role: str, version: int) -> httpx.Response:
    return client.post(f"/api/games/{gid}/undo", json={"role": role, "version": version})


def seat_actions(game: dict[str, Any]) -> list[Any]:
    return [la["action"] for la in game["legal_actions"] if la["action"][0] == "seat"]


def test_two_processes_share_one_postgres_game(two_servers: tuple[str, str, str]) -> None:
    url, base_a, base_b = two_servers
    alice_a = signed_in(base_a, "alice", register=True)
    bob_b = signed_in(base_b, "bob", register=True)
    alice_b = signed_in(base_b, "alice", register=False)  # same database: accounts work on both
    bob_a = signed_in(base_a, "bob", register=False)
    observers = [httpx.Client(base_url=base, timeout=10) for base in (base_a, base_b)]
    clients = [alice_a, alice_b, bob_a, bob_b, *observers]
    try:
        r = alice_a.post("/api/games", json={"title": "crusader-rex", "seats": SEATS})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        invite = next(seat["invite"] for seat in r.json()["seats"] if seat["role"] == "Saracens")
        assert bob_b.post(f"/api/invites/{invite}").status_code == 200

        def same_everywhere(version: int) -> dict[str, Any]:
            """Both servers show the game at ``version``, alike for each seat and the observer."""
            seen = [
                (get(alice_a, gid, "Franks"), get(alice_b, gid, "Franks")),
                (get(bob_a, gid, "Saracens"), get(bob_b, gid, "Saracens")),
                (get(observers[0], gid), get(observers[1], gid)),
            ]
            for on_a, on_b in seen:
                assert on_a["version"] == on_b["version"] == version
                for key in ("view", "log", "role", "active_roles", "legal_actions", "can_undo", "status"):
                    assert on_a[key] == on_b[key], key
            return seen[2][0]

        start_view = same_everywhere(0)
        opening = get(alice_a, gid, "Franks")
        first, other = seat_actions(opening)[:2]

        # An undo through B is seen through A.
        assert act(alice_a, gid, "Franks", first, 0).status_code == 200
        assert same_everywhere(1)["view"] != start_view["view"]
        r = undo(alice_b, gid, "Franks", 1)
        assert r.status_code == 200, r.text
        assert same_everywhere(0)["view"] == start_view["view"]

        # A caches action 1; through B it is undone and a different action 1 is stored at once.
        assert act(alice_a, gid, "Franks", first, 0).status_code == 200
        assert undo(alice_b, gid, "Franks", 1).status_code == 200
        r = act(alice_b, gid, "Franks", other, 0)
        assert r.status_code == 200, r.text
        via_b = r.json()["game"]
        via_a = get(alice_a, gid, "Franks")  # A must not serve its stale action 1
        assert via_a["version"] == via_b["version"] == 1 and via_a["view"] == via_b["view"]
        same_everywhere(1)

        # Alternate through both servers: Alice on A, Bob on B, every third request crossed.
        for step in range(14):
            through_a = step % 3 != 2
            game = get(observers[0], gid)
            role = game["active_roles"][0]
            client = {
                ("Franks", True): alice_a,
                ("Franks", False): alice_b,
                ("Saracens", True): bob_b,
                ("Saracens", False): bob_a,
            }[role, through_a]
            seen = get(client, gid, role)
            version = seen["version"]
            r = act(client, gid, role, seen["legal_actions"][0]["action"], version)
            assert r.status_code == 200, r.text
            assert r.json()["version"] == version + 1
            same_everywhere(version + 1)
            # The version just used is stale now on either server, and changes nothing.
            for stale in (alice_a, alice_b) if role == "Franks" else (bob_a, bob_b):
                again = get(stale, gid, role)
                if again["legal_actions"]:
                    refused = act(stale, gid, role, again["legal_actions"][0]["action"], version)
                    assert refused.status_code == 409, refused.text
            same_everywhere(version + 1)

        final = same_everywhere(version + 1)
        assert final["version"] >= 15

        # A fresh replay of the stored actions agrees with both servers.
        fresh = create_app(url, secure_cookies=False)
        try:
            replayed = TestClient(fresh).get(f"/api/games/{gid}").json()
            assert replayed["version"] == final["version"] and replayed["view"] == final["view"]
        finally:
            ctx_of(fresh).close()
    finally:
        for c in clients:
            c.close()


def watch(
    base: str, gid: int, client: httpx.Client | None = None, role: str | None = None
) -> ClientConnection:
    """A websocket on the server at ``base`` for game ``gid``: as ``client``'s user (its cookie) for
    ``role``, or as an observer."""
    url = base.replace("http://", "ws://", 1) + f"/api/games/{gid}/ws" + (f"?role={role}" if role else "")
    headers = {}
    if client is not None:
        headers["Cookie"] = f"outremer_session={client.cookies['outremer_session']}"
    return connect(
        url, additional_headers=headers, proxy=None, max_size=2**24, open_timeout=10, ping_interval=None
    )


def drain(ws: Connection) -> list[Any]:
    """The games of the notices that have arrived, without waiting (read them so that the socket's
    queue never fills: a client that stops reading stops answering the server's pings)."""
    games: list[Any] = []
    while True:
        try:
            message = json.loads(ws.recv(timeout=0))
        except TimeoutError:
            return games
        assert message["type"] == "changed"
        games.append(message["game"])


def notice(ws: Connection, check: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> Any:
    """Read ``changed`` notices until one's game passes ``check``; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        except TimeoutError:
            raise AssertionError(f"no such notice within {timeout} s") from None
        assert message["type"] == "changed"
        if check(message["game"]):
            return message["game"]


def test_a_websocket_on_one_server_sees_changes_made_through_the_other(
    two_servers: tuple[str, str, str],
) -> None:
    _, base_a, base_b = two_servers
    alice_a = signed_in(base_a, "alice", register=True)
    alice_b = signed_in(base_b, "alice", register=False)
    bob_b = signed_in(base_b, "bob", register=True)
    try:
        r = alice_a.post("/api/games", json={"title": "crusader-rex", "seats": SEATS})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        invite = next(seat["invite"] for seat in r.json()["seats"] if seat["role"] == "Saracens")
        with watch(base_a, gid, alice_a, "Franks") as mine, watch(base_a, gid) as public:
            for ws in (mine, public):
                assert notice(ws, lambda g: True)["status"] == "open"

            # A seat taken through B starts the game: A's pages say so.
            assert bob_b.post(f"/api/invites/{invite}").status_code == 200
            for ws in (mine, public):
                started = notice(ws, lambda g: g["status"] == "active")
                assert next(s["player"] for s in started["seats"] if s["role"] == "Saracens") == "bob"
            opening = get(alice_a, gid, "Franks")

            # An action through B, then its undo through B.
            r = act(alice_b, gid, "Franks", seat_actions(opening)[0], 0)
            assert r.status_code == 200, r.text
            moved = notice(mine, lambda g: g["version"] == 1)
            assert moved["view"] == r.json()["game"]["view"] and moved["can_undo"]
            assert notice(public, lambda g: g["version"] == 1)["view"] != opening["view"]
            assert undo(alice_b, gid, "Franks", 1).status_code == 200
            back = notice(mine, lambda g: g["version"] == 0)
            assert back["view"] == opening["view"] and not back["can_undo"]
            notice(public, lambda g: g["version"] == 0)

            # Nothing changes: nothing is sent (the watcher polls every 0.5 s).
            for ws in (mine, public):
                with pytest.raises(TimeoutError):
                    ws.recv(timeout=1.5)
    finally:
        for c in (alice_a, alice_b, bob_b):
            c.close()


def test_a_bot_plays_on_while_its_person_acts_through_the_other_server(
    two_servers: tuple[str, str, str], tmp_path: Path
) -> None:
    url, base_a, base_b = two_servers
    alice_a = signed_in(base_a, "alice", register=True)
    alice_b = signed_in(base_b, "alice", register=False)
    observer_a = httpx.Client(base_url=base_a, timeout=10)
    seats = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
    try:
        r = alice_a.post("/api/games", json={"title": "crusader-rex", "seed": 11, "seats": seats})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        # Watched through A, so A's bot runner is kicked by changes made through B as well as B's own:
        # the two servers race for the bot's moves.
        with watch(base_a, gid) as public:
            notice(public, lambda g: True)
            turns, bot_moved, refused = 0, 0, 0
            mine: int | None = None  # the version after the person's last action
            deadline = time.monotonic() + 60
            while bot_moved < 4:  # the person's turn comes back after the bot's, again and again
                assert time.monotonic() < deadline and turns < 40, f"stuck: {turns} turns, {bot_moved}"
                game = get(alice_b, gid, "Franks")
                assert game["bot_error"] is None, game["bot_error"]
                drain(public)
                if not game["legal_actions"]:  # the bot's turn: it plays on its own
                    time.sleep(0.05)
                    continue
                if mine is not None and game["version"] > mine:
                    bot_moved += 1  # counted once per turn of the person's
                mine = None
                r = act(alice_b, gid, "Franks", game["legal_actions"][-1]["action"], game["version"])
                if r.status_code == 409:  # the bot moved at the same moment (simultaneous choices)
                    refused += 1
                    continue
                assert r.status_code == 200, r.text
                mine = r.json()["version"]
                turns += 1
            assert refused < 20

            # Both servers settle on the same game, the person's turn, no bot error; A's page follows.
            def settled() -> tuple[dict[str, Any], dict[str, Any]]:
                end = time.monotonic() + 60
                while True:
                    on_a, on_b = get(alice_a, gid, "Franks"), get(alice_b, gid, "Franks")
                    if on_a["version"] == on_b["version"] and on_a["active_roles"] == ["Franks"]:
                        return on_a, on_b
                    assert time.monotonic() < end, "the servers did not settle on the person's turn"
                    time.sleep(0.05)

            on_a, on_b = settled()
            for key in ("view", "log", "legal_actions", "active_roles", "status", "bot_error"):
                assert on_a[key] == on_b[key], key
            assert on_a["bot_error"] is None and on_a["status"] == "active" and on_a["legal_actions"]
            seen = notice(public, lambda g: g["version"] == on_a["version"])
            assert seen["view"] == get(observer_a, gid)["view"]

        # The stored actions are numbered without gaps, the bot's with no user, and replay cleanly.
        fresh = create_app(url, secure_cookies=False, watch_interval=None)
        try:
            with ctx_of(fresh).db.session() as s:
                rows = list(
                    s.execute(
                        select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.n)
                    ).scalars()
                )
                assert [row.n for row in rows] == list(range(1, on_a["version"] + 1))
                assert all((row.user_id is None) == (row.role == "Saracens") for row in rows)
            replayed = TestClient(fresh).get(f"/api/games/{gid}").json()
            observed = get(observer_a, gid)
            assert replayed["version"] == observed["version"] == on_a["version"]
            assert replayed["view"] == observed["view"] and replayed["log"] == observed["log"]
        finally:
            ctx_of(fresh).close()
        assert errors_logged(tmp_path) == []
    finally:
        for c in (alice_a, alice_b, observer_a):
            c.close()


def test_two_servers_race_for_every_move_of_a_bot_game(
    two_servers: tuple[str, str, str], tmp_path: Path
) -> None:
    """Bots in both seats, the game watched through both servers: each server's runner is kicked by
    the other's moves, so they race for move after move; the losers give up quietly (no bot error,
    nothing logged) and the game is played to its end, its actions numbered without gaps."""
    url, base_a, base_b = two_servers
    alice = signed_in(base_a, "alice", register=True)
    observers = [httpx.Client(base_url=base, timeout=10) for base in (base_a, base_b)]
    seats = [{"role": role, "kind": "bot", "bot": "random"} for role in ("Franks", "Saracens")]
    try:
        r = alice.post("/api/games", json={"title": "crusader-rex", "seed": 5, "seats": seats})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        with watch(base_a, gid) as on_a, watch(base_b, gid) as on_b:
            deadline = time.monotonic() + 150
            last: list[Any] = [None, None]  # the last page each websocket got
            while (game := get(observers[0], gid))["status"] != "over":
                assert game["bot_error"] is None and get(observers[1], gid)["bot_error"] is None
                assert time.monotonic() < deadline, f"the bots stalled at action {game['version']}"
                for i, ws in enumerate((on_a, on_b)):
                    last[i] = (drain(ws) or [last[i]])[-1]
                time.sleep(0.2)
            final = [get(observers[0], gid), get(observers[1], gid)]
            assert final[0]["outcome"] is not None
            # Both pages follow the game to its end.
            version = final[0]["version"]
            ends = []
            for i, ws in enumerate((on_a, on_b)):
                page = (drain(ws) or [last[i]])[-1]
                if page is None or page["version"] != version:
                    page = notice(ws, lambda g: g["version"] == version, 10)
                ends.append(page)
        for page in (*ends, final[1]):
            for key in ("version", "view", "outcome", "status"):
                assert page[key] == final[0][key], key
            # A websocket pushes only the log entries it has not sent before (docs/server.md).
            assert page["log"] == final[0]["log"][page["log_from"] :]

        fresh = create_app(url, secure_cookies=False, watch_interval=None)
        try:
            with ctx_of(fresh).db.session() as s:
                ns = s.execute(
                    select(ActionRow.n).where(ActionRow.game_id == gid).order_by(ActionRow.n)
                ).scalars()
                assert list(ns) == list(range(1, final[0]["version"] + 1))
            replayed = TestClient(fresh).get(f"/api/games/{gid}").json()
            for key in ("version", "view", "log", "outcome"):
                assert replayed[key] == final[0][key], key
        finally:
            ctx_of(fresh).close()
        assert errors_logged(tmp_path) == []
    finally:
        for c in (alice, *observers):
            c.close()
