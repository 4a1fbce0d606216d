"""Seats that depend on the setup: the team game of The First Crusade (37.0) has three roles, the
solitaire game one; the server asks the title (``Game.roles_for``) with the game's own options."""

from __future__ import annotations

import json
from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient

TEAMS = ["Crusaders", "Byzantines", "Armenians"]


def test_the_roles_follow_the_options(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    r = alice.get("/api/titles/first-crusade/roles")
    assert r.status_code == 200 and r.json()["roles"] == ["Christians"]
    r = alice.get("/api/titles/first-crusade/roles", params={"options": json.dumps({"teams": True})})
    assert r.status_code == 200 and r.json()["roles"] == TEAMS
    assert r.json()["options"]["teams"] is True and r.json()["scenario"] == "1097"
    for bad in ("[1]", "{not json", json.dumps({"teams": "yes"}), json.dumps({"nope": True})):
        r = alice.get("/api/titles/first-crusade/roles", params={"options": bad})
        assert r.status_code == 422, bad
        assert r.json()["error"]
    assert alice.get("/api/titles/first-crusade/roles", params={"scenario": "1200"}).status_code == 422
    assert alice.get("/api/titles/no-such-title/roles").status_code == 404


def test_a_team_game_seats_one_player_per_contingent(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    body = {"title": "first-crusade", "seed": 4, "options": {"teams": True}}
    # the solitaire seat is not a seat of the team game
    r = alice.post("/api/games", json={**body, "seats": [{"role": "Christians", "kind": "me"}]})
    assert r.status_code == 422 and "Crusaders" in r.json()["error"]
    seats = [{"role": "Crusaders", "kind": "me"}, {"role": "Byzantines", "kind": "me"}]
    seats.append({"role": "Armenians", "kind": "bot", "bot": "scripted"})
    r = alice.post("/api/games", json={**body, "seats": seats})
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["roles"] == TEAMS and set(game["your_roles"]) == {"Crusaders", "Byzantines"}
    assert game["view"]["team"]["roles"] == TEAMS
    # a person holding two seats acts for either; the server checks each against its own choices
    gid = game["id"]
    r = alice.get(f"/api/games/{gid}", params={"role": "Byzantines"})
    assert r.status_code == 200
    byzantine = [a["action"] for a in r.json()["legal_actions"]]
    assert ["recruit", "godfrey"] not in byzantine  # 37.0, ruling T-3: a Crusader Leader
    r = alice.post(f"/api/games/{gid}/action", json={"role": "Byzantines", "action": ["recruit", "godfrey"]})
    assert r.status_code == 409 and "not legal" in r.json()["error"]  # not legal now
    # the default seats of a team game: the creator takes the first, bots the others
    r = alice.post("/api/games", json=body)
    assert r.status_code == 201 and r.json()["your_roles"] == ["Crusaders"]
