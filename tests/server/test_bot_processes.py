"""Bots think in processes of their own (issue 19, server/bots.py): a bot's decision is made in
another process than the web server's, a request on its game answers while the bot thinks, and an
answer the game has moved past is dropped (one action per version) and the bots asked again. A bot
process is sent only the actions it lacks (each action once), and never brings a state up to date
from actions an undo left behind; one that died is replaced, one that let a game go says so.

The bot here thinks until the test opens its gate (a file), and notes each decision it starts (the
process it runs in and the position it sees): so the test knows a decision is under way, with no
timing. Its ``k``-th decision also goes on once the file ``pass-k`` exists.
"""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from outremer.bots import worker
from outremer.bots.worker import Task, think
from outremer.engine import registry
from outremer.engine.game import Action, Bot, BotFactory, Game, Outcome, Role
from outremer.engine.record import Record
from outremer.server import bots
from outremer.server.bots import BotRunner
from outremer.server.db import ActionRow
from tests.engine.bare import BareGame, Pile

from .conftest import PASSWORD, ctx_of, new_game

PATIENCE = 60.0
"""How long the gated bot waits for its gate before it gives up (a test left hanging ends)."""


class GateBot:
    """Notes ``<pid> <position>`` in ``thoughts``, waits for the file ``open`` (or ``pass-k`` for
    its ``k``-th note), then takes the first legal action."""

    name = "gate"

    def __init__(self, game: GatedGame) -> None:
        self.gate = game.gate

    def choose(self, game: Game[Any], state: Pile, role: Role) -> Action:
        assert isinstance(game, GatedGame)
        with (self.gate / "thoughts").open("a") as out:
            out.write(f"{os.getpid()} {game.note(state)}\n")
        k = len((self.gate / "thoughts").read_text().splitlines())
        deadline = time.monotonic() + PATIENCE
        while not ((self.gate / "open").exists() or (self.gate / f"pass-{k}").exists()):
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

    def note(self, state: Pile) -> str:
        """The position as the gated bot notes it: the counters left."""
        return str(state.left)


@dataclass
class Marked(Pile):
    marks: list[int] = field(default_factory=list)


class MarkGame(GatedGame):
    """Take-away played at once by both: First (a person here) marks 1 or 2 as often as it likes,
    each mark its own to take back, while Second takes one counter at a time; Second wins when
    none is left. A bot that acts while a person's action may still be taken back."""

    slug = "marked"

    def setup(self, seed: int, scenario: str | None = None, options: Any = None, **kw: Any) -> Marked:
        return Marked(super().setup(seed, scenario, options, **kw).left)

    def active_roles(self, state: Pile) -> tuple[str, ...]:
        return ("First", "Second") if state.left else ()

    def legal_actions(self, state: Pile, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        return [("mark", 1), ("mark", 2)] if role == "First" else [("take", 1)]

    def perform(self, state: Pile, role: str, action: Action) -> None:
        assert isinstance(state, Marked)
        if action[0] == "mark":
            state.marks.append(action[1])
        else:
            state.left -= 1
        state.log.append(f"{role}: {action[0]} {action[1]}")

    def outcome(self, state: Pile) -> Outcome | None:
        return None if state.left else Outcome(("Second",), "Second took the last counter")

    def copy(self, state: Pile) -> Marked:
        assert isinstance(state, Marked)
        return Marked(state.left, state.turn, list(state.log), list(state.marks))

    def note(self, state: Pile) -> str:
        """The counters left and First's marks."""
        assert isinstance(state, Marked)
        return f"{state.left} {''.join(map(str, state.marks)) or '-'}"


def _gate_bot(game: Game[Any], seed: int) -> Bot:
    assert isinstance(game, GatedGame)
    return GateBot(game)


@pytest.fixture
def gated(tmp_path: Path) -> Iterator[Path]:
    gate = tmp_path / "gate"
    gate.mkdir()
    registry.register("gated", lambda: GatedGame(gate))
    registry.register("marked", lambda: MarkGame(gate))
    yield gate
    (gate / "open").touch()  # let any bot still thinking finish before the app closes
    registry.unregister("gated")
    registry.unregister("marked")


def thoughts(gate: Path, count: int) -> list[tuple[int, str]]:
    """The decisions the gated bot has begun, once there are ``count`` (pid, position noted)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        path = gate / "thoughts"
        lines = path.read_text().splitlines() if path.exists() else []
        if len(lines) >= count or time.monotonic() > deadline:
            return [(int(pid), note) for pid, note in (line.split(" ", 1) for line in lines)]
        time.sleep(0.01)


def stored(app: FastAPI, game_id: int) -> list[tuple[str, str, int | None]]:
    with ctx_of(app).db.session() as s:
        query = select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n)
        rows = s.execute(query).scalars()
        return [(row.role, row.action, row.user_id) for row in rows]


def take(client: TestClient, gid: int, version: int) -> None:
    r = client.post(
        f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1], "version": version}
    )
    assert r.status_code == 200, r.text


VS_GATE = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "bot", "bot": "gate"}]


def first_take_answered(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> tuple[TestClient, int, BotRunner]:
    """The gate open, Alice against the gate bot on 7 counters, her first take answered by it."""
    (gated / "open").touch()
    alice = user("alice")
    gid = new_game(alice, VS_GATE, title="gated", scenario="seven", seed=3)["id"]
    runner = ctx_of(app).bots
    take(alice, gid, 0)
    assert runner.wait_idle(PATIENCE)
    return alice, gid, runner


def test_a_bot_thinks_in_another_process_while_requests_answer(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_GATE, title="gated", scenario="seven", seed=3)["id"]
    taken = alice.post(f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1]})
    assert taken.status_code == 200, taken.text
    [(pid, left)] = thoughts(gated, 1)
    assert pid != os.getpid() and left == "6"  # T.1: Second to take, from the 6 left
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
    assert [left for _, left in thoughts(gated, 1)] == ["7"]  # First's bot is thinking on 7 counters
    # Meanwhile First's move is stored another way (as another server's bot would): take 2.
    ctx_of(app).store.act(gid, "First", ["take", 2], user_id=None)
    (gated / "open").touch()
    assert ctx_of(app).bots.wait_idle(PATIENCE)
    actions = stored(app, gid)
    # The answer thought on 7 counters (take 1) was dropped; the bots played on from 5, one each.
    assert actions[0] == ("First", '["take", 2]', None)
    assert [left for _, left in thoughts(gated, 6)] == ["7", "5", "4", "3", "2", "1"]
    assert [action for _, action, _ in actions[1:]] == ['["take", 1]'] * 5
    assert len(actions) == 6  # T.1: the last counter taken, the game is over


def test_a_bot_process_is_sent_each_action_once(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    (gated / "open").touch()
    alice = user("alice")
    seats = [{"role": role, "kind": "bot", "bot": "gate"} for role in ("First", "Second")]
    gid = new_game(alice, seats, title="gated", scenario="seven", seed=3)["id"]
    runner = ctx_of(app).bots
    assert runner.wait_idle(PATIENCE)
    assert [action for _, action, _ in stored(app, gid)] == ['["take", 1]'] * 7  # T.1: one each, to the last
    # Each decision saw the game as it stood (T.1: 7 counters, one fewer after each take) ...
    assert [left for _, left in thoughts(gated, 7)] == [str(left) for left in range(7, 0, -1)]
    # ... its process sent only the actions it lacked: the 6 before the last decision, each once
    # (the whole record each time would be 0 + 1 + ... + 6 = 21).
    assert runner.actions_sent() == 6


def test_a_game_let_go_from_memory_is_sent_only_what_is_new(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice, gid, runner = first_take_answered(gated, app, user)
    ctx_of(app).store.forget(gid)  # let go, as when other games come in: rebuilt by replay when next used
    take(alice, gid, 2)
    assert runner.wait_idle(PATIENCE)
    assert [left for _, left in thoughts(gated, 2)] == ["6", "4"]  # T.1: 7 - 1, then 7 - 1 - 1 - 1
    assert [role for role, _, _ in stored(app, gid)] == ["First", "Second"] * 2
    # The rebuilt copy has the same actions (the same row ids): the process, which had the first,
    # was sent the two after it.
    assert runner.actions_sent() == 1 + 2


def test_a_bot_process_that_died_is_replaced_and_says_what_it_lacks(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    alice, gid, runner = first_take_answered(gated, app, user)
    [(pid, left)] = thoughts(gated, 1)
    assert left == "6"  # T.1: 7 - 1
    os.kill(pid, signal.SIGKILL)  # the idle bot process dies
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.01)
    take(alice, gid, 2)
    assert runner.wait_idle(PATIENCE)
    [_, (again, left)] = thoughts(gated, 2)
    assert again != pid and left == "4"  # a new process, on the game as it stands (T.1: 7 - 3)
    assert alice.get(f"/api/games/{gid}").json()["bot_error"] is None
    assert [role for role, _, _ in stored(app, gid)] == ["First", "Second"] * 2
    # Sent: the first action; the two after it, which the new process could not apply on nothing,
    # so it said so; then the whole game.
    assert runner.actions_sent() == 1 + 2 + 3


def mark(client: TestClient, gid: int, n: int, version: int) -> None:
    r = client.post(
        f"/api/games/{gid}/action", json={"role": "First", "action": ["mark", n], "version": version}
    )
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("elsewhere", [False, True], ids=["here", "another-server"])
def test_an_undo_sends_the_bot_process_the_game_afresh(
    gated: Path,
    app: FastAPI,
    make_app: Callable[[], FastAPI],
    user: Callable[[str], TestClient],
    elsewhere: bool,
) -> None:
    alice = user("alice")
    gid = new_game(alice, VS_GATE, title="marked", scenario="seven", seed=3)["id"]
    assert [note for _, note in thoughts(gated, 1)] == ["7 -"]  # Second's bot thinks at once
    mark(alice, gid, 1, version=0)
    (gated / "pass-1").touch()  # its answer is stale: it is asked again, on the mark
    assert thoughts(gated, 2)[1][1] == "7 1"
    person = alice
    if elsewhere:  # the undo and the new mark through another server: this one's copy is rebuilt
        other = make_app()
        ctx_of(other).bots.close()  # only the first server's bots play
        person = TestClient(other)
        assert person.post("/api/login", json={"name": "alice", "password": PASSWORD}).status_code == 200
    r = person.post(f"/api/games/{gid}/undo", json={"role": "First", "version": 1})
    assert r.status_code == 200, r.text  # First's own mark, First still to act: it may be taken back
    mark(person, gid, 2, version=0)
    (gated / "pass-2").touch()  # stale again: asked again
    # The mark its process had was taken back: it was sent the game afresh, never the action
    # numbered after the one it had (which would have left the first mark in its state).
    assert thoughts(gated, 3)[2][1] == "7 2"
    (gated / "open").touch()
    runner = ctx_of(app).bots
    assert runner.wait_idle(PATIENCE)
    assert [note for _, note in thoughts(gated, 9)][2:] == [f"{left} 2" for left in range(7, 0, -1)]
    actions = [(role, action) for role, action, _ in stored(app, gid)]
    assert actions == [("First", '["mark", 2]')] + [("Second", '["take", 1]')] * 7


def test_a_bot_process_that_lacks_a_game_applies_nothing_and_says_what_it_has(
    gated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (gated / "open").touch()
    monkeypatch.setattr(worker, "CAPACITY", 1)  # the process keeps one game
    game, setup = GatedGame(gated), Record("gated", 3, "seven")
    one, two = (uuid.uuid4().hex, 1), (uuid.uuid4().hex, 2)
    taken = ("take", 1)

    def task(key: Any, actions: int, last_id: int, after: tuple[int, int] | None = None) -> Task:
        """``actions`` takes more of game ``key``, the last row ``last_id``: after ``after`` (count,
        row id of the last) if given, else afresh from the setup."""
        base, base_id = after or (0, 0)
        new = [(("First", "Second")[(base + i) % 2], taken) for i in range(actions)]  # T.1: in turn
        role = ("First", "Second")[(base + actions) % 2]
        return Task(key, game, None if after else setup, base, base_id, new, last_id, role, "gate", 0)

    assert think(task(one, 1, 11)).action == taken  # built afresh: First took 1, as row 11
    assert think(task(one, 1, 12, after=(1, 11))).action == taken  # and Second 1 after it
    assert think(task(two, 1, 21)).action == taken  # game one let go
    # Game one comes back: the process has none of it now, and says so.
    assert think(task(one, 1, 13, after=(2, 12))) == worker.Answer(None, None, os.getpid(), (0, 0))
    # Game two after an action it has not (row 29: its row 21 taken back since): it says what it has.
    assert think(task(two, 1, 30, after=(1, 29))).need == (1, 21)
    assert [left for _, left in thoughts(gated, 3)] == ["6", "5", "6"]  # nothing thought meanwhile
    # Sent what it lacks, it plays on from the state it had (T.1: 7 - 2).
    assert think(task(two, 1, 22, after=(1, 21))).action == taken
    assert [left for _, left in thoughts(gated, 4)][3] == "5"


def test_the_runner_is_not_idle_between_a_stored_answer_and_the_next_decision() -> None:
    """A game whose bot just stored an answer is queued for its next decision before the runner's
    count of pending decisions falls: ``wait_idle`` (what the tests and a closing server wait on)
    must not return while a bot is still to act (it once did, under load, between the two)."""
    runner = BotRunner(cast(Any, None), lambda game_id: None, processes=1)
    steps = iter([bots._Step.STORED, bots._Step.STORED, bots._Step.NONE])
    runner._decide = lambda thinker, game_id: next(steps)  # type: ignore[method-assign]
    pending_at_notice: list[int] = []
    notify = runner._cond.notify_all

    def noted() -> None:
        pending_at_notice.append(runner._pending)
        notify()

    runner._cond.notify_all = noted  # type: ignore[method-assign]
    try:
        runner.kick(1)
        assert runner.wait_idle(PATIENCE)
        # Idle only after the third decision: the two stored answers each queued the next first.
        assert pending_at_notice == [1, 1, 0]
    finally:
        runner.close()


def test_a_change_made_through_this_store_is_read_from_its_copy(
    gated: Path, app: FastAPI, user: Callable[[str], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a person's action or undo through this process, the bots' turn is read from the store's
    copy, which holds it (no query); a change this process did not make (a kick from the watcher,
    a new game) is read from the database first."""
    ctx = ctx_of(app)
    kicks: list[tuple[int, bool]] = []
    kick = ctx.bots.kick
    monkeypatch.setattr(
        ctx.bots, "kick", lambda game_id, *, current=False: (kicks.append((game_id, current)), kick(game_id))
    )
    alice = user("alice")
    seats = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "me"}]
    gid = new_game(alice, seats, title="gated", scenario="seven", seed=3)["id"]
    assert kicks == [(gid, False)]  # a new game
    r = alice.post(f"/api/games/{gid}/action", json={"role": "First", "action": ["take", 1], "version": 0})
    assert r.status_code == 200, r.text
    assert kicks[-1] == (gid, True)
    asked: list[bool] = []
    runner = BotRunner(cast(Any, FakeStore(asked)), lambda game_id: None, processes=1)
    try:
        runner.kick(1, current=True)
        assert runner.wait_idle(PATIENCE)
        runner.kick(1)
        assert runner.wait_idle(PATIENCE)
    finally:
        runner.close()
    assert asked == [False, True]  # refresh: not after a change made here, but after any other


@dataclass
class FakeStore:
    """A store with no bot ever to act, noting whether each look at a bot's turn refreshed."""

    asked: list[bool]

    def bot_turn(self, game_id: int, *, refresh: bool = True) -> None:
        self.asked.append(refresh)
