"""``outremer db upgrade``: bring the web server's database to this version's schema (issue 19).

``outremer serve`` upgrades the database at start-up too; the command lets an operator do it on its
own (before starting several servers, or to see what a release will change) and says what it did.
"""

from __future__ import annotations

from pathlib import Path

import click

from .serve import database_option, shown_url


@click.group("db")
def db_group() -> None:
    """The web server's database."""


@db_group.command("upgrade")
@database_option
def upgrade_command(database: str) -> None:
    """Bring the database to this version's schema, keeping every game and account. A database
    upgraded by a newer Outremer is refused, unchanged."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import SQLAlchemyError

    from ..server.db import Database, make_engine
    from ..server.migrations import NewerSchema, revision_of, revisions

    shown = shown_url(database)  # refuses a URL that is not one, without echoing it
    url = make_url(database)
    if url.get_backend_name() == "sqlite" and not Path(url.database or "").is_file():
        raise click.ClickException(f"no database at {shown}: `outremer serve` makes a new one")
    try:
        engine = make_engine(database)
        try:
            with engine.connect() as conn:
                before = revision_of(conn)
        finally:
            engine.dispose()
        Database(database).close()
    except NewerSchema as exc:
        raise click.ClickException(str(exc)) from exc
    except SQLAlchemyError as exc:
        raise click.ClickException(f"cannot open {shown}: {type(exc).__name__}") from exc
    head = revisions()[-1]
    if before == head:
        click.echo(f"{shown}: already at schema revision {head}")
    else:
        click.echo(f"{shown}: schema revision {before or 'before the migrations'} -> {head}")
