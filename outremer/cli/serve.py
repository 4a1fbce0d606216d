"""``outremer serve``: run the web server (accounts, lobby, games, live updates, bots)."""

from __future__ import annotations

from pathlib import Path

import click

DEFAULT_FOLDER = Path("data")
DEFAULT_URL = f"sqlite:///{DEFAULT_FOLDER}/outremer.db"  # the same default as outremer.server.db
DEFAULT_LIVE_GAMES = 256  # the same default as outremer.server.store
DEFAULT_BOT_PROCESSES = 2  # the same default as outremer.server.bots
DEFAULT_WATCH_INTERVAL = 0.5  # the same default as outremer.server.watch
COOKIE_SETTINGS = ("auto", "always", "never")  # the same as outremer.server.workers.COOKIES


database_option = click.option(
    "--database",
    default=DEFAULT_URL,
    show_default=True,
    envvar="OUTREMER_DATABASE",
    show_envvar=True,
    help="Database URL: sqlite:///FILE, or postgresql+psycopg://USER:PASS@HOST/DB.",
)
"""The database's option, as ``outremer serve`` and ``outremer db upgrade`` take it."""


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    envvar="OUTREMER_HOST",
    show_envvar=True,
    help="Address to listen on.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=int,
    envvar="OUTREMER_PORT",
    show_envvar=True,
    help="Port to listen on.",
)
@database_option
@click.option(
    "--live-games",
    default=DEFAULT_LIVE_GAMES,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="OUTREMER_LIVE_GAMES",
    show_envvar=True,
    help="Games kept in memory; beyond that the one used longest ago is rebuilt from the database "
    "when next used.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="OUTREMER_WORKERS",
    show_envvar=True,
    help="Server processes behind the one port, sharing the database (SQLite or PostgreSQL).",
)
@click.option(
    "--bot-processes",
    default=DEFAULT_BOT_PROCESSES,
    show_default=True,
    type=click.IntRange(min=1),
    envvar="OUTREMER_BOT_PROCESSES",
    show_envvar=True,
    help="Processes the bots think in, for each server process (docs/bots.md).",
)
@click.option(
    "--watch-interval",
    default=DEFAULT_WATCH_INTERVAL,
    show_default=True,
    type=click.FloatRange(min=0.01, max=60),
    envvar="OUTREMER_WATCH_INTERVAL",
    show_envvar=True,
    help="Seconds between looks in a SQLite database for changes made by other processes, while a "
    "live page is open (PostgreSQL is told of them at once).",
)
@click.option(
    "--secure-cookies",
    default="auto",
    show_default=True,
    type=click.Choice(COOKIE_SETTINGS),
    envvar="OUTREMER_SECURE_COOKIES",
    show_envvar=True,
    help="Mark session cookies Secure (HTTPS only): auto does unless the page is served over http "
    "on loopback; always suits a server behind a proxy that ends TLS.",
)
@click.option(
    "--access-log/--no-access-log",
    default=False,
    show_default=True,
    envvar="OUTREMER_ACCESS_LOG",
    show_envvar=True,
    help="Log a line for every request (the per-route counts and latencies are at /api/metrics either way).",
)
def serve_command(
    host: str,
    port: int,
    database: str,
    live_games: int,
    workers: int,
    bot_processes: int,
    watch_interval: float,
    secure_cookies: str,
    access_log: bool,
) -> None:
    """Serve Outremer over HTTP: the API at /api, documented at /openapi.json. Every option may
    also be set from the environment variable shown beside it; a flag wins over the variable."""
    from ..server.auth import CHEAP_HASHES, cheap_hashes
    from ..server.migrations import NewerSchema
    from ..server.workers import serve

    if database == DEFAULT_URL:
        DEFAULT_FOLDER.mkdir(exist_ok=True)
    many = f", {workers} worker processes" if workers > 1 else ""
    click.echo(f"Outremer on http://{host}:{port}/ (database {shown_url(database)}{many})", err=True)
    if cheap_hashes():
        click.echo(f"Warning: {CHEAP_HASHES} is set, a setting for tests: weak password hashes", err=True)
    try:
        serve(
            host,
            port,
            database,
            live_games=live_games,
            workers=workers,
            bot_processes=bot_processes,
            watch_interval=watch_interval,
            secure_cookies=secure_cookies,
            access_log=access_log,
        )
    except NewerSchema as exc:  # a database a newer release upgraded: refused, left as it is
        raise click.ClickException(str(exc)) from exc


def shown_url(database: str) -> str:
    """The database URL as it may be printed: its password masked (SQLAlchemy's rendering), also
    one given as a query parameter (``?password=``, which libpq reads); a URL SQLAlchemy cannot
    read is refused, without echoing it."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(database)
    except ArgumentError as exc:
        raise click.BadParameter(
            "not a database URL: give sqlite:///FILE or postgresql+psycopg://USER:PASS@HOST/DB",
            param_hint="--database",
        ) from exc
    query = {key: "***" if "password" in key.lower() else value for key, value in url.query.items()}
    return url.set(query=query).render_as_string(hide_password=True)
