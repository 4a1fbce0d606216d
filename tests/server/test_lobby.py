"""The lobby's listing (issue 15): each game by its title's name, whose turn it is (the roles that
must act, with who holds each) and whether it is the caller's; a visitor's ``/api/me`` is an answer,
not an error; a person's one seat is no hotseat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from .conftest import new_game

VS_INVITE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def listed(client: TestClient, game_id: int, **query: Any) -> dict[str, Any]:
    """The game as ``GET /api/games`` lists it for ``client``."""
    r = client.get("/api/games", params=query)
    assert r.status_code == 200, r.text
    found = [g for g in r.json() if g["id"] == game_id]
    assert len(found) == 1, r.json()
    game: dict[str, Any] = found[0]
    return game


def two_people(user: Callable[[str], TestClient]) -> tuple[TestClient, TestClient, int]:
    alice, bob = user("alice"), user("bob")
    gid = new_game(alice, VS_INVITE)["id"]
    assert bob.post(f"/api/games/{gid}/join", json={"role": "Saracens"}).status_code == 200
    return alice, bob, gid


def test_my_games_say_whose_turn_it_is(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    """Issue 15: "My games" lists whose turn it is in each game, by the title's name (not its slug)."""
    alice, bob, gid = two_people(user)
    mine = listed(alice, gid, status="active", mine="true")
    assert mine["title_name"] == "Crusader Rex" and mine["title"] == "crusader-rex"
    # The Franks deploy first (3.1): Alice's turn, not Bob's.
    assert mine["to_act"] == [{"role": "Franks", "player": "alice", "bot": None}]
    assert mine["your_turn"] is True
    theirs = listed(bob, gid, status="active", mine="true")
    assert theirs["to_act"] == mine["to_act"] and theirs["your_turn"] is False
    watcher = listed(TestClient(app), gid, status="active")  # whose turn it is is public
    assert watcher["to_act"] == mine["to_act"] and watcher["your_turn"] is False

    # Alice deploys until the Saracens must deploy (3.2): now it is Bob's turn.
    while alice.get(f"/api/games/{gid}").json()["active_roles"] == ["Franks"]:
        legal = alice.get(f"/api/games/{gid}").json()["legal_actions"]
        r = alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": legal[0]["action"]})
        assert r.status_code == 200, r.text
    mine = listed(alice, gid, status="active", mine="true")
    assert mine["to_act"] == [{"role": "Saracens", "player": "bob", "bot": None}]
    assert mine["your_turn"] is False
    assert listed(bob, gid, status="active", mine="true")["your_turn"] is True
    # The game's own page says the same.
    assert bob.get(f"/api/games/{gid}").json()["your_turn"] is True


def test_no_turn_before_the_game_starts(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    """A game waiting for a player is nobody's turn yet: its seats are not all taken."""
    alice = user("alice")
    gid = new_game(alice, VS_INVITE)["id"]
    waiting = listed(alice, gid, status="open", mine="true")
    assert waiting["to_act"] == [] and waiting["your_turn"] is False
    assert waiting["title_name"] == "Crusader Rex"
    invite = next(s["invite"] for s in waiting["seats"] if s["open"])
    assert TestClient(app).get(f"/api/invites/{invite}").json()["game"]["title_name"] == "Crusader Rex"


def test_a_hidden_fact_changes_nothing_of_the_listing(
    app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    """Fair play: the listing holds public facts only. In two games the Franks seat a different block
    in Acre (3.1; a standing block hides its kind from the other side, 2.0): alike in every public
    fact, they are listed alike, to their own player too."""
    alice = user("alice")
    games = []
    for block in ("hospitallers_jerusalem", "king_guy"):
        gid = new_game(alice, VS_BOT, seed=7)["id"]
        r = alice.post(f"/api/games/{gid}/action", json={"role": "Franks", "action": ["seat", block, "Acre"]})
        assert r.status_code == 200, r.text
        games.append(gid)
    franks = [alice.get(f"/api/games/{g}", params={"role": "Franks"}).json()["view"] for g in games]
    assert franks[0] != franks[1]  # a hidden fact differs...
    observer = [TestClient(app).get(f"/api/games/{g}").json()["view"] for g in games]
    assert observer[0] == observer[1]  # ...and nothing public does

    def public(game: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in game.items() if k not in ("id", "created", "updated")}

    for query in ({"status": "active", "mine": "true"}, {"status": "active"}):
        assert public(listed(alice, games[0], **query)) == public(listed(alice, games[1], **query))


def test_one_seat_is_a_persons_not_a_hotseat(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    """Issue 15: hotseat means several seats held by one person at one keyboard; a person playing one
    seat against bots or people is a person's seat."""
    alice = user("alice")
    kinds = {}
    for name, seats in {"bots": VS_BOT, "invite": VS_INVITE, "hotseat": HOTSEAT, "default": None}.items():
        game = (
            new_game(alice, seats)
            if seats
            else alice.post("/api/games", json={"title": "crusader-rex"}).json()
        )
        kinds[name] = {s["role"]: (s["kind"], s["player"], s["open"]) for s in game["seats"]}
        if name != "invite":
            assert game["status"] == "active", name  # no seat waits for anyone
    assert (
        kinds["bots"]
        == kinds["default"]
        == {
            "Franks": ("person", "alice", False),
            "Saracens": ("bot", None, False),
        }
    )
    assert kinds["invite"] == {"Franks": ("person", "alice", False), "Saracens": ("person", None, True)}
    assert kinds["hotseat"] == {
        "Franks": ("hotseat", "alice", False),
        "Saracens": ("hotseat", "alice", False),
    }


def test_a_visitor_is_told_so_without_an_error(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    """Issue 15: the page asks who is signed in at every load; before sign-in that is no error."""
    visitor = TestClient(app)
    r = visitor.get("/api/me")
    assert r.status_code == 200 and r.json() == {"name": None}
    assert user("alice").get("/api/me").json() == {"name": "alice"}
    assert visitor.get("/api/games", params={"mine": "true"}).status_code == 401  # this one needs sign-in
