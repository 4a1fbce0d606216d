"""A page outlives its server: when ``outremer serve`` is stopped and started again on the same
database, the page reconnects by itself and shows what happened meanwhile."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import httpx

from ..server.test_serve import free_port, start
from .conftest import PASSWORD, errors_of, register, shot
from .test_play import DESKTOP


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(10)


def test_the_page_reconnects_after_a_server_restart(browser: Any, tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "restart.db"
    base = f"http://127.0.0.1:{port}"
    proc = start(f"sqlite:///{db}", port, tmp_path / "serve.log")
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
        proc = start(f"sqlite:///{db}", port, tmp_path / "serve.log")
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
