"""Playing through the API: every action checked against the seat and the legal actions of the
moment; refusals are 4xx with a message and change nothing; bots play on the server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from outremer.server.db import ActionRow

from .conftest import ctx_of, new_game

VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]


def stored_actions(app: FastAPI, game_id: int) -> int:
    with ctx_of(app).db.session() as s:
        count: int = s.execute(select(func.count()).where(ActionRow.game_id == game_id)).scalar_one()
    return count


def act(client: TestClient, game_id: int, role: str, action: Any, **extra: Any) -> Any:
    return client.post(f"/api/games/{game_id}/action", json={"role": role, "action": action, **extra})


def test_person_plays_and_refusals_change_nothing(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, VS_BOT)
    gid = game["id"]
    assert game["status"] == "active" and game["role"] == "Franks" and game["your_roles"] == ["Franks"]
    assert game["active_roles"] == ["Franks"] and game["legal_actions"]

    first = game["legal_actions"][0]["action"]
    r = act(alice, gid, "Franks", first)
    assert r.status_code == 200, r.text
    assert r.json()["accepted"] == first and r.json()["version"] == 1
    assert stored_actions(app, gid) == 1
    before = alice.get(f"/api/games/{gid}").json()

    legal = before["legal_actions"][0]["action"]
    refusals = [
        (act(alice, gid, "Saracens", legal), 403),  # the bot's seat
        (act(alice, gid, "Franks", ["no_such_verb"]), 409),  # not legal now
        (act(alice, gid, "Franks", first), 409),  # was legal a moment ago
        (act(alice, gid, "Franks", legal, version=0), 409),  # stale version
        (act(alice, gid, "Templars", legal), 422),  # no such role
        (act(alice, gid, "Franks", "pass"), 422),  # not a list
        (act(alice, gid, "Franks", []), 422),
        (act(alice, gid, "Franks", ["seat", 1.5]), 422),
        (act(alice, gid, "Franks", ["seat", True]), 422),
        (alice.post(f"/api/games/{gid}/action", json={"role": "Franks"}), 422),  # no action
        (alice.post(f"/api/games/{gid}/action", json=["Franks", legal]), 422),
        (
            alice.post(
                f"/api/games/{gid}/action",
                content=b'{"role": "Franks", "action": [',
                headers={"content-type": "application/json"},
            ),
            422,
        ),
        (TestClient(app).post(f"/api/games/{gid}/action", json={"role": "Franks", "action": legal}), 401),
        (act(alice, 999, "Franks", legal), 404),
    ]
    for response, status in refusals:
        assert response.status_code == status, (status, response.text)
        assert isinstance(response.json()["error"], str) and response.json()["error"]
    assert "not legal" in refusals[1][0].json()["error"]
    assert stored_actions(app, gid) == 1
    after = alice.get(f"/api/games/{gid}").json()
    assert after["version"] == 1 and after["view"] == before["view"] and after["log"] == before["log"]

    # another signed-in user holds no seat: 403, and sees the observer's view
    bob = user("bob")
    assert act(bob, gid, "Franks", legal).status_code == 403
    assert bob.get(f"/api/games/{gid}", params={"role": "Franks"}).status_code == 403
    seen = bob.get(f"/api/games/{gid}").json()
    assert seen["role"] is None and seen["legal_actions"] == [] and seen["view"]["role"] is None


def test_bot_plays_until_the_persons_turn(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, VS_BOT)
    gid = game["id"]
    runner = ctx_of(app).bots
    steps = 0
    while "Franks" in game["active_roles"] and steps < 200:
        r = act(alice, gid, "Franks", game["legal_actions"][-1]["action"])
        assert r.status_code == 200, r.text
        assert runner.wait_idle(60)
        game = alice.get(f"/api/games/{gid}").json()
        steps += 1
        if game["version"] > steps:  # the bot has moved
            break
    assert game["version"] > steps, "the bot never played"
    assert game["bot_error"] is None
    assert game["outcome"] is not None or "Franks" in game["active_roles"]
    assert "Saracens" not in game["active_roles"] or "Franks" in game["active_roles"]
    assert stored_actions(app, gid) == game["version"]


def test_game_waits_for_invited_player(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice, bob, carol = user("alice"), user("bob"), user("carol")
    game = new_game(alice, [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}])
    gid = game["id"]
    assert game["status"] == "open"
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    lobby = bob.get("/api/games").json()
    assert [g["id"] for g in lobby] == [gid]
    assert all("invite" not in seat for seat in lobby[0]["seats"])  # only the creator sees links
    refused = act(
        alice, gid, "Franks", game["legal_actions"][0]["action"] if game["legal_actions"] else ["x"]
    )
    assert refused.status_code == 409 and "not started" in refused.json()["error"]

    joined = bob.post(f"/api/invites/{invite}")
    assert joined.status_code == 200, joined.text
    assert joined.json()["status"] == "active" and joined.json()["your_roles"] == ["Saracens"]
    assert carol.post(f"/api/invites/{invite}").status_code == 409
    assert carol.post("/api/invites/not-a-token").status_code == 404
    assert bob.get("/api/games").json() == []  # no open game left in the lobby
    mine = bob.get("/api/games", params={"mine": "true", "status": "active"}).json()
    assert [g["id"] for g in mine] == [gid]
    assert act(
        alice, gid, "Franks", alice.get(f"/api/games/{gid}").json()["legal_actions"][0]["action"]
    ).is_success


def test_join_public_game_from_lobby(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice, bob = user("alice"), user("bob")
    gid = new_game(alice, [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "me"}])["id"]
    r = bob.post(f"/api/games/{gid}/join", json={"role": "Franks"})
    assert r.status_code == 200 and r.json()["role"] == "Franks" and r.json()["status"] == "active"
    private = new_game(
        alice, [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "me"}], public=False
    )
    # a private game is not there for bob (issue 13: 404, as for no game; test_private.py)
    assert bob.post(f"/api/games/{private['id']}/join", json={"role": "Franks"}).status_code == 404


def test_bad_game_requests(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    cases = [
        ({"title": "no-such-title"}, "no title"),
        ({"title": "crusader-rex", "scenario": "1066"}, "scenario"),
        ({"title": "crusader-rex", "options": {"no_such": True}}, "option"),
        ({"title": "crusader-rex", "seats": [{"role": "Franks", "kind": "me"}]}, "one seat for each role"),
        (
            {
                "title": "crusader-rex",
                "seats": [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "x"}],
            },
            "no bot",
        ),
        ({"title": "crusader-rex", "seats": [{"role": "Franks", "kind": "robot"}]}, "kind"),
    ]
    for body, words in cases:
        r = alice.post("/api/games", json=body)
        assert r.status_code == 422, r.text
        assert words in r.json()["error"], r.json()
    assert TestClient(app).post("/api/games", json={"title": "crusader-rex"}).status_code == 401
    assert alice.get("/api/games/12345").status_code == 404
