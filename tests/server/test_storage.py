"""Durability (a new server on the same database has every game intact), save export and import,
and the replay of a finished game."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine import Record, get_game, replay

from .conftest import PASSWORD, ctx_of, new_game

VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]


def play_some(app: FastAPI, client: TestClient, game_id: int, moves: int) -> None:
    for _ in range(moves):
        assert ctx_of(app).bots.wait_idle(60)
        game = client.get(f"/api/games/{game_id}").json()
        if not game["legal_actions"]:
            break
        r = client.post(
            f"/api/games/{game_id}/action",
            json={"role": "Franks", "action": game["legal_actions"][-1]["action"]},
        )
        assert r.status_code == 200, r.text
    assert ctx_of(app).bots.wait_idle(60)


def test_restart_keeps_every_game(make_app: Callable[[], FastAPI]) -> None:
    first = make_app()
    alice = TestClient(first)
    alice.post("/api/register", json={"name": "alice", "password": PASSWORD})
    gid = new_game(alice, VS_BOT)["id"]
    play_some(first, alice, gid, 6)
    live = ctx_of(first).store.live(gid)
    game = live.game
    before, version = game.to_json(live.state), live.version
    assert version > 6  # the bot played too
    seen = alice.get(f"/api/games/{gid}").json()
    ctx_of(first).close()

    second = make_app()  # a new server process on the same file
    again = TestClient(second)
    assert again.post("/api/login", json={"name": "alice", "password": PASSWORD}).status_code == 200
    reloaded = ctx_of(second).store.live(gid)
    assert reloaded.version == version and game.to_json(reloaded.state) == before
    now = again.get(f"/api/games/{gid}").json()
    assert now["view"] == seen["view"] and now["log"] == seen["log"] and now["version"] == version
    play_some(second, again, gid, 2)
    assert ctx_of(second).store.live(gid).version > version


def test_export_then_import_gives_the_same_state(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_BOT)["id"]
    play_some(app, alice, gid, 5)
    save = alice.get(f"/api/games/{gid}/save")  # alice plays every non-bot seat: she may
    assert save.status_code == 200 and save.json()["format"] == "outremer/save/2"
    imported = alice.post("/api/games/import", json={"save": save.json()})
    assert imported.status_code == 201, imported.text
    new_id = imported.json()["id"]
    assert new_id != gid and imported.json()["your_roles"] == ["Franks", "Saracens"]
    store = ctx_of(app).store
    game = store.live(gid).game
    assert game.to_json(store.live(new_id).state) == game.to_json(store.live(gid).state)

    bad = dict(save.json(), actions=[["Franks", ["no_such_verb"]]])
    r = alice.post("/api/games/import", json={"save": bad})
    assert r.status_code == 422 and "illegal" in r.json()["error"]
    r = alice.post("/api/games/import", json={"save": {"format": "something else"}})
    assert r.status_code == 422 and "format" in r.json()["error"]


def test_finished_game_replay_and_export(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    game = get_game("crusader-rex")
    match = play_match(game, {r: make_bot("random", game, i) for i, r in enumerate(game.roles)}, seed=3)
    assert game.outcome(match.state) is not None
    alice, bob = user("alice"), user("bob")
    r = alice.post("/api/games/import", json={"save": match.record.to_json(), "public": True})
    assert r.status_code == 201 and r.json()["status"] == "over" and r.json()["outcome"]["winners"]
    gid = r.json()["id"]
    total = len(match.record.actions)

    refused = alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": ["pass"]})
    assert refused.status_code == 409 and "over" in refused.json()["error"]

    assert bob.get(f"/api/games/{gid}/save").json() == match.record.to_json()  # over: anyone may
    end = bob.get(f"/api/games/{gid}/replay").json()
    assert end["upto"] == end["total"] == total and end["outcome"] is not None
    assert end["view"] == game.view(match.state, None)
    mid = TestClient(app).get(f"/api/games/{gid}/replay", params={"upto": 10}).json()
    record = Record.from_json(match.record.to_json())
    assert mid["view"] == game.view(replay(game, record, 10), None) and mid["outcome"] is None
    assert bob.get(f"/api/games/{gid}/replay", params={"upto": total + 1}).status_code == 422
    assert bob.get(f"/api/games/{gid}/replay", params={"upto": -1}).status_code == 422
