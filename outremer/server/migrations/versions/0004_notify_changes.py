"""PostgreSQL: a change to a game's rows notifies the other server processes (``LISTEN``/``NOTIFY``,
see ``migrations/notify.py``); they no longer poll for changes. No table changes; nothing on SQLite.
"""

from __future__ import annotations

from alembic import op

from outremer.server.migrations import notify

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    notify.install(op.get_bind())


def downgrade() -> None:
    notify.remove(op.get_bind())
