"""``outremer serve`` in a real process: killed with SIGKILL right after an action is acknowledged,
then restarted on the same database, it has every acknowledged action."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .conftest import PASSWORD


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


STARTUP = 90.0
"""Seconds a server may take to answer: a loaded two-core machine running the suite on both cores
has taken over 20 (a server that exits before is reported at once, with its log)."""


def start(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``outremer serve`` on ``port`` with the database at URL ``database``, its stderr (errors, bot
    failures) to ``log``, once it answers."""
    cmd = [sys.executable, "-m", "outremer.cli.main", "serve", "--port", str(port), "--database", database]
    with log.open("ab") as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/titles", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"the server did not start: {log.read_text()[-2000:]}")


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db, port = tmp_path / "serve.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(f"sqlite:///{db}", port, tmp_path / "serve.log")
    try:
        client = httpx.Client(base_url=base)
        assert client.post("/api/register", json={"name": "alice", "password": PASSWORD}).status_code == 201
        seats = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "me"}]
        game = client.post("/api/games", json={"title": "crusader-rex", "seed": 5, "seats": seats}).json()
        gid = game["id"]
        for _ in range(5):
            role = game["active_roles"][0]
            r = client.post(
                f"/api/games/{gid}/action", json={"role": role, "action": game["legal_actions"][0]["action"]}
            )
            assert r.status_code == 200, r.text
            game = r.json()["game"]
        acknowledged = r.json()["version"]
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: as if the machine died
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    proc = start(f"sqlite:///{db}", port, tmp_path / "serve.log")
    try:
        client = httpx.Client(base_url=base)
        assert client.post("/api/login", json={"name": "alice", "password": PASSWORD}).status_code == 200
        again = client.get(f"/api/games/{gid}", params={"role": game["role"]}).json()
        assert again["version"] == acknowledged and again["view"] == game["view"]
    finally:
        proc.terminate()
        proc.wait(10)
