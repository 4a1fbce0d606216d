"""``outremer serve``: run the web server (accounts, lobby, games, live updates, bots)."""

from __future__ import annotations

from pathlib import Path

import click

DEFAULT_FOLDER = Path("data")
DEFAULT_URL = f"sqlite:///{DEFAULT_FOLDER}/outremer.db"  # the same default as outremer.server.db


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--database",
    default=DEFAULT_URL,
    show_default=True,
    help="Database URL: sqlite:///FILE, or postgresql+psycopg://USER:PASS@HOST/DB (driver installed).",
)
def serve_command(host: str, port: int, database: str) -> None:
    """Serve Outremer over HTTP: the API at /api, documented at /openapi.json."""
    import uvicorn

    from ..server.app import create_app

    if database == DEFAULT_URL:
        DEFAULT_FOLDER.mkdir(exist_ok=True)
    click.echo(f"Outremer on http://{host}:{port}/ (database {shown_url(database)})", err=True)
    uvicorn.run(create_app(database), host=host, port=port, log_level="info")


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
