"""Issue 13, section 2: nobody can predict the hands and dice of a game another person plays in.

The seed decides every hidden card and every die, so: a user may choose it only where no other
person can sit; otherwise the server draws 128 bits from the operating system; and the seed (or the
generator's state) never reaches anyone through a game with another person in it while it is under
way: not its views, logs, lobby entries, websocket messages, errors, exports or the server's log.
These tests run on the app as served (no ``test_seeds``).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect

from outremer.engine.record import Record
from outremer.engine.registry import get_game
from outremer.server import create_app
from outremer.server.store import SEED_RANGE, bot_seed

from .conftest import PASSWORD, ctx_of

TWO_PEOPLE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]
SOLO = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]


@pytest.fixture
def served(db_url: str) -> Iterator[FastAPI]:
    """The app as ``outremer serve`` makes it: chosen seeds only where no other person sits."""
    app = create_app(db_url, secure_cookies=False)
    yield app
    ctx_of(app).close()


@pytest.fixture
def person(served: FastAPI) -> Callable[[str], TestClient]:
    def make(name: str) -> TestClient:
        client = TestClient(served)
        assert client.post("/api/register", json={"name": name, "password": PASSWORD}).status_code == 201
        return client

    return make


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> Any:
    return client.post("/api/games", json={"title": "crusader-rex", "seats": seats, **extra})


def refused_socket(client: TestClient, url: str) -> str:
    """The reason a refused websocket was closed with."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(url) as ws:
        ws.receive_json()
    return str(closed.value.reason)


def games_of(client: TestClient) -> list[Any]:
    """Every game the client's user created or sits in."""
    return [
        g
        for status in ("open", "active", "over")
        for g in client.get("/api/games", params={"mine": True, "status": status}).json()
    ]


def secrets_of(app: FastAPI, game_id: int) -> list[str]:
    """The seed as decimal and hex, and every large number of the generator's state."""
    live = ctx_of(app).store.live(game_id)
    numbers = [live.record.seed]

    def walk(value: Any) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int) and abs(value) >= 2**32:
            numbers.append(abs(value))
        elif isinstance(value, (bytes, bytearray)):
            found.append(bytes(value).hex())
        elif isinstance(value, str) and len(value) >= 16:
            found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    found: list[str] = []
    walk(getattr(live.state, "rng", None))
    for n in numbers:
        found += [str(n), f"{n:x}", f"{n:X}", f"{n:032x}"]
    return found


def test_a_chosen_seed_is_refused_where_another_person_may_sit(person: Callable[[str], TestClient]) -> None:
    alice = person("alice")
    for seats in (TWO_PEOPLE, [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "bot"}]):
        for public in (True, False):
            r = create(alice, seats, seed=1, public=public)
            assert r.status_code == 422, r.text
            assert "no other person" in r.json()["error"]
    assert games_of(alice) == []  # nothing made


def test_a_chosen_seed_is_kept_where_nobody_else_sits(
    served: FastAPI, person: Callable[[str], TestClient]
) -> None:
    alice = person("alice")
    views = []
    for seats in (HOTSEAT, SOLO, HOTSEAT):
        r = create(alice, seats, seed=SEED_RANGE - 1)
        assert r.status_code == 201, r.text
        assert ctx_of(served).store.live(r.json()["id"]).record.seed == SEED_RANGE - 1
        views.append(alice.get(f"/api/games/{r.json()['id']}", params={"role": "Franks"}).json()["view"])
    assert views[0] == views[2]  # the same seed deals the same hands
    for bad in (SEED_RANGE, -1):
        r = create(alice, HOTSEAT, seed=bad)
        assert r.status_code == 422 and "seed" in r.json()["error"], r.text


def test_the_server_draws_128_bits_and_stores_them_exactly(
    served: FastAPI, person: Callable[[str], TestClient]
) -> None:
    alice = person("alice")
    ids = [create(alice, TWO_PEOPLE).json()["id"] for _ in range(3)]
    ctx = ctx_of(served)
    seeds = [ctx.store.live(gid).record.seed for gid in ids]
    assert all(0 <= seed < SEED_RANGE for seed in seeds) and len(set(seeds)) == 3
    assert max(seed.bit_length() for seed in seeds) > 64  # 2**-192 that three draws all fit in 64 bits
    with ctx.db.session() as s:
        stored = [
            s.execute(text("SELECT seed FROM games WHERE id = :i"), {"i": gid}).scalar_one() for gid in ids
        ]
    assert stored == [str(seed) for seed in seeds]  # text, not an inexact number
    for gid, seed in zip(ids, seeds, strict=True):
        ctx.store.forget(gid)
        assert ctx.store.live(gid).record.seed == seed


def test_the_seed_never_reaches_anyone_in_a_game_with_two_people(
    served: FastAPI, person: Callable[[str], TestClient], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    alice, bob, carol = person("alice"), person("bob"), person("carol")
    anonymous = TestClient(served)
    everyone = {"alice": alice, "bob": bob, "carol": carol, "anonymous": anonymous}
    seen: list[Any] = []

    def keep(r: Any) -> Any:
        seen.append(r.text)
        return r

    made = keep(create(alice, TWO_PEOPLE, public=True)).json()
    gid = made["id"]
    for client in everyone.values():
        keep(client.get("/api/games"))  # the lobby, with the open seat
    invite = next(seat["invite"] for seat in made["seats"] if seat["role"] == "Saracens")
    keep(bob.post(f"/api/invites/{invite}"))
    holders = {"Franks": alice, "Saracens": bob}

    def play(count: int) -> None:
        for _ in range(count):
            game = keep(alice.get(f"/api/games/{gid}")).json()
            role = game["active_roles"][0]
            mine = keep(holders[role].get(f"/api/games/{gid}", params={"role": role})).json()
            r = keep(
                holders[role].post(
                    f"/api/games/{gid}/action",
                    json={"role": role, "action": mine["legal_actions"][0]["action"]},
                )
            )
            assert r.status_code == 200, r.text

    sockets = {name: f"/api/games/{gid}/ws" for name in everyone}
    sockets["alice"] += "?role=Franks"
    sockets["bob"] += "?role=Saracens"
    with (
        alice.websocket_connect(sockets["alice"]) as ws_a,
        bob.websocket_connect(sockets["bob"]) as ws_b,
        carol.websocket_connect(sockets["carol"]) as ws_c,
        anonymous.websocket_connect(sockets["anonymous"]) as ws_o,
    ):
        for ws in (ws_a, ws_b, ws_c, ws_o):
            seen.append(json.dumps(ws.receive_json()))
        play(6)
        for ws in (ws_a, ws_b, ws_c, ws_o):
            seen.append(json.dumps(ws.receive_json()))
    for name, client in everyone.items():
        for status in ("open", "active", "over"):
            keep(client.get("/api/games", params={"status": status}))
        if name != "anonymous":
            keep(client.get("/api/games", params={"mine": True}))
        keep(client.get(f"/api/games/{gid}"))
        assert keep(client.get(f"/api/games/{gid}/save")).status_code in (401, 403)
        assert keep(client.get(f"/api/games/{gid}/replay")).status_code == 409
        # Refusals: illegal, not one's seat, stale, malformed, an undo not allowed, a taken seat.
        for role in ("Franks", "Saracens", "Nobody"):
            keep(client.post(f"/api/games/{gid}/action", json={"role": role, "action": ["nonsense"]}))
            keep(
                client.post(f"/api/games/{gid}/action", json={"role": role, "action": ["pass"], "version": 0})
            )
            keep(client.post(f"/api/games/{gid}/undo", json={"role": role, "version": 0}))
            keep(client.get(f"/api/games/{gid}", params={"role": role}))
        keep(client.post(f"/api/games/{gid}/join", json={"role": "Saracens"}))
        keep(client.post(f"/api/invites/{invite}"))
        seen.append(refused_socket(client, f"/api/games/{gid}/ws?role=Nobody"))
    play(2)
    assert keep(alice.get(f"/api/games/{gid}")).json()["version"] == 8
    everything = "\n".join(seen) + "\n" + caplog.text
    assert '"rng"' not in everything
    leaks = [secret for secret in secrets_of(served, gid) if secret in everything]
    assert leaks == []


def test_a_save_is_refused_until_the_game_is_over_where_another_person_sits(
    person: Callable[[str], TestClient],
) -> None:
    alice, bob = person("alice"), person("bob")
    made = create(alice, TWO_PEOPLE).json()
    invite = next(seat["invite"] for seat in made["seats"] if seat["role"] == "Saracens")
    assert bob.post(f"/api/invites/{invite}").status_code == 200
    for client in (alice, bob):
        r = client.get(f"/api/games/{made['id']}/save")
        assert r.status_code == 403 and "once the game is over" in r.json()["error"]
    solo = create(alice, SOLO).json()["id"]
    assert alice.get(f"/api/games/{solo}/save").status_code == 200  # nobody else sits: hers to keep


def save_with_seed(seed: int) -> dict[str, Any]:
    game = get_game("crusader-rex")
    scenario, options = game.check_setup(None, None)
    return Record(game.slug, seed, scenario, dict(options), []).to_json()


def test_an_imported_seed_must_fit(person: Callable[[str], TestClient]) -> None:
    alice = person("alice")
    for seed in (10**40, SEED_RANGE, -1):
        r = alice.post("/api/games/import", json={"save": save_with_seed(seed)})
        assert r.status_code == 422, r.text
        assert "seed" in r.json()["error"]
    r = alice.post("/api/games/import", json={"save": save_with_seed(SEED_RANGE - 1)})
    assert r.status_code == 201, r.text


def test_an_unfinished_save_is_not_imported_with_a_seat_for_another_person(
    person: Callable[[str], TestClient],
) -> None:
    alice = person("alice")
    body = {"save": save_with_seed(12345), "seats": TWO_PEOPLE}
    r = alice.post("/api/games/import", json=body)
    assert r.status_code == 422 and "no other person" in r.json()["error"], r.text
    assert games_of(alice) == []


def test_ids_beyond_the_columns_are_refused_plainly(person: Callable[[str], TestClient]) -> None:
    alice = person("alice")
    for gid in ("99999999999999999999999", str(2**63), "0", "-1"):
        for r in (
            alice.get(f"/api/games/{gid}"),
            alice.get(f"/api/games/{gid}/save"),
            alice.get(f"/api/games/{gid}/replay"),
            alice.post(f"/api/games/{gid}/join", json={"role": "Franks"}),
            alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": ["pass"]}),
            alice.post(f"/api/games/{gid}/undo", json={"role": "Franks", "version": 0}),
        ):
            assert r.status_code == 422 and "game_id" in r.json()["error"], (gid, r.text)
    r = alice.get(f"/api/games/{2**63 - 1}")  # the largest id a column holds: simply no such game
    assert r.status_code == 404 and "no game" in r.json()["error"]


def test_a_bots_seed_tells_nothing_of_the_games_seed() -> None:
    # The old bot seed, (seed * 31 + seat) & 0x7FFFFFFF, kept the seed's low bits: games whose seeds
    # differ only above them had bots with the same seed.
    assert bot_seed(5, "Saracens") != bot_seed(5 + 2**31, "Saracens")
    assert bot_seed(5, "Saracens") != bot_seed(5, "Franks")
    assert bot_seed(2**127 + 9, "Franks") == bot_seed(2**127 + 9, "Franks")  # the same in every process
