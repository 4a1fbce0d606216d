"""Hardening: the sign-in throttle and registration limit (an injected clock, no sleeping) and the
refusal of cross-site requests, non-JSON bodies and cross-site WebSockets."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI, HTTPException
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from starlette.testclient import WebSocketDenialResponse

from outremer.server import create_app
from outremer.server.db import ActionRow, User
from outremer.server.guard import parse_origin
from outremer.server.limits import Backoff, Limiter, Limits, Window, address_key

from .conftest import PASSWORD, ctx_of, new_game

WRONG = "not the password"
VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
LIMITS = Limits(
    pair_free=3,
    address_free=6,
    first_delay=2,
    max_delay=60,
    forget_after=600,
    max_keys=1000,
    registrations=4,
    registration_window=3600,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def limited(db_url: str, clock: Clock) -> Iterator[FastAPI]:
    """An app with low limits and a clock the test moves."""
    app = create_app(db_url, secure_cookies=False, limiter=Limiter(LIMITS, clock=clock))
    yield app
    ctx_of(app).close()


def client_from(app: FastAPI, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000))


def login(client: TestClient, name: str, password: str) -> Any:
    return client.post("/api/login", json={"name": name, "password": password})


def register(client: TestClient, name: str) -> Any:
    return client.post("/api/register", json={"name": name, "password": PASSWORD})


def users(app: FastAPI) -> set[str]:
    with ctx_of(app).db.session() as s:
        return set(s.execute(select(User.name)).scalars())


def stored_actions(app: FastAPI, game_id: int) -> int:
    with ctx_of(app).db.session() as s:
        count: int = s.execute(select(func.count()).where(ActionRow.game_id == game_id)).scalar_one()
    return count


# -- throttling sign-ins ----------------------------------------------------------------------------
def test_the_owner_signs_in_at_once_despite_an_attackers_failures(limited: FastAPI, clock: Clock) -> None:
    """Failures from one address never keep the name's owner out at another address."""
    assert register(client_from(limited, "10.0.0.9"), "alice").status_code == 201
    attacker = client_from(limited, "10.6.6.6")
    for _ in range(40):  # waiting out every delay, as a patient attacker would
        r = login(attacker, "alice", WRONG)
        if r.status_code == 429:
            clock.now += int(r.headers["retry-after"])
            r = login(attacker, "alice", WRONG)
        assert r.status_code == 401, r.text
    early = login(attacker, "alice", PASSWORD)  # even the right password must wait its turn
    assert early.status_code == 429 and int(early.headers["retry-after"]) == LIMITS.max_delay
    assert "outremer_session" not in early.cookies
    owner = client_from(limited, "10.0.0.9")
    assert login(owner, "alice", PASSWORD).status_code == 200  # at once: no clock moved
    assert owner.get("/api/me").json() == {"name": "alice"}
    assert login(client_from(limited, "2001:db8::7"), "alice", PASSWORD).status_code == 200


def test_delays_double_after_the_free_failures_up_to_the_cap(limited: FastAPI, clock: Clock) -> None:
    client = client_from(limited, "10.1.1.1")
    assert register(client, "bob").status_code == 201
    assert [login(client, "bob", WRONG).status_code for _ in range(LIMITS.pair_free)] == [401] * 3
    waits = []
    for _ in range(8):
        refused = login(client, "bob", WRONG)
        assert refused.status_code == 429, refused.text
        assert "too many failed sign-ins for 'bob' from your address" in refused.json()["error"]
        waits.append(int(refused.headers["retry-after"]))
        clock.now += waits[-1] - 1
        again = login(client, "bob", PASSWORD)  # a second early: refused, and it changes nothing
        assert again.status_code == 429 and again.headers["retry-after"] == "1"
        clock.now += 1
        assert login(client, "bob", WRONG).status_code == 401
    assert waits == [2, 4, 8, 16, 32, 60, 60, 60]
    clock.now += 60
    assert login(client, "bob", PASSWORD).status_code == 200


def test_a_success_clears_the_pairs_failures(limited: FastAPI, clock: Clock) -> None:
    client = client_from(limited, "10.0.3.1")
    assert register(client, "carol").status_code == 201
    for _ in range(2):  # a third failure in a row would make the next attempt wait
        assert [login(client, "carol", WRONG).status_code for _ in range(2)] == [401, 401]
        assert login(client, "carol", PASSWORD).status_code == 200  # counted from zero again


def test_failures_for_any_names_slow_their_address(limited: FastAPI, clock: Clock) -> None:
    assert register(client_from(limited, "10.0.0.9"), "dave").status_code == 201
    attacker = client_from(limited, "10.6.6.6")
    for i in range(LIMITS.address_free):  # one guess per name: no pair reaches its free failures
        assert login(attacker, f"guess{i}", WRONG).status_code == 401
    refused = login(attacker, "dave", PASSWORD)
    assert refused.status_code == 429 and "from your address" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) == LIMITS.first_delay
    assert login(client_from(limited, "10.0.0.9"), "dave", PASSWORD).status_code == 200  # other address
    clock.now += LIMITS.first_delay
    assert login(attacker, "dave", PASSWORD).status_code == 200


def test_an_ipv6_client_is_counted_by_its_64_network(limited: FastAPI, clock: Clock) -> None:
    assert register(client_from(limited, "10.0.0.9"), "erin").status_code == 201
    for i in range(LIMITS.pair_free):  # a new address of the same /64 for every guess
        assert login(client_from(limited, f"2001:db8::{i + 1:x}"), "erin", WRONG).status_code == 401
    assert login(client_from(limited, "2001:db8::ffff"), "erin", PASSWORD).status_code == 429
    assert login(client_from(limited, "2001:db8:0:1::1"), "erin", PASSWORD).status_code == 200
    assert address_key("::ffff:10.0.0.9") == "10.0.0.9"
    assert address_key("2001:db8::1:2:3:4") == "2001:db8::/64"
    assert address_key("testclient") == "testclient"


def test_a_success_does_not_count_against_the_address(limited: FastAPI) -> None:
    client = client_from(limited, "10.0.0.2")
    assert register(client, "frank").status_code == 201
    for _ in range(10):
        assert login(client, "frank", PASSWORD).status_code == 200
    for i in range(LIMITS.address_free):
        assert login(client, f"nobody{i}", WRONG).status_code == 401
    assert login(client, "frank", PASSWORD).status_code == 429


def test_parallel_attempts_cannot_all_pass_the_check(clock: Clock) -> None:
    """An attempt counts as failed from its check until it succeeds: a burst sent at once gets no
    more than the free attempts through, whatever their outcome turns out to be."""
    limiter = Limiter(LIMITS, clock=clock)
    passed = 0
    for _ in range(20):
        try:
            limiter.check_login("gina", "10.0.0.5")
            passed += 1
        except HTTPException as exc:
            assert exc.status_code == 429
    assert passed == LIMITS.pair_free
    limiter.login_succeeded("gina", "10.0.0.5")  # one of them was right: the pair starts again
    limiter.check_login("gina", "10.0.0.5")


def test_the_throttle_keeps_a_bounded_number_of_keys(clock: Clock) -> None:
    limits = Limits(pair_free=1, first_delay=1, max_delay=60, forget_after=600, max_keys=50)
    backoff = Backoff(limits.pair_free, limits, clock)
    for i in range(5000):  # an attacker cycling names
        backoff.fail(("10.6.6.6", f"name{i}"))
    assert len(backoff) == 50
    assert backoff.wait(("10.6.6.6", "name4999")) == 1  # the latest are kept
    assert backoff.wait(("10.6.6.6", "name0")) == 0  # the oldest went first
    backoff.fail("k")
    backoff.fail("k")
    assert backoff.wait("k") == 2
    clock.now += 600  # forgotten a while after its last failure: counted from one again
    assert backoff.wait("k") == 0
    backoff.fail("k")
    assert backoff.wait("k") == 1


def test_registrations_per_address(limited: FastAPI, clock: Clock) -> None:
    busy = client_from(limited, "10.0.0.3")
    for i in range(3):
        assert register(busy, f"user{i}").status_code == 201
    assert register(busy, "user0").status_code == 409  # a refused name counts too
    refused = register(busy, "user4")
    assert refused.status_code == 429 and "too many registrations" in refused.json()["error"]
    assert int(refused.headers["retry-after"]) == 3600
    assert register(busy, "bad name!").status_code == 422  # malformed: refused before counting
    assert "user4" not in users(limited)
    assert register(client_from(limited, "10.0.0.4"), "user4").status_code == 201
    clock.now += 3600
    assert register(busy, "user5").status_code == 201
    assert users(limited) == {"user0", "user1", "user2", "user4", "user5"}


def test_window_counts_within_its_span() -> None:
    clock = Clock()
    window = Window(2, 100, clock)
    assert window.retry_after("k") is None
    window.hit("k")
    clock.now += 30
    window.hit("k")
    assert window.retry_after("k") == 70
    clock.now += 70  # the first hit leaves the window; one remains
    assert window.retry_after("k") is None
    window.hit("k")
    assert window.retry_after("k") == 30


def test_default_limits(app: FastAPI) -> None:
    limits = ctx_of(app).limiter.limits
    assert (limits.pair_free, limits.address_free, limits.first_delay, limits.max_delay) == (5, 20, 1, 900)
    assert (limits.forget_after, limits.max_keys) == (3600, 100_000)
    assert (limits.registrations, limits.registration_window) == (10, 3600)


# -- cross-site requests --------------------------------------------------------------------------
def test_cross_origin_posts_are_refused_and_change_nothing(
    app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    game = new_game(alice, VS_BOT)
    gid, legal = game["id"], game["legal_actions"][0]["action"]
    body = {"role": "Franks", "action": legal}
    url = f"/api/games/{gid}/action"
    for headers in (
        {"Origin": "https://evil.example"},
        {"Origin": "http://testserver:8080"},  # another port
        {"Origin": "https://testserver"},  # another scheme
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
    ):
        refused = alice.post(url, json=body, headers=headers)
        assert refused.status_code == 403, (headers, refused.text)
        assert refused.json() == {"error": "cross-site request refused"}
    assert stored_actions(app, gid) == 0
    stranger = TestClient(app)
    refused = stranger.post(
        "/api/register",
        json={"name": "mallory", "password": PASSWORD},
        headers={"Origin": "http://evil.example"},
    )
    assert refused.status_code == 403 and "outremer_session" not in refused.cookies
    assert alice.post("/api/logout", headers={"Origin": "http://evil.example"}).status_code == 403
    assert alice.get("/api/me").json() == {"name": "alice"}
    assert "mallory" not in users(app)

    # same origin (as a browser on the page sends it), or no Origin at all: accepted
    same = alice.post(
        url, json=body, headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    )
    assert same.status_code == 200, same.text
    assert stored_actions(app, gid) == 1
    ok = stranger.post("/api/register", json={"name": "mallory", "password": PASSWORD})
    assert ok.status_code == 201
    # reads are not refused
    assert alice.get(f"/api/games/{gid}", headers={"Origin": "https://evil.example"}).status_code == 200


def test_same_origin_with_port_and_trusted_origins(db_url: str) -> None:
    app = create_app(db_url, secure_cookies=False, trusted_origins=["https://outremer.example"])
    try:
        client = TestClient(app, base_url="http://127.0.0.1:8000")
        register = {"name": "alice", "password": PASSWORD}
        assert client.post(
            "/api/register", json=register, headers={"Origin": "http://127.0.0.1:8000"}
        ).is_success
        other = client.post("/api/logout", headers={"Origin": "http://127.0.0.1:8001"})
        assert other.status_code == 403
        assert client.post("/api/logout", headers={"Origin": "https://outremer.example"}).status_code == 200
        assert client.get("/api/me").json() == {"name": None}
    finally:
        ctx_of(app).close()


def test_bodies_must_be_json(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    form = TestClient(app).post("/api/register", data={"name": "eve", "password": PASSWORD})
    assert form.status_code == 415 and "application/json" in form.json()["error"]
    text = TestClient(app).post(
        "/api/register",
        content=b'{"name": "eve", "password": "correct horse battery"}',
        headers={"Content-Type": "text/plain"},
    )
    assert text.status_code == 415
    untyped = TestClient(app).post("/api/register", content=b'{"name": "eve", "password": "x"}')
    assert untyped.status_code == 415
    assert "eve" not in users(app)
    alice = user("alice")
    game = new_game(alice, VS_BOT)
    legal = game["legal_actions"][0]["action"]
    r = alice.post(
        f"/api/games/{game['id']}/action",
        content=json.dumps({"role": "Franks", "action": legal}).encode(),
        headers={"Content-Type": "text/plain;charset=UTF-8"},
    )
    assert r.status_code == 415 and stored_actions(app, game["id"]) == 0
    charset = TestClient(app).post(
        "/api/register",
        content=b'{"name": "eve", "password": "correct horse battery"}',
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert charset.status_code == 201
    assert alice.post("/api/logout").status_code == 200  # no body: no type needed


def test_cross_site_websocket_is_refused(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_BOT)["id"]
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "http://testserver:81"}):
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            alice.websocket_connect(f"/api/games/{gid}/ws", headers=headers),
        ):
            pass
        assert denied.value.status_code == 403
        assert denied.value.json() == {"error": "cross-site request refused"}
    with alice.websocket_connect(f"/api/games/{gid}/ws", headers={"Origin": "http://testserver"}) as ws:
        message = ws.receive_json()
        assert message["type"] == "changed" and message["game"]["role"] == "Franks"


def test_parse_origin() -> None:
    assert parse_origin("http://Example.org") == ("http", "example.org", 80)
    assert parse_origin("https://example.org:8443") == ("https", "example.org", 8443)
    assert parse_origin("http://[::1]:8000") == ("http", "::1", 8000)
    assert parse_origin("null") is None
    assert parse_origin("http://x:99999") is None
    assert parse_origin("file:///etc") is None
