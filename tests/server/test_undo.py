"""Undo over the API: a seat takes back its own last action under the rule of ``engine/session.py``
(no randomness or reveal across it, the seat still to act after it), never a bot's action; the
action is deleted from storage before the answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import ctx_of, new_game
from .test_play import act, stored_actions

TWO_PEOPLE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def undo(client: TestClient, game_id: int, role: str, version: int) -> Any:
    return client.post(f"/api/games/{game_id}/undo", json={"role": role, "version": version})


def seat_action(game: dict[str, Any]) -> list[Any]:
    return next(la["action"] for la in game["legal_actions"] if la["action"][0] == "seat")


def two_people(user: Callable[[str], TestClient]) -> tuple[TestClient, TestClient, dict[str, Any]]:
    alice, bob = user("alice"), user("bob")
    game = new_game(alice, TWO_PEOPLE)
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    assert bob.post(f"/api/invites/{invite}").status_code == 200
    game = alice.get(f"/api/games/{game['id']}", params={"role": "Franks"}).json()
    assert game["status"] == "active" and game["active_roles"] == ["Franks"]
    return alice, bob, game


def test_undo_own_seat_move_restores_view_and_version(
    app: FastAPI, make_app: Callable[[], FastAPI], user: Callable[[str], TestClient]
) -> None:
    alice, bob, before = two_people(user)
    gid = before["id"]
    assert before["can_undo"] is False and before["version"] == 0
    assert undo(alice, gid, "Franks", 0).status_code == 409  # nothing done yet

    r = act(alice, gid, "Franks", seat_action(before), version=0)
    assert r.status_code == 200, r.text
    moved = r.json()["game"]
    assert moved["can_undo"] is True and moved["version"] == 1
    assert bob.get(f"/api/games/{gid}").json()["can_undo"] is False  # not Bob's action
    assert stored_actions(app, gid) == 1

    assert undo(alice, gid, "Franks", 0).status_code == 409  # stale version
    r = undo(bob, gid, "Saracens", 1)  # another seat's action
    assert r.status_code == 409 and "Franks" in r.json()["error"]
    assert undo(bob, gid, "Franks", 1).status_code == 403  # not Bob's seat
    assert stored_actions(app, gid) == 1

    r = undo(alice, gid, "Franks", 1)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["accepted"] is True and body["version"] == 0
    after = body["game"]
    assert after["version"] == 0 and after["view"] == before["view"] and after["log"] == before["log"]
    assert after["legal_actions"] == before["legal_actions"] and after["can_undo"] is False
    assert stored_actions(app, gid) == 0
    assert undo(alice, gid, "Franks", 0).status_code == 409  # one action only was undoable

    # A new server on the same database sees the undone state, and can play on.
    other = make_app()
    fresh = TestClient(other)
    fresh.cookies = alice.cookies
    seen = fresh.get(f"/api/games/{gid}", params={"role": "Franks"}).json()
    assert seen["version"] == 0 and seen["view"] == before["view"]
    assert act(fresh, gid, "Franks", seat_action(before), version=0).status_code == 200


def test_undo_steps_back_one_at_a_time_and_survives_a_restart(
    make_app: Callable[[], FastAPI], user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    game = new_game(alice, HOTSEAT)
    gid = game["id"]
    first = act(alice, gid, "Franks", seat_action(game)).json()["game"]
    second = act(alice, gid, "Franks", seat_action(first)).json()["game"]
    assert second["version"] == 2 and second["can_undo"]

    # A restarted server rebuilds what may be undone from the stored actions.
    fresh = TestClient(make_app())
    fresh.cookies = alice.cookies
    assert fresh.get(f"/api/games/{gid}", params={"role": "Franks"}).json()["can_undo"] is True
    r = undo(fresh, gid, "Franks", 2)
    assert r.status_code == 200, r.text
    assert r.json()["game"]["view"] == first["view"] and r.json()["game"]["can_undo"] is True
    r = undo(fresh, gid, "Franks", 1)
    assert r.status_code == 200 and r.json()["game"]["view"] == game["view"]


def test_no_undo_after_randomness(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, HOTSEAT)
    gid = game["id"]
    for la in game["legal_actions"]:  # a seat move after which the Franks may finish
        moved = act(alice, gid, "Franks", la["action"]).json()["game"]
        if ["done"] in [x["action"] for x in moved["legal_actions"]]:
            break
        assert undo(alice, gid, "Franks", 1).status_code == 200
    r = act(alice, gid, "Franks", ["done"])  # draws the Saracen nomads
    assert r.status_code == 200, r.text
    assert r.json()["game"]["can_undo"] is False
    for role in ("Franks", "Saracens"):
        refused = undo(alice, gid, role, 2)
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]
    assert stored_actions(app, gid) == 2
    assert alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()["view"] != moved["view"]


def test_an_action_without_a_person_is_never_undone(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, HOTSEAT)
    gid = game["id"]
    # Stored as a bot stores its actions: with no user.
    ctx_of(app).store.act(gid, "Franks", seat_action(game), user_id=None)
    assert alice.get(f"/api/games/{gid}", params={"role": "Franks"}).json()["can_undo"] is False
    r = undo(alice, gid, "Franks", 1)
    assert r.status_code == 409 and "person" in r.json()["error"]
    assert stored_actions(app, gid) == 1


def test_bots_seat_and_over_game(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    vs_bot = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
    gid = new_game(alice, vs_bot)["id"]
    assert act(alice, gid, "Franks", ["done"]).status_code == 200
    assert ctx_of(app).bots.wait_idle(60)
    game = alice.get(f"/api/games/{gid}").json()
    assert game["can_undo"] is False
    assert undo(alice, gid, "Saracens", game["version"]).status_code == 403
    assert undo(alice, gid, "Franks", game["version"]).status_code == 409
    assert (
        TestClient(app).post(f"/api/games/{gid}/undo", json={"role": "Franks", "version": 0}).status_code
        == 401
    )
    assert undo(alice, 999, "Franks", 0).status_code == 404
