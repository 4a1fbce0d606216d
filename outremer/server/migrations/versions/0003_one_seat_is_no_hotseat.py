"""A creator's only person seat is a person's seat, not a hotseat one.

Before this revision every seat a game's creator took was stored as ``hotseat``, also when it was
their one seat against bots or invited people. ``hotseat`` now means one of several seats held at one
keyboard: each ``hotseat`` seat that is the only one of its game becomes ``person`` (held by its
creator, so not open). No schema change.
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "UPDATE seats SET kind = 'person' WHERE kind = 'hotseat' AND "
        "(SELECT count(*) FROM seats AS other WHERE other.game_id = seats.game_id "
        "AND other.kind = 'hotseat') = 1"
    )


def downgrade() -> None:
    op.execute(
        "UPDATE seats SET kind = 'hotseat' WHERE kind = 'person' AND user_id IS NOT NULL AND "
        "invite_token IS NULL"
    )
