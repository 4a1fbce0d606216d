"""Private games (issue 13, section 3): seen only by their players and the holders of an invitation;
to anyone else every path answers exactly as for a game that does not exist, also once it is over.
And a websocket refusal is a close code (4000 + the HTTP status), also from a real server."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine import get_game

from .conftest import PASSWORD
from .test_serve import free_port, start

TWO_PEOPLE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
VS_BOT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": "random"}]
ABSENT = 987_654


def create(client: TestClient | httpx.Client, seats: list[dict[str, Any]], public: bool) -> dict[str, Any]:
    r = client.post("/api/games", json={"title": "crusader-rex", "seats": seats, "public": public})
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


@cache
def finished_save() -> dict[str, Any]:
    game = get_game("crusader-rex")
    match = play_match(game, {r: make_bot("random", game, i) for i, r in enumerate(game.roles)}, seed=3)
    assert game.outcome(match.state) is not None
    save: dict[str, Any] = match.record.to_json()
    return save


def refusal(client: TestClient, url: str) -> tuple[int, str]:
    """The close code and reason a websocket to ``url`` gets (it must be refused)."""
    with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code, closed.value.reason


def asks(gid: int) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every request about game ``gid`` (method, path, body)."""
    return [
        ("GET", f"/api/games/{gid}", None),
        ("GET", f"/api/games/{gid}?role=Franks", None),
        ("GET", f"/api/games/{gid}?role=Nobody", None),
        ("GET", f"/api/games/{gid}?invite=not-a-token", None),
        ("GET", f"/api/games/{gid}?log_from=3&log_key=1.1/Franks", None),
        ("GET", f"/api/games/{gid}/save", None),
        ("GET", f"/api/games/{gid}/replay", None),
        ("GET", f"/api/games/{gid}/replay?upto=1", None),
        ("POST", f"/api/games/{gid}/action", {"role": "Franks", "action": ["pass"]}),
        ("POST", f"/api/games/{gid}/action", {"role": "Saracens", "action": ["pass"], "version": 0}),
        ("POST", f"/api/games/{gid}/undo", {"role": "Franks", "version": 0}),
        ("POST", f"/api/games/{gid}/join", {"role": "Saracens"}),
    ]


def without_id(text: str, gid: int) -> str:
    return re.sub(rf"\b{gid}\b", "ID", text)


def test_a_private_game_answers_outsiders_as_no_game(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice, bob, anonymous = user("alice"), user("bob"), TestClient(app)
    imported = alice.post("/api/games/import", json={"save": finished_save(), "public": False})
    assert imported.status_code == 201 and imported.json()["status"] == "over"
    private = {
        "open": create(alice, TWO_PEOPLE, public=False)["id"],
        "active": create(alice, VS_BOT, public=False)["id"],
        "over": imported.json()["id"],  # a finished private game stays private
    }
    public = create(alice, TWO_PEOPLE, public=True)["id"]
    for outsider in (bob, anonymous):
        for status, gid in private.items():
            for (method, path, body), (_, absent_path, _) in zip(asks(gid), asks(ABSENT), strict=True):
                seen = outsider.request(method, path, json=body)
                absent = outsider.request(method, absent_path, json=body)
                assert seen.status_code == absent.status_code, (status, path, seen.text, absent.text)
                assert without_id(seen.text, gid) == without_id(absent.text, ABSENT), (status, path)
                assert seen.status_code in (401, 404), (status, path, seen.text)
            for query in ("", "?role=Franks", "?role=Nobody", "?invite=not-a-token"):
                seen_ws = refusal(outsider, f"/api/games/{gid}/ws{query}")
                absent_ws = refusal(outsider, f"/api/games/{ABSENT}/ws{query}")
                assert seen_ws[0] == absent_ws[0] == 4404, (status, query)
                assert without_id(seen_ws[1], gid) == without_id(absent_ws[1], ABSENT)
        # the lobby lists none of them, whatever the status asked for; "my games" neither
        for status in ("open", "active", "over"):
            listed = {g["id"] for g in outsider.get("/api/games", params={"status": status}).json()}
            assert not listed & set(private.values()), status
        assert outsider.get("/api/games").json()[0]["id"] == public
    assert bob.get("/api/games", params={"mine": "true", "status": "active"}).json() == []
    # their players see them (the creator here, at every seat not a bot's or an invitation)
    mine = {
        g["id"]
        for status in ("open", "active", "over")
        for g in alice.get("/api/games", params={"mine": "true", "status": status}).json()
    }
    assert mine == {*private.values(), public}
    for gid in private.values():
        assert alice.get(f"/api/games/{gid}").status_code == 200
    assert alice.get(f"/api/games/{private['active']}/save").status_code == 200  # she plays every seat
    assert alice.get(f"/api/games/{private['open']}/save").status_code == 403  # an invited seat: seen
    assert alice.get(f"/api/games/{private['over']}/replay").status_code == 200
    assert alice.get(f"/api/games/{private['active']}/replay").status_code == 409  # seen, not over
    assert anonymous.get(f"/api/games/{public}").status_code == 200  # a public game is anyone's


def test_players_and_invitation_holders_see_a_private_game(
    app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice, bob, carol, anonymous = user("alice"), user("bob"), user("carol"), TestClient(app)
    # a creator holds every invitation: with no seat of her own she still sees the game
    hosted = create(
        alice, [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "invite"}], public=False
    )
    assert hosted["your_roles"] == [] and alice.get(f"/api/games/{hosted['id']}").status_code == 200

    game = create(alice, TWO_PEOPLE, public=False)
    gid = game["id"]
    token = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    # the holder of an open seat's invitation sees what it is for, and the game as an observer
    shown = anonymous.get(f"/api/invites/{token}")
    assert shown.status_code == 200 and shown.json()["role"] == "Saracens"
    assert shown.json()["game"]["id"] == gid and "invite" not in shown.json()["game"]["seats"][1]
    view = anonymous.get(f"/api/games/{gid}", params={"invite": token})
    assert view.status_code == 200 and view.json()["role"] is None
    other = next(seat["invite"] for seat in hosted["seats"] if seat["role"] == "Saracens")
    assert anonymous.get(f"/api/games/{gid}", params={"invite": other}).status_code == 404  # another game's
    assert refusal(anonymous, f"/api/games/{gid}/ws?role=Saracens&invite={token}")[0] == 4403  # no seat yet

    with anonymous.websocket_connect(f"/api/games/{gid}/ws?invite={token}") as watching:
        assert watching.receive_json()["game"]["status"] == "open"
        assert bob.post(f"/api/invites/{token}").status_code == 200  # bob takes the seat
        # the invitation is spent: a connection it opened is closed as if the game did not exist
        with pytest.raises(WebSocketDisconnect) as closed:
            watching.receive_json()
        assert (closed.value.code, closed.value.reason) == (4404, f"no game {gid}")

    assert bob.get(f"/api/games/{gid}").json()["your_roles"] == ["Saracens"]  # a player now
    with bob.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["game"]["role"] == "Saracens"
    # the spent token opens nothing for anyone else, and looks like a wrong one
    wrong, spent = "no-such-token", token
    for client in (carol, anonymous):
        for method in ("GET", "POST"):
            a = client.request(method, f"/api/invites/{spent}")
            b = client.request(method, f"/api/invites/{wrong}")
            assert (a.status_code, a.json()) == (b.status_code, b.json()), (method, a.text)
        absent = client.get(f"/api/games/{ABSENT}", params={"invite": spent})
        seen = client.get(f"/api/games/{gid}", params={"invite": spent})
        assert seen.status_code == absent.status_code == 404
        assert without_id(seen.text, gid) == without_id(absent.text, ABSENT)
    assert carol.post(f"/api/invites/{wrong}").json() == {"error": "no such invitation"}
    assert bob.post(f"/api/invites/{spent}").status_code == 409  # its player is told it is taken


def test_a_public_games_spent_invitation_says_so(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    alice, bob, carol = user("alice"), user("bob"), user("carol")
    game = create(alice, TWO_PEOPLE, public=True)
    token = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    assert bob.post(f"/api/invites/{token}").status_code == 200
    taken = carol.post(f"/api/invites/{token}")
    assert taken.status_code == 409 and "not open" in taken.json()["error"]
    assert carol.get(f"/api/invites/{token}").json()["game"]["id"] == game["id"]
    # a player of a private game asking to join from the lobby is told to use the link
    private = create(alice, [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "me"}], False)
    refused = alice.post(f"/api/games/{private['id']}/join", json={"role": "Franks"})
    assert refused.status_code == 403 and "invite link" in refused.json()["error"]


def test_the_openapi_document_describes_the_websocket_refusals(app: FastAPI) -> None:
    described = app.openapi()["info"]["description"]
    assert "/api/games/{id}/ws" in described
    assert all(code in described for code in ("4403", "4404", "4422"))


def closing(url: str, cookie: str | None = None) -> tuple[int, str]:
    """The close code and reason a real server's websocket at ``url`` ends with at once."""
    headers = {"Cookie": f"outremer_session={cookie}"} if cookie else {}
    with (
        connect(url, additional_headers=headers, proxy=None, open_timeout=30) as ws,
        pytest.raises(ConnectionClosed) as closed,
    ):
        ws.recv(timeout=30)
    received = closed.value.rcvd
    assert received is not None
    return received.code, received.reason


def test_websocket_refusals_from_a_real_server(tmp_path: Path) -> None:
    """Under uvicorn, not only the test client: a refused websocket ends with 4000 + the status and
    the reason (a browser sees those; it learns nothing from an HTTP refusal of the handshake)."""
    port = free_port()
    proc = start(f"sqlite:///{tmp_path / 'ws.db'}", port, tmp_path / "serve.log")
    try:
        base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        alice, bob = httpx.Client(base_url=base), httpx.Client(base_url=base)
        for client, name in ((alice, "alice"), (bob, "bob")):
            assert client.post("/api/register", json={"name": name, "password": PASSWORD}).is_success
        private = create(alice, VS_BOT, public=False)["id"]
        public = create(alice, VS_BOT, public=True)["id"]
        cookie = bob.cookies["outremer_session"]
        for who in (None, cookie):
            hidden = closing(f"{ws_base}/api/games/{private}/ws", who)
            absent = closing(f"{ws_base}/api/games/{ABSENT}/ws", who)
            assert hidden[0] == absent[0] == 4404
            assert without_id(hidden[1], private) == without_id(absent[1], ABSENT)
        code, reason = closing(f"{ws_base}/api/games/{public}/ws?role=Franks", cookie)
        assert (code, reason) == (4403, f"you do not hold the seat 'Franks' in game {public}")
        assert closing(f"{ws_base}/api/games/{public}/ws?role=Templars", cookie)[0] == 4422
    finally:
        proc.terminate()
        proc.wait(10)
