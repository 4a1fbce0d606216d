"""A page outlives its server: when ``outremer serve`` is stopped and started again on the same
database, the page reconnects by itself and shows what happened meanwhile."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from .conftest import PASSWORD, _free_port, errors_of, register, shot
from .test_play import DESKTOP


def serve(port: int, db: Path, log: Path) -> subprocess.Popen[bytes]:
    cmd = [
        sys.executable,
        "-m",
        "outremer.cli.main",
        "serve",
        "--port",
        str(port),
        "--database",
        f"sqlite:///{db}",
    ]
    proc = subprocess.Popen(cmd, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/titles", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("outremer serve did not start: " + log.read_text())


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(10)


def test_the_page_reconnects_after_a_server_restart(browser: Any, tmp_path: Path) -> None:
    port, db, log = _free_port(), tmp_path / "restart.db", tmp_path / "serve.log"
    base = f"http://127.0.0.1:{port}"
    proc = serve(port, db, log)
    try:
        page = browser.new_context(viewport=DESKTOP).new_page()
        errors = errors_of(page)
        register(page, base, "pilgrim")
        page.click("#new-game")
        page.wait_for_selector("#new-game-form")
        page.select_option("#title", "crusader-rex")
        page.select_option("#seat-Franks", "me")
        page.select_option("#seat-Saracens", "me")
        page.click("#create")
        page.wait_for_selector("#game[data-version='0'] #conn[data-state='live']")
        game_id = int(page.get_attribute("#game", "data-game"))

        stop(proc)
        page.wait_for_selector("#conn[data-state='reconnecting']")
        proc = serve(port, db, log)
        page.wait_for_selector("#conn[data-state='live']", timeout=30000)

        # Another client (the same person, elsewhere) acts through the restarted server: the page
        # follows over its new websocket.
        other = httpx.Client(base_url=base, timeout=10)
        assert other.post("/api/login", json={"name": "pilgrim", "password": PASSWORD}).status_code == 200
        game = other.get(f"/api/games/{game_id}", params={"role": "Franks"}).json()
        r = other.post(
            f"/api/games/{game_id}/action", json={"role": "Franks", "action": ["done"], "version": 0}
        )
        assert r.status_code == 200, r.text
        assert game["version"] == 0
        page.wait_for_selector("#game[data-version='1']", timeout=15000)
        shot(page, "reconnected")
        assert not errors, errors
    finally:
        stop(proc)
