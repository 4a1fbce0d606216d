"""Incremental logs: a client that holds the first ``n`` entries of a seat's log gets only the rest,
when it names the point it read them at (``log_key``) and the game has only moved forward since;
otherwise the whole log (``log_from`` 0). Never another seat's entries."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import new_game
from .test_play import act
from .test_undo import seat_action, two_people, undo

HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def full(client: TestClient, gid: int, role: str | None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"role": role} if role else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    assert data["log_from"] == 0
    return data


def since(client: TestClient, gid: int, role: str, have: dict[str, Any]) -> dict[str, Any]:
    """The game, asking for the log after what ``have`` (an earlier whole payload) holds."""
    params = {"role": role, "log_from": len(have["log"]), "log_key": have["log_key"]}
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_only_new_entries_are_sent_while_the_game_moves_forward(user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    gid = new_game(alice, HOTSEAT)["id"]
    chooser = random.Random(3)
    seen = {role: full(alice, gid, role) for role in ("Franks", "Saracens")}
    grew = 0
    for _ in range(40):
        now = full(alice, gid, None)
        if now["status"] != "active":
            break
        role = now["role"]
        la = chooser.choice(now["legal_actions"])
        have = seen[role]
        r = alice.post(
            f"/api/games/{gid}/action",
            json={
                "role": role,
                "action": la["action"],
                "version": now["version"],
                "log_from": len(have["log"]),
                "log_key": have["log_key"],
            },
        )
        assert r.status_code == 200, r.text
        answer = r.json()["game"]
        whole = full(alice, gid, role)
        # The answer's log is exactly the part of the whole log the client lacked.
        assert answer["log_from"] == len(have["log"])
        assert answer["log"] == whole["log"][len(have["log"]) :]
        grew += bool(answer["log"])
        # The other seat asks by GET: the same holds, and only its own log is sent.
        other = "Saracens" if role == "Franks" else "Franks"
        part = since(alice, gid, other, seen[other])
        other_whole = full(alice, gid, other)
        assert part["log_from"] == len(seen[other]["log"])
        assert seen[other]["log"] + part["log"] == other_whole["log"]
        seen = {role: whole, other: other_whole}
    assert grew > 5, "the log grew during the test"


def test_whole_log_after_an_undo_or_for_another_seat_or_a_bad_key(user: Callable[[str], TestClient]) -> None:
    alice, bob, before = two_people(user)
    gid = before["id"]
    moved = act(alice, gid, "Franks", seat_action(before), version=0).json()["game"]
    assert moved["log_key"] != before["log_key"]

    # Undo: the history the client read is no longer the game's: the whole log comes back.
    assert undo(alice, gid, "Franks", 1).status_code == 200
    part = since(alice, gid, "Franks", moved)
    assert part["log_from"] == 0 and part["log"] == full(alice, gid, "Franks")["log"]

    # An undo followed at once by another action of the same number: still refused as a base.
    again = act(alice, gid, "Franks", seat_action(before), version=0).json()["game"]
    assert undo(alice, gid, "Franks", 1).status_code == 200
    other = [la["action"] for la in before["legal_actions"] if la["action"][0] == "seat"][-1]
    assert act(alice, gid, "Franks", other, version=0).status_code == 200
    part = since(alice, gid, "Franks", again)
    assert part["log_from"] == 0 and part["log"] == full(alice, gid, "Franks")["log"]

    # A key read by another seat (or the observer), or one of no point of this game: the whole log.
    franks = full(alice, gid, "Franks")
    saracens = full(bob, gid, "Saracens")
    for key in (franks["log_key"], "99.99/Saracens"):
        r = bob.get(
            f"/api/games/{gid}",
            params={"role": "Saracens", "log_from": max(1, len(saracens["log"])), "log_key": key},
        )
        assert r.status_code == 200, r.text
        assert r.json()["log_from"] == 0 and r.json()["log"] == saracens["log"]
    # A key that is not one at all (issue 13: "²" is a digit, but not an ASCII one) is malformed.
    for key in ("nonsense", "", "².0/Saracens"):
        r = bob.get(f"/api/games/{gid}", params={"role": "Saracens", "log_from": 1, "log_key": key})
        assert r.status_code == 422, r.text
    # A negative start is malformed.
    r = bob.get(
        f"/api/games/{gid}", params={"role": "Saracens", "log_from": -1, "log_key": saracens["log_key"]}
    )
    assert r.status_code == 422


def test_a_new_server_honours_keys_given_by_another(
    app: FastAPI, make_app: Callable[[], FastAPI], user: Callable[[str], TestClient]
) -> None:
    """The key names stored rows, not one process's memory: a restarted server (or another process)
    sends the increment for a key the first gave."""
    alice = user("alice")
    gid = new_game(alice, HOTSEAT)["id"]
    seen = full(alice, gid, "Franks")
    act(alice, gid, "Franks", seat_action(seen), version=0)
    other = TestClient(make_app())
    other.cookies.update(alice.cookies)
    part = since(other, gid, "Franks", seen)
    assert part["log_from"] == len(seen["log"])
    assert seen["log"] + part["log"] == full(other, gid, "Franks")["log"]


def test_the_websocket_pushes_only_what_it_has_not_sent(user: Callable[[str], TestClient]) -> None:
    """A websocket starts from what the client holds (its query) and then sends each push's new
    entries only; what the pushes add up to is the seat's whole log."""
    alice = user("alice")
    gid = new_game(alice, HOTSEAT)["id"]
    held = full(alice, gid, "Franks")
    query = f"role=Franks&log_from={len(held['log'])}&log_key={held['log_key']}"
    chooser = random.Random(5)
    log = list(held["log"])
    with alice.websocket_connect(f"/api/games/{gid}/ws?{query}") as ws:
        first = ws.receive_json()["game"]
        assert first["log_from"] == len(log) and first["log"] == []
        for _ in range(12):
            now = full(alice, gid, None)
            if now["status"] != "active":
                break
            la = chooser.choice(now["legal_actions"])
            r = act(alice, gid, now["role"], la["action"], version=now["version"])
            assert r.status_code == 200, r.text
            version = r.json()["version"]
            while True:  # a push may also come from an earlier wake-up: read up to this version
                push = ws.receive_json()["game"]
                assert push["log_from"] == len(log)
                log += push["log"]
                if push["version"] == version:
                    break
            assert log == full(alice, gid, "Franks")["log"]
