"""End-to-end tests: a real web server (uvicorn, in its own process) and Debian's Chromium driven by
Playwright.

Chromium is Debian's package (``/usr/bin/chromium``; ``make test`` installs it), never a browser
downloaded by ``playwright install``. Run by hand without it, these tests skip; under ``make test``
(``OUTREMER_REQUIRE_BROWSER`` set) they fail. Screenshots go to ``artifacts/screenshots/``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from outremer.engine import Game, Position, Record

CHROMIUM = os.environ.get("OUTREMER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
PASSWORD = "correct horse battery"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the browser tests, and keep each module's on one worker (``--dist loadgroup``), where
    they share the module's server and browser."""
    for item in items:
        path = str(item.fspath).replace(os.sep, "/")
        if "tests/e2e/" in path:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.xdist_group(path.rsplit("/", 1)[-1]))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


# The app as ``outremer serve`` runs it, but with ``test_seeds``: these tests build known hands from a
# seed, also in games with two people, which the server refuses to anyone else (test_seeds.py).
SERVE = """
import sys, uvicorn
from outremer.server.app import create_app
uvicorn.run(create_app(sys.argv[2], test_seeds=True), host="127.0.0.1", port=int(sys.argv[1]))
"""


@contextlib.contextmanager
def serving(folder: Path, script: str = SERVE) -> Iterator[str]:
    """The web server (``script``, run with the port and the database address as its arguments,
    from the repository's root) in its own process on a free loopback port and a fresh SQLite file
    in ``folder``; yields its base address. A loaded machine may take a while to start it."""
    port = _free_port()
    log = (folder / "serve.log").open("wb")
    cmd = [sys.executable, "-c", script, str(port), f"sqlite:///{folder / 'e2e.db'}"]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/api/titles", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline or proc.poll() is not None:
                raise AssertionError("the server did not start: " + (folder / "serve.log").read_text())
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@contextlib.contextmanager
def launching() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (skipped without it, failed under ``make test``)."""
    if not Path(CHROMIUM).exists():
        why = f"no Chromium at {CHROMIUM}: `make test` installs Debian's package"
        if os.environ.get("OUTREMER_REQUIRE_BROWSER"):
            pytest.fail(why)
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web server in its own process on a free loopback port and a fresh SQLite file, one for
    a whole module: each test there opens its own games and registers names no other test of the
    module uses. A test that needs a server of its own (a restart) starts one with ``serving``."""
    with serving(tmp_path_factory.mktemp("server")) as base:
        yield base


@pytest.fixture(scope="module")
def module_browser() -> Iterator[Any]:
    """One browser for a whole module (each check opens its own context)."""
    with launching() as b:
        yield b


@pytest.fixture
def browser(module_browser: Any) -> Iterator[Any]:
    """The module's browser for one test: the contexts and pages the test opens are closed after
    it, so nothing of one test (a cookie, a page still polling) reaches the next."""
    before = set(module_browser.contexts)
    yield module_browser
    for ctx in module_browser.contexts:
        if ctx not in before:
            ctx.close()


@pytest.fixture(scope="module")
def signed_in(server: str, module_browser: Any) -> dict[str, Any]:
    """One account on the module's server, as a browser's storage state (its session cookie), for
    the module's pages to open in contexts of their own."""
    ctx = module_browser.new_context()
    try:
        created = ctx.request.post(f"{server}/api/register", data={"name": "reader", "password": PASSWORD})
        assert created.ok, created.text()
        state: dict[str, Any] = ctx.storage_state()
    finally:
        ctx.close()
    return state


def save_of(game: Game[Any], position: Position) -> dict[str, Any]:
    """The save file of ``game``'s ``position`` (Game.positions), for POST /api/games/import."""
    scenario, options = game.check_setup(position.scenario, position.options)
    return Record(game.slug, position.seed, scenario, options, list(position.actions)).to_json()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def register(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.click("#register")
    page.wait_for_selector("#my-games")


def new_game_form(page: Any, base: str, name: str, title: str | None = None) -> None:
    """Register ``name`` and open the new-game form, with ``title`` chosen if given (its seats drawn)."""
    register(page, base, name)
    page.click("#new-game")
    page.wait_for_selector("#new-game-form")
    if title is not None:
        page.select_option("#title", title)
        page.wait_for_selector(f"#new-game-form [data-title='{title}']")


SETTLED_BOXES = """async (selectors) => {
  const boxes = () => selectors.map((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  });
  window.scrollTo(0, 0);
  let last = JSON.stringify(boxes());
  for (let i = 0; i < 60; i++) {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const now = JSON.stringify(boxes());
    if (now === last) return JSON.parse(now);
    last = now;
  }
  throw new Error("the layout did not settle: " + last);
}"""


def settled_boxes(page: Any, *selectors: str) -> list[dict[str, float]]:
    """The boxes of ``selectors`` on the page scrolled to its top, all read in one frame once two
    frames running agree: a redraw or a poll between separate reads cannot mix two layouts."""
    boxes: list[dict[str, float] | None] = page.evaluate(SETTLED_BOXES, list(selectors))
    missing = [s for s, box in zip(selectors, boxes, strict=True) if box is None]
    assert not missing, f"not on the page: {missing}"
    return [box for box in boxes if box is not None]


def errors_of(page: Any) -> list[str]:
    """Collect uncaught page errors (a broken client fails the test)."""
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    return found
