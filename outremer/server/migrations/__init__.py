"""The database schema's migrations (Alembic), run at start-up by :func:`upgrade`.

A new database gets every table from the models (``create_all``) and is marked as at the latest
revision. A database made before the migrations existed (tables, no ``alembic_version``) is marked as
at the baseline revision, the schema ``create_all`` made then, and upgraded from there. One process
migrates at a time: PostgreSQL takes an advisory lock, SQLite its write lock (``BEGIN IMMEDIATE``),
and on SQLite the whole migration is one transaction, DDL included.

A schema change is a new file in ``versions/`` (``script.py.mako`` is its template) whose
``down_revision`` is the latest revision, with the models in ``db.py`` changed to match. A database
at a revision these scripts do not know was upgraded by a newer Outremer: it is refused
(:class:`NewerSchema`), and nothing in it is touched.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, MetaData, inspect, text

from . import notify

HERE = Path(__file__).resolve().parent
BASELINE = "0001"
"""The schema as ``create_all`` made it before the migrations: integer ids and seeds."""

LOCK_KEY = 0x6F75747265  # any fixed number: the advisory lock all Outremer servers agree on


class NewerSchema(RuntimeError):
    """The database is at a schema revision this version of Outremer does not know."""


def revisions() -> list[str]:
    """The revisions these scripts know, the oldest first (the last is the head)."""
    return [r.revision for r in reversed(list(ScriptDirectory(str(HERE)).walk_revisions()))]


def revision_of(conn: Connection) -> str | None:
    """The revision the database on ``conn`` is marked as at; None: not marked (new, or made
    before the migrations)."""
    if "alembic_version" not in inspect(conn).get_table_names():
        return None
    return conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one_or_none()


def config(connection: Connection) -> Config:
    """An Alembic configuration on ``connection`` (no ``alembic.ini``: the scripts are here)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, metadata: MetaData) -> None:
    """Bring the database at ``engine`` to the latest schema (``metadata``'s), keeping its data."""
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        dbapi = conn.connection.dbapi_connection
        if sqlite:
            # A table rebuilt by a migration is dropped: with foreign keys on, dropping ``games``
            # would delete every seat and action. The pragma only takes effect outside a transaction.
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
            dbapi.isolation_level = None  # type: ignore[union-attr]  # BEGIN is ours, DDL inside it
        try:
            with conn.begin():
                if sqlite:
                    conn.exec_driver_sql("BEGIN IMMEDIATE")
                else:
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
                _upgrade(conn, metadata)
        finally:
            if sqlite:
                dbapi.isolation_level = ""  # type: ignore[union-attr]
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


def _upgrade(conn: Connection, metadata: MetaData) -> None:
    tables = set(inspect(conn).get_table_names())
    cfg = config(conn)
    known = revisions()
    if (current := revision_of(conn)) is not None and current not in known:
        raise NewerSchema(
            f"the database is at schema revision {current!r}, which this version of Outremer does "
            f"not know (it knows up to {known[-1]!r}): a newer Outremer upgraded it. Run that "
            "version, or a copy of the database from before the upgrade; nothing was changed."
        )
    if "alembic_version" not in tables:
        if "games" not in tables:  # a new database
            metadata.create_all(conn)
            notify.install(conn)  # what the models do not hold (PostgreSQL's triggers)
            command.stamp(cfg, "head")
            return
        command.stamp(cfg, BASELINE)
    command.upgrade(cfg, "head")
