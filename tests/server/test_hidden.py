"""What reaches a browser is that seat's view and nothing more: in GET responses, action answers,
the websocket and the log. Checked for every Frank block id of Crusader Rex."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from outremer.games.crusader_rex.common import BLOCKS, TOWNS

from .conftest import ctx_of, new_game

FRANK_BLOCKS = sorted(b for b, info in BLOCKS.items() if info.side == "Franks")


def hidden_franks(app: FastAPI, game_id: int) -> list[str]:
    state = ctx_of(app).store.live(game_id).state
    return [b for b in FRANK_BLOCKS if b not in state.revealed]


def leaked(payload: Any, hidden: list[str]) -> list[str]:
    text = json.dumps(payload)
    return [b for b in hidden if f'"{b}"' in text or f"'{b}'" in text]


def test_saracen_never_sees_hidden_frank_blocks(app: FastAPI, user: Callable[[str], TestClient]) -> None:
    assert FRANK_BLOCKS and not set(FRANK_BLOCKS) & set(TOWNS)
    alice, bob = user("alice"), user("bob")
    game = new_game(alice, [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}])
    gid = game["id"]
    invite = next(seat["invite"] for seat in game["seats"] if seat["role"] == "Saracens")
    assert bob.post(f"/api/invites/{invite}").status_code == 200
    observer = TestClient(app)

    with (
        bob.websocket_connect(f"/api/games/{gid}/ws") as bob_ws,
        observer.websocket_connect(f"/api/games/{gid}/ws") as public_ws,
    ):
        first = bob_ws.receive_json()
        assert first["type"] == "changed" and first["game"]["role"] == "Saracens"
        assert public_ws.receive_json()["game"]["role"] is None
        messages: list[Any] = [first]
        for step in range(1, 8):
            franks = alice.get(f"/api/games/{gid}").json()
            if "Franks" in franks["active_roles"]:
                assert leaked(franks, FRANK_BLOCKS), "the Franks' own view must name their blocks"
                # deploy moves first, then the last choice (which ends the deployment)
                action = franks["legal_actions"][0 if step < 4 else -1]["action"]
                assert alice.post(
                    f"/api/games/{gid}/action", json={"role": "Franks", "action": action}
                ).is_success
            else:
                saracens = bob.get(f"/api/games/{gid}").json()
                assert saracens["legal_actions"], saracens["active_roles"]
                action = saracens["legal_actions"][-1]["action"]
                r = bob.post(f"/api/games/{gid}/action", json={"role": "Saracens", "action": action})
                assert r.is_success, r.text
                messages.append(r.json())
            for ws in (bob_ws, public_ws):
                while True:
                    msg = ws.receive_json()
                    messages.append(msg)
                    if msg["game"]["version"] == step:
                        break
            messages.append(bob.get(f"/api/games/{gid}").json())
            messages.append(observer.get(f"/api/games/{gid}").json())
            hidden = hidden_franks(app, gid)
            for message in messages:
                assert not leaked(message, hidden), step
        assert any(m.get("game", m).get("role") == "Saracens" for m in messages)

    # nobody but the Franks' holder opens the Franks' view or their save file
    assert bob.get(f"/api/games/{gid}", params={"role": "Franks"}).status_code == 403
    assert bob.get(f"/api/games/{gid}/save").status_code == 403
    assert observer.get(f"/api/games/{gid}/save").status_code == 403
    assert alice.get(f"/api/games/{gid}/save").status_code == 403  # bob's hidden blocks are in it
    assert bob.get(f"/api/games/{gid}/replay").status_code == 409  # not over yet
    with pytest.raises(WebSocketDisconnect), bob.websocket_connect(f"/api/games/{gid}/ws?role=Franks") as ws:
        ws.receive_json()
