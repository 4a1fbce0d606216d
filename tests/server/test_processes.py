"""Two real ``outremer serve`` processes on one PostgreSQL database: people play one game through
both, each request sent with the version its client saw; both servers always show the same game,
stale versions are refused by either, an undo through one is seen by the other (even when a new,
different action of the same number follows at once), and a fresh replay of the stored actions
agrees."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from outremer.server import create_app

from .conftest import PASSWORD, ctx_of
from .postgres import Cluster
from .test_serve import free_port, start

SEATS = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]


@pytest.fixture
def two_servers(postgres: Cluster) -> Iterator[tuple[str, str, str]]:
    """The database URL and the base URLs of servers A and B, both on it."""
    url = postgres.database()
    procs: list[subprocess.Popen[bytes]] = []
    bases = []
    try:
        for _ in range(2):
            port = free_port()
            procs.append(start(url, port))
            bases.append(f"http://127.0.0.1:{port}")
        yield url, bases[0], bases[1]
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(10)


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
        r = alice_a.post("/api/games", json={"title": "crusader-rex", "seed": 7, "seats": SEATS})
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
