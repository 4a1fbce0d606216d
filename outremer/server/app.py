"""The web application: ``create_app(database_url)`` wires database, games, bots and routes."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..engine.errors import UnknownGame
from ..engine.registry import get_game, titles
from . import api, operations, summary, ws
from .bodylimit import BodyLimit
from .bots import DEFAULT_PROCESSES, BotRunner
from .context import Context
from .db import ACTIVE, DEFAULT_URL, Database, GameRow
from .facts import Facts
from .guard import CrossSiteGuard
from .hub import Hub
from .inputs import ECHO, clip, problems
from .limits import Limiter
from .metrics import Timing
from .store import DEFAULT_LIVE_GAMES, Store
from .watch import DEFAULT_INTERVAL, Watcher

MESSAGE = 2 * ECHO
"""The longest error message: ours are short, so what it cuts is an echo of the client's input."""

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
"""The browser client: plain ES modules, HTML and CSS, no build step."""

log = logging.getLogger("outremer.server.app")


def create_app(
    database_url: str = DEFAULT_URL,
    *,
    secure_cookies: bool | None = None,
    bot_workers: int = DEFAULT_PROCESSES,
    limiter: Limiter | None = None,
    trusted_origins: Iterable[str] = (),
    watch_interval: float | None = DEFAULT_INTERVAL,
    test_seeds: bool = False,
    live_games: int = DEFAULT_LIVE_GAMES,
) -> FastAPI:
    """The Outremer web app on the database at ``database_url`` (tables made if missing).

    ``secure_cookies``: None gives session cookies ``Secure`` unless served over http on loopback.
    ``limiter``: the sign-in and registration limits (default ``Limiter()``: see ``limits.Limits``).
    ``trusted_origins``: origins besides the request's own from which unsafe requests and
    WebSockets are accepted (see ``guard.py``).
    ``watch_interval``: while a websocket is open, how often (seconds) to look in the database for
    changes made by other processes (``watch.py``); None: never (one process alone on its database).
    ``test_seeds``: for test harnesses only, which build known hands and dice with it: accept a seed
    chosen by the creator of any game, also one another person sits in (otherwise refused: the seed
    decides every hidden card and die). No command, setting or request of the server turns it on.
    ``bot_workers``: how many processes the bots think in (``bots.py``).
    ``live_games``: how many games are kept in memory; the one used longest ago is let go beyond
    that, and rebuilt from the database when next used (``store.Store``).
    """
    db = Database(database_url)
    store = Store(db, live_games)
    hub = Hub()
    runner = BotRunner(store, hub.notify, processes=bot_workers)
    watcher = None
    if watch_interval is not None:
        watcher = Watcher(db, hub, watch_interval, on_change=runner.kick)
        hub.on_subscribe = watcher.ensure_running
    ctx = Context(
        db=db,
        facts=Facts(db),
        store=store,
        hub=hub,
        bots=runner,
        secure_cookies=secure_cookies,
        limiter=limiter or Limiter(),
        test_seeds=test_seeds,
    )
    ctx.watcher = watcher

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        load_titles()
        resume_bots(ctx)
        yield
        ctx.close()

    app = FastAPI(
        title="Outremer",
        version="0.1.0",
        summary="Board wargames of the Crusades, rules enforced: accounts, lobby, play, spectate, replay.",
        description=ws.DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.ctx = ctx
    app.add_middleware(BodyLimit)
    app.add_middleware(CrossSiteGuard, trusted_origins=tuple(trusted_origins))
    app.add_middleware(Timing, metrics=ctx.metrics)  # the outermost: it times every request
    app.include_router(api.router)
    app.include_router(ws.router)
    app.include_router(summary.router)
    app.include_router(operations.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        """The browser client: one page, routed by the URL's fragment (#/game/12)."""
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = clip(str(exc.detail), MESSAGE)
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> JSONResponse:
        """A safety net only (the error is still logged): no request should get here."""
        return JSONResponse({"error": "internal error: the server failed to answer this request"}, 500)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors: list[Any] = list(exc.errors())
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        message = (
            f"malformed request: {where}: {first.get('msg', 'invalid')}" if first else "malformed request"
        )
        return JSONResponse({"error": clip(message, MESSAGE), "detail": problems(errors)}, status_code=422)

    return app


def load_titles() -> None:
    """Import every installed title before the first request, so that no player's request waits
    for one (about 1.6 s for the five, most of it Kingdom of Heaven's data pack). A title that fails
    to load is logged and skipped: the others are served, and asking for it says why (404)."""
    for slug in titles():
        try:
            get_game(slug)
        except UnknownGame as exc:
            log.warning("title %s is not available: %s", slug, exc)


def resume_bots(ctx: Context) -> None:
    """After a restart, let the bots of every game under way take their turns."""
    with ctx.db.session() as s:
        ids = list(s.execute(select(GameRow.id).where(GameRow.status == ACTIVE)).scalars())
    for game_id in ids:
        try:
            ctx.bots.kick(game_id)
        except HTTPException:
            continue
