"""64-bit ids and counters; seeds of up to 128 bits, stored as decimal text; each game's generator.

PostgreSQL: the id and counter columns become BIGINT and the id sequences ``AS bigint``; ``seed``
becomes text. SQLite: its INTEGER is already 64-bit; ``games`` is rebuilt (batch mode) with ``seed``
as text, each stored seed cast to its decimal digits. Both: ``games.generator`` names the random
generator its seed seeds (``engine.rng``); every game stored before is ``splitmix64``'s.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

ID_COLUMNS = {
    "users": ["id"],
    "sessions": ["user_id"],
    "games": ["id", "created_by"],
    "seats": ["id", "game_id", "user_id"],
    "actions": ["id", "game_id", "n", "user_id"],
}
SEQUENCES = ["users", "games", "seats", "actions"]  # their ``id`` draws from a sequence
LEGACY = "splitmix64"  # engine.rng.LEGACY, as it was named when this revision was written


def upgrade() -> None:
    generator = sa.Column("generator", sa.String(16), nullable=False, server_default=LEGACY)
    if op.get_context().dialect.name == "postgresql":
        for table, columns in ID_COLUMNS.items():
            for column in columns:
                op.alter_column(table, column, type_=sa.BigInteger(), existing_type=sa.Integer())
        for table in SEQUENCES:
            sequence = op.get_bind().execute(sa.text(f"SELECT pg_get_serial_sequence('{table}', 'id')"))
            op.execute(f"ALTER SEQUENCE {sequence.scalar_one()} AS bigint")
        op.alter_column(
            "games", "seed", type_=sa.String(48), existing_type=sa.Integer(), postgresql_using="seed::text"
        )
        op.add_column("games", generator)
        op.alter_column("games", "generator", server_default=None, existing_type=sa.String(16))
        return
    with op.batch_alter_table("games", recreate="always") as batch:  # the rows copied get LEGACY
        batch.alter_column("seed", type_=sa.String(48), existing_type=sa.Integer())
        batch.add_column(generator)
    with op.batch_alter_table("games", recreate="always") as batch:  # new rows always name theirs
        batch.alter_column("generator", server_default=None, existing_type=sa.String(16))


def downgrade() -> None:
    raise NotImplementedError("a 128-bit seed fits no integer column: restore a backup instead")
