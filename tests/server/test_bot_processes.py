"""Bots think in processes of their own (issue 19, server/bots.py): a bot's decision is made in
another process than the web server's, a request on its game answers while the bot thinks, and an
answer the game has moved past is dropped (one action per version) and the bots asked again.

The bot here thinks until the test opens its gate (a file), and notes each decision it starts (the
process it runs in and the counters left): so the test knows a decision is under way, with no timing.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from outremer.engine import registry
from outremer.engine.game import Action, Bot, BotFactory, Game, Role
from outremer.server.db import ActionRow
from tests.engine.bare import BareGame, Pile

from .conftest import ctx_of, new_game

PATIENCE = 60.0
"""How long the gated bot waits for its gate before it gives up (a test left hanging ends)."""


class GateBot:
    """Notes ``<pid> <counters left>`` in ``thoughts``, waits for the file ``open``, then takes one."""

    name = "gate"

    def __init__(self, gate: Path) -> None:
        self.gate = gate

    def choose(self, game: Game[Any], state: Pile, role: Role) -> Action:
        with (self.gate / "thoughts").open("a") as out:
            out.write(f"{os.getpid()} {state.left}\n")
        deadline = time.monotonic() + PATIENCE
        while not (self.gate / "open").exists():
            if time.monotonic() > deadline:
                raise TimeoutError("the test never opened the gate")
            time.sleep(0.01)
        return game.legal_actions(state, role)[0]


class GatedGame(BareGame):
    """Take-away (tests/engine/bare.py) with the gated bot; the gate folder travels with the title
    to the bot processes."""

    slug = "gated"

    def __init__(self, gate: Path) -> None:
        self.gate = gate

    def bots(self) -> Mapping[str, BotFactory]:
        return {"gate": _gate_bot}


def _gate_bot(game: Game[Any], seed: int) -> Bot:
    assert isinstance(game, GatedGame)
    return GateBot(game.gate)


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[Path]:
    gate = tmp_path / "gate"
    gate.mkdir()
    registry.register("gated", lambda: GatedGame(gate))
    yield gate
    (gate / "open").touch()  # let any bot still thinking finish before the app closes
    registry.unregister("gated")


def thoughts(gate: Path, count: int) -> list[tuple[int, int]]:
    """The decisions the gated bot has begun, once there are ``count`` (pid, counters left)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        path = gate / "thoughts"
        lines = path.read_text().splitlines() if path.exists() else []
        if len(lines) >= count or time.monotonic() > deadline:
            return [(int(pid), int(left)) for pid, left in (line.split() for line in lines)]
        time.sleep(0.01)


def stored(app: FastAPI, game_id: int) -> list[tuple[str, str, int | None]]:
    with ctx_of(app).db.session() as s:
        query = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n)
        rows = s.execute(query).scalars()
        return [(row.role, row.action, row.user_id) for row in rows]


def test_a_bot_thinks_in_another_process_while_requests_answer(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    seats = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "bot", "bot": "gate"}]
    gid = new_game(alice, seats, title="gated", scenario="seven", seed=3)["id"]
    taken = alice.post(f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1]})
    assert taken.status_code == 200, taken.text
    [(pid, left)] = thoughts(gated, 1)
    assert pid != os.getpid() and left == 6  # T.1: Second to take, from the 6 left
    answers: dict[str, Any] = {}

    def ask() -> None:  # requests on the bot's own game, while the bot thinks
        answers["game"] = alice.get(f"/api/games/{gid}", params={"role": "First"})
        answers["out of turn"] = alice.post(
            f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1], "version": 1}
        )

    asking = threading.Thread(target=ask)
    asking.start()
    asking.join(PATIENCE / 2)
    assert not asking.is_alive(), "a request waited for the bot"
    assert not (gated / "open").exists()  # the bot was still thinking when they answered
    game = answers["game"].json()
    assert game["version"] == 1 and game["active_roles"] == ["Second"]
    assert answers["out of turn"].status_code == 409  # T.1: Second's turn, not First's
    (gated / "open").touch()
    runner = ctx_of(app).bots
    assert runner.wait_idle(PATIENCE)
    assert stored(app, gid)[1][:2] == ("Second", '["take", 1]')
    assert pid in runner.thinkers and os.getpid() not in runner.thinkers


def test_an_answer_the_game_moved_past_is_dropped_and_the_bots_asked_again(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    seats = [{"role": role, "kind": "bot", "bot": "gate"} for role in ("First", "Second")]
    gid = new_game(alice, seats, title="gated", scenario="seven", seed=3)["id"]
    assert [left for _, left in thoughts(gated, 1)] == [7]  # First's bot is thinking on 7 counters
    # Meanwhile First's move is stored another way (as another server's bot would): take 2.
    ctx_of(app).store.act(gid, "First", ["take", 2], user_id=None)
    (gated / "open").touch()
    assert ctx_of(app).bots.wait_idle(PATIENCE)
    actions = stored(app, gid)
    # The answer thought on 7 counters (take 1) was dropped; the bots played on from 5, one each.
    assert actions[0] == ("First", '["take", 2]', None)
    assert [left for _, left in thoughts(gated, 6)] == [7, 5, 4, 3, 2, 1]
    assert [action for _, action, _ in actions[1:]] == ['["take", 1]'] * 5
    assert len(actions) == 6  # T.1: the last counter taken, the game is over
