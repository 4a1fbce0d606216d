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
    click.echo(f"Outremer on http://{host}:{port}/ (database {database})", err=True)
    uvicorn.run(create_app(database), host=host, port=port, log_level="info")
