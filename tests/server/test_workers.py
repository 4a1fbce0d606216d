"""``outremer serve --workers 2``: two worker processes behind one port, on one database (SQLite in
WAL mode, or PostgreSQL). Every request opens its own connection, so the kernel hands each to either
worker: both serve, and every answer shows the same game, a spent version is refused whichever
worker gets it, and a websocket held by one worker follows actions stored through the other. Killed
with SIGKILL (supervisor and workers at once) while clients act in several games, the server
restarts with every acknowledged action, in order."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from sqlalchemy import create_engine, inspect, select
from websockets.sync.client import connect

from outremer.cli.main import cli
from outremer.server import app as server_app
from outremer.server import workers as server_workers
from outremer.server.db import ActionRow

from .conftest import PASSWORD
from .test_serve import STARTUP, free_port

HOTSEAT = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]


def test_workers_start_from_a_factory_with_the_command_s_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--workers 2`` (or ``OUTREMER_WORKERS``): the database is brought to the schema once, then
    uvicorn starts two workers, each building its app from the settings given to the command."""
    runs: list[Any] = []
    made: list[Any] = []
    monkeypatch.setattr("uvicorn.run", lambda target, **kw: runs.append((target, kw)))

    def create_app(url: str, **settings: Any) -> str:
        made.append((url, settings))
        return "app"

    monkeypatch.setattr(server_app, "create_app", create_app)
    for key in (
        server_workers.ENV_DATABASE,
        server_workers.ENV_LIVE_GAMES,
        server_workers.ENV_BOT_PROCESSES,
        server_workers.ENV_WATCH_INTERVAL,
        server_workers.ENV_SECURE_COOKIES,
    ):
        monkeypatch.setenv(key, "")  # so that the variables the command sets are undone after
        monkeypatch.delenv(key)
    database = f"sqlite:///{tmp_path / 'club.db'}"
    result = CliRunner(mix_stderr=False).invoke(
        cli,
        [
            "serve",
            *("--database", database, "--live-games", "9", "--bot-processes", "3"),
            *("--watch-interval", "0.25", "--secure-cookies", "always"),
        ],
        env={"OUTREMER_WORKERS": "2"},
    )
    assert result.exit_code == 0, result.stderr
    assert "2 worker processes" in result.stderr
    [(target, kw)] = runs
    assert target == "outremer.server.workers:app_from_environment"
    assert kw["factory"] is True and kw["workers"] == 2 and kw["access_log"] is False
    engine = create_engine(database)
    try:
        assert "actions" in inspect(engine).get_table_names()  # migrated before the workers start
    finally:
        engine.dispose()
    assert made == []  # the app is built in each worker, not here
    assert server_workers.app_from_environment() == "app"
    settings = {"live_games": 9, "bot_workers": 3, "watch_interval": 0.25, "secure_cookies": True}
    assert made == [(database, settings)]
    refused = CliRunner(mix_stderr=False).invoke(cli, ["serve", "--workers", "0"])
    assert refused.exit_code == 2 and "--workers" in refused.stderr


def start(database: str, port: int, log: Path, workers: int = 2) -> subprocess.Popen[bytes]:
    """``outremer serve --workers N`` in a session of its own (so that the test can kill the
    supervisor and its workers together), once it answers."""
    cmd = [sys.executable, "-m", "outremer.cli.main", "serve", "--port", str(port), "--database", database]
    cmd += ["--workers", str(workers)]
    with log.open("ab") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline and proc.poll() is None:
        if len(workers_of(proc)) == workers:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/titles", timeout=1).status_code == 200:
                    return proc
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    kill(proc)
    raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")


def kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the server's whole session: supervisor and workers, no shutdown of any."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()  # the supervisor stops its workers
    try:
        proc.wait(30)
    finally:
        kill(proc)


def workers_of(proc: subprocess.Popen[bytes]) -> list[int]:
    """The worker processes of the server ``proc`` (its children serving the port)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        if int(fields[1]) == proc.pid and b"multiprocessing.spawn" in cmdline:
            found.append(int(stat.parent.name))
    return sorted(found)


def cpu_ticks(pid: int) -> int:
    """User and system CPU time the process has used, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def fresh(base: str, cookies: httpx.Cookies) -> httpx.Client:
    """A client whose every request opens a new connection: either worker may answer it."""
    return httpx.Client(base_url=base, cookies=cookies, headers={"Connection": "close"}, timeout=30)


def sign_up(base: str, name: str) -> httpx.Cookies:
    with httpx.Client(base_url=base, timeout=30) as c:
        r = c.post("/api/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        return c.cookies


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    proc = start(db_url, port, tmp_path / "serve.log")
    try:
        yield f"http://127.0.0.1:{port}", proc
    finally:
        stop(proc)


def test_two_workers_behind_one_port_serve_one_game_alike(
    server: tuple[str, subprocess.Popen[bytes]],
) -> None:
    base, proc = server
    workers = workers_of(proc)
    assert len(workers) == 2
    before = {pid: cpu_ticks(pid) for pid in workers}
    client = fresh(base, sign_up(base, "alice"))
    r = client.post("/api/games", json={"title": "crusader-rex", "seats": HOTSEAT})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    url = base.replace("http://", "ws://", 1) + f"/api/games/{gid}/ws"
    headers = {"Cookie": f"outremer_session={client.cookies['outremer_session']}"}
    with connect(url, additional_headers=headers, proxy=None, max_size=2**24, ping_interval=None) as ws:
        seen = json.loads(ws.recv(timeout=30))["game"]["version"]
        for version in range(12):
            game = client.get(f"/api/games/{gid}").json()
            assert game["version"] == version
            role, action = game["active_roles"][0], game["legal_actions"][0]["action"]
            r = client.post(
                f"/api/games/{gid}/action", json={"role": role, "action": action, "version": version}
            )
            assert r.status_code == 200, r.text
            assert r.json()["version"] == version + 1
            # Whichever worker answers next has the action: the same version, view and log.
            answers = [client.get(f"/api/games/{gid}", params={"role": role}).json() for _ in range(4)]
            for answer in answers:
                assert answer["version"] == version + 1
                assert answer["view"] == answers[0]["view"] and answer["log"] == answers[0]["log"]
                assert answer["legal_actions"] == answers[0]["legal_actions"]
            # The version just spent is refused by either worker, and nothing changes.
            again = answers[0]["legal_actions"]
            if again:
                for _ in range(2):
                    stale = client.post(
                        f"/api/games/{gid}/action",
                        json={"role": role, "action": again[0]["action"], "version": version},
                    )
                    assert stale.status_code == 409, stale.text
            assert client.get(f"/api/games/{gid}").json()["version"] == version + 1
        # The websocket, held by one worker, follows every action, also those stored by the other.
        deadline = time.monotonic() + 30
        while seen < 12 and time.monotonic() < deadline:
            seen = json.loads(ws.recv(timeout=30))["game"]["version"]
        assert seen == 12
    client.close()
    # Both workers served: each spent CPU on these requests. An idle worker spends about 2 ticks in
    # 10 s (the supervisor's health checks); the kernel hands connections to whichever worker
    # accepts first, so one may serve few of the 80-odd requests: 8 ticks tells it served some.
    assert workers_of(proc) == workers  # neither died
    assert all(cpu_ticks(pid) - before[pid] >= 8 for pid in workers), {
        pid: cpu_ticks(pid) - before[pid] for pid in workers
    }


def play(base: str, cookies: httpx.Cookies, gid: int, acked: list[Any], halt: threading.Event) -> None:
    """Act in game ``gid`` until the server dies or ``halt``: each acknowledged action is appended
    to ``acked`` as (number, role, action) once its 200 has arrived."""
    with fresh(base, cookies) as client:
        while not halt.is_set():
            try:
                game = client.get(f"/api/games/{gid}").json()
                if not game["legal_actions"]:
                    return
                role, action = game["active_roles"][0], game["legal_actions"][0]["action"]
                body = {"role": role, "action": action, "version": game["version"]}
                r = client.post(f"/api/games/{gid}/action", json=body)
            except (httpx.HTTPError, ValueError):
                return  # the server is gone
            if r.status_code == 200:
                acked.append((r.json()["version"], role, r.json()["accepted"]))


def test_sigkill_of_every_worker_under_load_loses_no_acknowledged_action(db_url: str, tmp_path: Path) -> None:
    database = db_url  # the server's processes die, not the database's (PostgreSQL's stays up)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(database, port, tmp_path / "serve.log")
    halt = threading.Event()
    try:
        cookies = sign_up(base, "alice")
        with fresh(base, cookies) as client:
            gids = [
                client.post("/api/games", json={"title": "crusader-rex", "seats": HOTSEAT}).json()["id"]
                for _ in range(4)
            ]
        acked: dict[int, list[Any]] = {gid: [] for gid in gids}
        players = [
            threading.Thread(target=play, args=(base, cookies, gid, acked[gid], halt), daemon=True)
            for gid in gids
        ]
        for t in players:
            t.start()
        deadline = time.monotonic() + 120
        while sum(map(len, acked.values())) < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
        kill(proc)  # requests in flight: some stored and not acknowledged, none acknowledged and lost
        halt.set()
        for t in players:
            t.join(60)
    finally:
        halt.set()
        kill(proc)
    assert sum(map(len, acked.values())) >= 40
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            for gid, mine in acked.items():
                rows = conn.execute(
                    select(ActionRow.n, ActionRow.role, ActionRow.action)
                    .where(ActionRow.game_id == gid)
                    .order_by(ActionRow.n)
                ).all()
                stored = [(n, role, json.loads(action)) for n, role, action in rows]
                assert [n for n, _, _ in stored] == list(range(1, len(stored) + 1))  # no gap
                assert stored[: len(mine)] == mine  # every acknowledged action, in its place
                assert len(stored) <= len(mine) + 1  # at most the one in flight besides
    finally:
        engine.dispose()
    proc = start(database, port, tmp_path / "serve.log")
    try:
        with fresh(base, cookies) as client:
            for gid, mine in acked.items():
                game = client.get(f"/api/games/{gid}").json()
                assert game["version"] >= len(mine)
                r = client.post(
                    f"/api/games/{gid}/action",
                    json={
                        "role": game["active_roles"][0],
                        "action": game["legal_actions"][0]["action"],
                        "version": game["version"],
                    },
                )
                assert r.status_code == 200, r.text  # each game plays on
    finally:
        stop(proc)
