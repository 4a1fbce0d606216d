"""Alembic's environment: migrations run on the connection :func:`outremer.server.migrations.upgrade`
hands over, inside its transaction."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
