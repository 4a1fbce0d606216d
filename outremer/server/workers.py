"""Serving: one process, or ``workers`` processes behind one port (``outremer serve --workers N``).

With several workers, uvicorn's supervisor binds the port once and starts each worker as a fresh
process, which builds its own app with :func:`app_from_environment` (the settings reach it through
the environment: :data:`ENV_DATABASE`, :data:`ENV_LIVE_GAMES`, :data:`ENV_BOT_PROCESSES`,
:data:`ENV_WATCH_INTERVAL`, :data:`ENV_SECURE_COOKIES`); the
kernel hands each connection to one of them, and the supervisor starts a worker again if one dies.
The workers share nothing but the database (SQLite in WAL mode, or PostgreSQL), which keeps them
consistent exactly as it keeps any processes on one database (``store.py``: every read and write
checks the stored actions; ``watch.py``: a websocket learns of changes made through another
worker). The database is brought to the current schema once, before the workers start.
"""

from __future__ import annotations

import os

import uvicorn
from fastapi import FastAPI

from . import app
from .bots import DEFAULT_PROCESSES
from .db import DEFAULT_URL, Database
from .store import DEFAULT_LIVE_GAMES
from .watch import DEFAULT_INTERVAL

ENV_DATABASE = "OUTREMER_DATABASE"
ENV_LIVE_GAMES = "OUTREMER_LIVE_GAMES"
ENV_BOT_PROCESSES = "OUTREMER_BOT_PROCESSES"
ENV_WATCH_INTERVAL = "OUTREMER_WATCH_INTERVAL"
ENV_SECURE_COOKIES = "OUTREMER_SECURE_COOKIES"
COOKIES = {"auto": None, "always": True, "never": False}
"""The settings of the cookies' ``Secure`` mark (``outremer serve --secure-cookies``, and
:data:`ENV_SECURE_COOKIES`), as the app takes them: auto marks them unless the page is served over
http on loopback."""

HEALTHCHECK = 30
"""Seconds a worker may take to answer the supervisor before it is taken for hung and replaced:
uvicorn's 5 took a worker still importing on a loaded machine for hung."""


def app_from_environment() -> FastAPI:
    """A worker's app (uvicorn's factory): the database, the games kept in memory, the bot
    processes, the watch interval and the cookies' setting from the environment, as ``outremer
    serve`` set them."""
    return app.create_app(
        os.environ.get(ENV_DATABASE, DEFAULT_URL),
        live_games=int(os.environ.get(ENV_LIVE_GAMES, DEFAULT_LIVE_GAMES)),
        bot_workers=int(os.environ.get(ENV_BOT_PROCESSES, DEFAULT_PROCESSES)),
        watch_interval=float(os.environ.get(ENV_WATCH_INTERVAL, DEFAULT_INTERVAL)),
        secure_cookies=COOKIES[os.environ.get(ENV_SECURE_COOKIES, "auto")],
    )


def serve(
    host: str,
    port: int,
    database: str,
    *,
    live_games: int,
    workers: int = 1,
    bot_processes: int = DEFAULT_PROCESSES,
    watch_interval: float = DEFAULT_INTERVAL,
    secure_cookies: str = "auto",
    access_log: bool = False,
) -> None:
    """Serve on ``host:port`` until stopped: in this process (``workers`` 1), or in ``workers``
    processes sharing the port and the database; each with ``bot_processes`` bot processes, looking
    for other processes' changes every ``watch_interval`` seconds (SQLite), its session cookies
    ``Secure`` as the setting ``secure_cookies`` names (:data:`COOKIES`); a line logged
    for each request if ``access_log``."""
    if workers < 1:
        raise ValueError(f"a server has at least one worker, not {workers}")
    if workers == 1:
        served = app.create_app(
            database,
            live_games=live_games,
            bot_workers=bot_processes,
            watch_interval=watch_interval,
            secure_cookies=COOKIES[secure_cookies],
        )
        uvicorn.run(served, host=host, port=port, log_level="info", access_log=access_log)
        return
    Database(database).close()  # the schema made or upgraded once, before any worker starts
    os.environ[ENV_DATABASE] = database
    os.environ[ENV_LIVE_GAMES] = str(live_games)
    os.environ[ENV_BOT_PROCESSES] = str(bot_processes)
    os.environ[ENV_WATCH_INTERVAL] = repr(watch_interval)
    os.environ[ENV_SECURE_COOKIES] = secure_cookies
    uvicorn.run(
        f"{__name__}:app_from_environment",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        timeout_worker_healthcheck=HEALTHCHECK,
    )
