"""PostgreSQL only: every change to a game's rows notifies the channel :data:`CHANNEL` with the
game's id, so that server processes learn of each other's changes by ``LISTEN`` instead of polling
(``watch.py``). Triggers after an update of ``games`` (an action or undo touches its row; its status
changes), an insert or delete of ``actions``, an update of ``seats`` (a seat taken). The notice goes
out when the transaction commits, never for one rolled back, and one transaction's notices of one
game are delivered once. Installed by revision 0004, and on a new database with its tables.
"""

from __future__ import annotations

from sqlalchemy import Connection

CHANNEL = "outremer_games"

INSTALL = [
    f"""
    CREATE OR REPLACE FUNCTION outremer_notify_game() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_TABLE_NAME = 'games' THEN
            PERFORM pg_notify('{CHANNEL}', NEW.id::text);
        ELSIF TG_OP = 'DELETE' THEN
            PERFORM pg_notify('{CHANNEL}', OLD.game_id::text);
        ELSE
            PERFORM pg_notify('{CHANNEL}', NEW.game_id::text);
        END IF;
        RETURN NULL;
    END
    $$
    """,
    "CREATE TRIGGER outremer_notify_games AFTER UPDATE ON games "
    "FOR EACH ROW EXECUTE FUNCTION outremer_notify_game()",
    "CREATE TRIGGER outremer_notify_actions AFTER INSERT OR DELETE ON actions "
    "FOR EACH ROW EXECUTE FUNCTION outremer_notify_game()",
    "CREATE TRIGGER outremer_notify_seats AFTER UPDATE ON seats "
    "FOR EACH ROW EXECUTE FUNCTION outremer_notify_game()",
]

REMOVE = [
    "DROP TRIGGER IF EXISTS outremer_notify_seats ON seats",
    "DROP TRIGGER IF EXISTS outremer_notify_actions ON actions",
    "DROP TRIGGER IF EXISTS outremer_notify_games ON games",
    "DROP FUNCTION IF EXISTS outremer_notify_game()",
]


def install(conn: Connection) -> None:
    """Make the triggers (PostgreSQL; nothing on another database)."""
    if conn.dialect.name == "postgresql":
        for statement in INSTALL:
            conn.exec_driver_sql(statement)


def remove(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        for statement in REMOVE:
            conn.exec_driver_sql(statement)
